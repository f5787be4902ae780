/**
 * `tactica dxp`: the draughts engine playing International draughts over DXP (the DamExchange Protocol, TCP), so DXP
 * GUIs and engines (Scan, Kingsrow, Moby Dam…) can play it and it can play them.
 *
 *   tactica dxp --listen 27531                      wait for a DXP program; answer its game requests (follower)
 *   tactica dxp --connect 127.0.0.1:27531 --games 4 --time 5m --moves 75
 *                                                   call one and ask for games, colours alternating (initiator)
 *
 * stdout: one line per game (`game 1: win (no-moves), Tactica White, 87 plies`), then the score
 * (`score +1 =1 -0`). stderr: what happens on the connection (`dxp: …`), and `dxp: listening on host:port` once the
 * server is up (port 0 picks a free port). Our moves come from the engine in a worker thread at the level given
 * (default Master), thinking the time DXP's time control leaves.
 */
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { DRAUGHTS_LEVELS, type DraughtsLevel } from '@tactica/ai';
import { egdbSetting } from '@tactica/ai/node-egdb';
import { nodeWorkerEngine, type EngineSpec, type WorkerEngine } from '@tactica/ai/node-worker';
import type { DraughtsMove, DraughtsState } from '@tactica/draughts';
import { CliError, type Io } from '../../../io.js';
import { hasDurationUnit, parseDuration } from '../../../numeric-options.js';
import { connectDxp, listenDxp, type DxpConnection } from './connection.js';
import { runDxpFollower, runDxpInitiator, type DxpGameResult, type DxpMover } from './player.js';

const LEVELS = DRAUGHTS_LEVELS.map((l) => l.id);
const STRONGEST = (DRAUGHTS_LEVELS[DRAUGHTS_LEVELS.length - 1] as DraughtsLevel).id;

/** Our moves from the draughts engine in a worker thread, at one level, within the time given. */
function workerMover(
  level: string,
  spec: EngineSpec = { family: 'draughts', options: { endgames: egdbSetting() } },
): DxpMover & { close(): Promise<void> } {
  let engine: WorkerEngine<DraughtsState, DraughtsMove> | undefined;
  let seed = 0;
  return {
    async move(s, timeMs, targetMs) {
      engine ??= nodeWorkerEngine<DraughtsState, DraughtsMove>(spec);
      const choice = await engine.choose(s, level, {
        timeMs,
        ...(targetMs !== undefined ? { targetMs } : {}),
        seed: seed++,
      });
      return choice.move;
    },
    async close() {
      if (engine) await engine.close();
    },
  };
}

/**
 * `--time`: each side's thinking time for `--moves` moves. DXP's game request counts it in whole minutes, and every
 * other `--time` counts seconds, so it is written with its unit: `5m`, `300s`. A bare number was minutes before
 * `--time` meant seconds everywhere, and still is, with a note on stderr saying so **(ours)**: an old invocation
 * plays as it did.
 */
export function dxpMinutes(text: string, note: (line: string) => void): number {
  const seconds = parseDuration(text, 'm');
  const minutes = seconds === undefined ? NaN : seconds / 60;
  if (!(Number.isInteger(minutes) && minutes >= 1 && minutes <= 999)) {
    throw new CliError(`bad --time: ${text} (whole minutes from 1 to 999, written with the unit: 5m or 300s)`, 2);
  }
  if (!hasDurationUnit(text)) {
    note(`dxp: --time ${text} is read as ${minutes} minutes (DXP's unit); write it --time ${minutes}m`);
  }
  return minutes;
}

/** `host:port` or `port`. */
function parseAddress(text: string, fallbackHost: string): { host: string; port: number } | undefined {
  const m = /^(?:(.+):)?(\d{1,5})$/.exec(text.trim());
  if (!m) return undefined;
  const port = Number(m[2]);
  if (port > 65535) return undefined;
  return { host: m[1] ?? fallbackHost, port };
}

function integer(text: string, what: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max)
    throw new CliError(`bad ${what}: ${text} (a whole number from ${min} to ${max})`, 2);
  return n;
}

function summary(results: readonly DxpGameResult[]): string {
  const count = (r: DxpGameResult['result']): number => results.filter((x) => x.result === r).length;
  return `score +${count('win')} =${count('draw') + count('unknown')} -${count('loss')}`;
}

