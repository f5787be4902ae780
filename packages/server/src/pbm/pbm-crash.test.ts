/**
 * `kill -9` of the server while it carries out a move by mail, at points spread over the mail's handling, then a
 * restart and the same mail again (as the sending MTA retries a mail it got no answer to): the move is on the board
 * exactly once, wherever the kill fell — a mail's Message-ID is recorded in the transaction of its command's
 * outcome, never before it. The server runs as `tactica serve --smtp-port 0` in a child process (built code).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, stopTestPostgres, testPostgres, type DbKind } from '../testing/server.js';
import { smtpSend } from './testing.js';

const CLI = fileURLToPath(new URL('../../../cli/bin/tactica.js', import.meta.url));
const GW = 'pbm@pbm.example';
const PASSWORD = 'crash-password';

interface View {
  version: number;
  moves: string[];
  toAct: number[];
  legal: { notation: string }[];
}

afterAll(async () => {
  await stopTestPostgres();
});

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly smtp: number;
}

/** Starts `tactica serve` with its SMTP listener: its URL (stdout) and SMTP port (the mail line on stderr). */
function serve(dataDir: string, databaseUrl: string | undefined): Promise<Served> {
  const args = [
    CLI,
    'serve',
    '--port',
    '0',
    '--data',
    dataDir,
    '--smtp-port',
    '0',
    '--mail-domain',
    'pbm.example',
    ...(databaseUrl ? ['--db', databaseUrl] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${err}`)), 60_000);
    const ready = (): void => {
      const url = out.includes('\n') ? out.split('\n')[0]?.trim() : undefined;
      const smtp = /smtp:\/\/[^:]+:(\d+)/.exec(err)?.[1];
      if (url && smtp) {
        clearTimeout(timer);
        resolve({ child, url, smtp: Number(smtp) });
      }
    };
    child.stdout?.on('data', (d: Buffer) => {
      out += String(d);
      ready();
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += String(d);
      ready();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${err}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Sends a mail in plain SMTP and kills the server `delayMs` after the message's last line has gone. */
function sendAndKill(port: number, from: string, raw: string, child: ChildProcess, delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const steps = ['EHLO test.example', `MAIL FROM:<${from}>`, `RCPT TO:<${GW}>`, 'DATA', `${raw}\r\n.`];
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        buffer = buffer.replace(/^[\s\S]*?^\d{3} .*\r\n/m, '');
        const next = steps.shift();
        if (next === undefined) return;
        socket.write(`${next}\r\n`);
        if (steps.length === 0) setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

describe.each(DB_KINDS)('kill -9 during a move by mail on %s', (kind: DbKind) => {
  it('the move is carried out exactly once when the mail comes again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tactica-pbm-crash-'));
    const databaseUrl = kind === 'postgres' ? await (await testPostgres()).newDatabase() : undefined;
    try {
      let served = await serve(dataDir, databaseUrl);
      const names = [`cra${kind.slice(0, 2)}`, `crb${kind.slice(0, 2)}`];
      const players = await Promise.all(names.map((n) => new Client(served.url).signUp(n, PASSWORD)));
      const [a, b] = players as [Client, Client];
      const ch = await a.request<{ id: number }>('POST', '/api/challenges', {
        family: 'tactics',
        opponent: b.name,
        seat: '0',
      });
      const id = (await b.request<{ game: { id: number } }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game
        .id;
      // Kill points from "as the message ends" to well after a move's work (the password's hash included).
      for (const [round, delayMs] of [0, 15, 40, 80, 150, 250].entries()) {
        const watcher = new Client(served.url);
        const shown = (await watcher.request<View>('GET', `/api/games/${id}`)).body;
        const mover = players[shown.toAct[0] as number] as Client;
        const client = new Client(served.url);
        client.token = mover.token;
        const before = (await client.request<View>('GET', `/api/games/${id}`)).body;
        const move = before.legal[0]?.notation as string;
        const from = `${mover.name}@example.org`;
        const raw = [
          `From: ${from}`,
          `To: ${GW}`,
          `Message-ID: <crash-${kind}-${round}@example.org>`,
          `Subject: tactics move ${id} ${mover.name} ${PASSWORD} ${move}`,
          '',
          '',
        ].join('\r\n');
        await sendAndKill(served.smtp, from, raw, served.child, delayMs);
        await exited(served.child);
        served = await serve(dataDir, databaseUrl);
        // The MTA got no answer (or the answer was lost with the process): it sends the mail again, twice here.
        for (let i = 0; i < 2; i++) expect(await smtpSend(served.smtp, { from, to: GW }, raw)).toMatch(/^250/);
        const after = (await new Client(served.url).request<View>('GET', `/api/games/${id}`)).body;
        expect({ round, delayMs, moves: after.moves.length, version: after.version }).toEqual({
          round,
          delayMs,
          moves: before.moves.length + 1,
          version: before.version + 1,
        });
      }
      served.child.kill('SIGTERM');
      await exited(served.child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
