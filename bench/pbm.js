/* global fetch */
// The e-mail gateway under load: commands per second through its SMTP listener on loopback, end to end — each mail
// parsed, its command carried out (a move on a Tactics board) and its replies queued (written to the outbox) before
// the listener answers 250. Many boards at once; each board's two players mail their moves to their reply addresses
// (no password: the board's token), one SMTP connection per player kept open as an MTA would, moves chosen at random
// from the legal ones on the bench's own copy of the game. Prints commands/s and the latency of a mail (DATA to 250).
//
//   npm run bench:pbm                            SQLite, then PostgreSQL
//   node bench/pbm.js --db sqlite --boards 50 --seconds 20
//   node bench/pbm.js --data-dir /var/tmp          where the server's data folder (database, outbox) is made
//
// The data folder is made under bench/.data (removed after the run) unless --data-dir says otherwise: a folder of
// its own on the repository's disk, since on a shared machine whose /tmp holds tens of thousands of entries creating
// files there costs up to ten times more (bench/RESULTS.md).
//
// The server runs as a child process (bench/pbm-child.js); PostgreSQL is the tests' throwaway server.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng } from '@tactica/core';
import { tactics } from '@tactica/tactics';
import { flags } from './args.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = flags();
const BOARDS = Number(args.boards ?? 40);
const SECONDS = Number(args.seconds ?? 20);
const DBS = args.db ? [args.db] : ['sqlite', 'postgres'];
const DATA_PARENT = args['data-dir'] || join(here, '.data');