export function configureDxp(program: Command, io: Io): void {
  program
    .command('dxp')
    .description('the draughts engine over DXP (TCP): International draughts against DXP programs')
    .option('--listen <[host:]port>', 'wait for a DXP program on this port (default 127.0.0.1:27531)')
    .option('--connect <host:port>', 'call a DXP program listening there')
    .option('--role <role>', 'initiator (asks for games) or follower (answers); default: initiator when calling')
    .option('--games <n>', 'games to ask for, colours alternating (initiator)', '2')
    .option(
      '--time <duration>',
      'thinking time per side for --moves moves, in whole minutes: 5m or 300s (initiator)',
      '5m',
    )
    .option('--moves <n>', 'moves in that time, 0 for the whole game (initiator)', '75')
    .option('--level <id>', `the computer level: ${LEVELS.join(', ')}`, STRONGEST)
    .option('--once', 'as a server, play one connection and leave')
    .option('--max-plies <n>', 'end a game undecided after this many plies')
    .option('--name <name>', 'our name in the protocol', 'Tactica')
    .option('--no-book', 'play without the opening book (by default the level uses its own setting)')
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      const level = String(opts['level']);
      if (!LEVELS.includes(level)) throw new CliError(`bad --level: ${level} (one of ${LEVELS.join(', ')})`, 2);
      if (opts['listen'] !== undefined && opts['connect'] !== undefined)
        throw new CliError('give --listen or --connect, not both', 2);
      const role =
        opts['role'] === undefined ? (opts['connect'] !== undefined ? 'initiator' : 'follower') : String(opts['role']);
      if (role !== 'initiator' && role !== 'follower')
        throw new CliError(`bad --role: ${role} (initiator or follower)`, 2);
      const games = integer(String(opts['games']), '--games', 1, 100000);
      const moves = integer(String(opts['moves']), '--moves', 0, 999);
      const maxPlies =
        opts['max-plies'] === undefined ? undefined : integer(String(opts['max-plies']), '--max-plies', 1, 100000);
      const name = String(opts['name']);
      const log = (line: string): void => {
        io.error.write(`${line}\n`);
      };
      const minutes = dxpMinutes(String(opts['time']), log);
      const mover = workerMover(
        level,
        opts['book'] === false
          ? { family: 'draughts', options: { book: false, endgames: egdbSetting() } }
          : { family: 'draughts', options: { endgames: egdbSetting() } },
      );
      const report = (results: readonly DxpGameResult[], from: number): void => {
        results.forEach((r, k) => {
          io.output.write(
            `game ${from + k + 1}: ${r.result} (${r.reason}), ${name} ${r.ourColour === 0 ? 'White' : 'Black'}, ${r.plies} plies\n`,
          );
        });
      };
      const play = async (c: DxpConnection): Promise<DxpGameResult[]> => {
        const side = { name, log, ...(maxPlies !== undefined ? { maxPlies } : {}) };
        return role === 'initiator'
          ? runDxpInitiator(c, mover, { ...side, games, minutes, moves })
          : runDxpFollower(c, mover, side);
      };
      try {
        if (opts['connect'] !== undefined) {
          const address = parseAddress(String(opts['connect']), '127.0.0.1');
          if (!address) throw new CliError(`bad --connect: ${String(opts['connect'])} (host:port)`, 2);
          let c: DxpConnection;
          try {
            c = await connectDxp(address.host, address.port);
          } catch (e) {
            throw new CliError(`cannot connect to ${address.host}:${address.port}: ${(e as Error).message}`);
          }
          const results = await play(c);
          report(results, 0);
          io.output.write(`${summary(results)}\n`);
          return;
        }
        const address = parseAddress(typeof opts['listen'] === 'string' ? opts['listen'] : '27531', '127.0.0.1');
        if (!address) throw new CliError(`bad --listen: ${String(opts['listen'])} ([host:]port)`, 2);
        const all: DxpGameResult[] = [];
        let busy = false;
        let done: (() => void) | undefined;
        const finished = new Promise<void>((resolve) => (done = resolve));
        let failure: unknown;
        let server: Awaited<ReturnType<typeof listenDxp>>;
        try {
          server = await listenDxp(address.host, address.port, (c) => {
            if (busy) {
              // One match at a time: the engine plays one game at a time.
              c.send({ kind: 'C', text: 'busy with another match' });
              c.close();
              return;
            }
            busy = true;
            log(`dxp: a program connected from ${c.socket.remoteAddress ?? '?'}`);
            play(c)
              .then((results) => {
                report(results, all.length);
                all.push(...results);
              })
              .catch((e: unknown) => {
                failure = e;
              })
              .finally(() => {
                busy = false;
                if (opts['once'] === true || failure !== undefined) {
                  server.close();
                  done?.();
                }
              });
          });
        } catch (e) {
          throw new CliError(`cannot listen on ${address.host}:${address.port}: ${(e as Error).message}`);
        }
        const a = server.address() as AddressInfo;
        log(`dxp: listening on ${a.address}:${a.port}`);
        await finished;
        if (failure !== undefined) throw failure;
        io.output.write(`${summary(all)}\n`);
      } finally {
        await mover.close();
      }
    });
}