function startChild(dataDir, url) {
  const profile = args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : [];
  const child = spawn(process.execPath, [...profile, join(here, 'pbm-child.js'), dataDir, ...(url ? [url] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const lines = [];
    const waiters = [];
    child.stdout.on('data', (d) => {
      out += String(d);
      for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
        lines.push(out.slice(0, i));
        out = out.slice(i + 1);
      }
      while (lines.length > 0 && waiters.length > 0) waiters.shift()(lines.shift());
    });
    const nextLine = () => new Promise((r) => (lines.length > 0 ? r(lines.shift()) : waiters.push(r)));
    const cpu = async () => {
      child.stdin.write('cpu\n');
      const u = JSON.parse(await nextLine());
      return (u.user + u.system) / 1000;
    };
    void nextLine().then((first) => {
      const [http, smtp] = first.trim().split(' ');
      resolve({ child, http, smtp: Number(smtp), cpu });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function pbm(base, subject, body = '') {
  const r = await fetch(`${base}/pbm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subject, body }),
  });
  const reply = await r.json();
  if (!reply.ok) throw new Error(`${subject}: ${reply.text}`);
  return reply;
}

/** One SMTP connection, its transactions one after another (as an MTA delivering a queue to one host). */
class SmtpSession {
  static open(port) {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const s = new SmtpSession(socket);
      socket.once('error', reject);
      s.expect()
        .then(() => s.command('EHLO bench.example'))
        .then(() => resolve(s), reject);
    });
  }

  constructor(socket) {
    this.socket = socket;
    this.buffer = '';
    this.waiting = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      this.buffer += chunk;
      for (;;) {
        const m = /^(\d{3}) .*\r\n/m.exec(this.buffer);
        if (!m) return;
        const line = m[0];
        this.buffer = this.buffer.slice(m.index + line.length);
        this.waiting.shift()?.(line.trim());
      }
    });
  }

  expect() {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async command(line) {
    const answer = this.expect();
    this.socket.write(`${line}\r\n`);
    const got = await answer;
    if (!/^[23]/.test(got)) throw new Error(`${line}: ${got}`);
    return got;
  }

  async send(from, to, message) {
    await this.command(`MAIL FROM:<${from}>`);
    await this.command(`RCPT TO:<${to}>`);
    await this.command('DATA');
    return this.command(`${message.replace(/^\./gm, '..')}\r\n.`);
  }

  close() {
    this.socket.end('QUIT\r\n');
  }
}

let sequence = 0;
function message(from, to, subject) {
  const id = `<bench-${process.pid}-${++sequence}@bench.example>`;
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${id}`,
    'Content-Type: text/plain',
    '',
    '',
  ].join('\r\n');
}

/** Two players on a board, mailing their moves to their reply addresses until the run ends (a new board when one is over). */
class Board {
  constructor(k, base, smtp) {
    this.k = k;
    this.base = base;
    this.smtp = smtp;
    this.rng = createRng(`board ${k}`);
    this.names = [`w${k}`, `b${k}`];
    this.address = this.names.map((n) => `${n}@bench.example`);
  }

  async start() {
    const [w, b] = this.names;
    for (const n of this.names) await pbm(this.base, `signup ${n} ${n}-password ${n}@bench.example`);
    this.sessions = await Promise.all([SmtpSession.open(this.smtp), SmtpSession.open(this.smtp)]);
    await this.newBoard(w, b);
  }

  async newBoard(w, b) {
    const made = await pbm(this.base, `tactics challenge ${w} ${w}-password ${b}`);
    const id = /Challenge (\d+)/.exec(made.subject)[1];
    const accepted = await pbm(this.base, `tactics accept ${b} ${b}-password ${id}`);
    this.board = Number(/board (\d+) has started/.exec(accepted.text)[1]);
    this.reply = [];
    for (const n of this.names)
      this.reply.push((await pbm(this.base, `tactics showas ${n} ${n}-password ${this.board}`)).replyTo);
    this.state = tactics.initial();
    this.ply = 0;
  }

  /** Mails moves until `until`; each mail's DATA-to-250 time goes into `latencies`. */
  async run(until, latencies) {
    let done = 0;
    while (Date.now() < until) {
      if (tactics.outcome(this.state)) {
        await this.newBoard(...this.names);
        continue;
      }
      const p = tactics.toMove(this.state)[0];
      const moves = tactics.legalMoves(this.state);
      const move = this.rng.pick(moves);
      const text = tactics.formatMove(this.state, move);
      const started = performance.now();
      const answer = await this.sessions[p].send(
        this.address[p],
        this.reply[p],
        message(this.address[p], this.reply[p], `move ${text}#${this.ply + 1}`),
      );
      latencies.push(performance.now() - started);
      if (!answer.startsWith('250')) throw new Error(`board ${this.board}: ${answer}`);
      this.state = tactics.play(this.state, move);
      this.ply++;
      done++;
    }
    return done;
  }

  close() {
    for (const s of this.sessions ?? []) s.close();
  }
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function benchOne(db) {
  mkdirSync(DATA_PARENT, { recursive: true });
  const dataDir = mkdtempSync(join(DATA_PARENT, 'tactica-bench-pbm-'));
  let pg;
  let url;
  if (db === 'postgres') {
    const { startTestPostgres } = await import('../packages/server/dist/testing/postgres.js');
    pg = await startTestPostgres();
    url = pg.url;
  }
  const { child, http, smtp, cpu } = await startChild(dataDir, url);
  try {
    const boards = Array.from({ length: BOARDS }, (_, k) => new Board(k, http, smtp));
    for (const b of boards) await b.start();
    const before = readdirSync(join(dataDir, 'outbox')).length;
    const latencies = [];
    const cpu0 = await cpu();
    const t0 = performance.now();
    const until = Date.now() + SECONDS * 1000;
    const counts = await Promise.all(boards.map((b) => b.run(until, latencies)));
    const seconds = (performance.now() - t0) / 1000;
    const cpuMs = (await cpu()) - cpu0;
    const commands = counts.reduce((a, b) => a + b, 0);
    for (const b of boards) b.close();
    const mails = readdirSync(join(dataDir, 'outbox')).length - before;
    latencies.sort((a, b) => a - b);
    console.log(
      `${db.padEnd(8)} ${BOARDS} boards: ${commands} commands in ${seconds.toFixed(1)} s = ${(commands / seconds).toFixed(0)} commands/s; ` +
        `mail DATA→250 p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms; ` +
        `${mails} mails queued in the outbox; server CPU ${(cpuMs / commands).toFixed(2)} ms a command ` +
        `(${(1000 / (cpuMs / commands)).toFixed(0)} commands per CPU-second)`,
    );
    return commands / seconds;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
    await pg?.stop();
  }
}

for (const db of DBS) await benchOne(db);
