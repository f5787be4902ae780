import { spawn } from 'node:child_process';
import { createConnection, type AddressInfo, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createRng } from '@tactica/core';
import { draughtsGame, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '../../../testing.js';
import { connectDxp, listenDxp, type DxpConnection } from './connection.js';
import {
  decodeDxp,
  DXP_START,
  dxpMoveOf,
  encodeDxp,
  formatDxpPosition,
  parseDxpPosition,
  readDxpMove,
  type DxpMessage,
} from './messages.js';
import { runDxpFollower, runDxpInitiator, type DxpMover } from './player.js';

const game = draughtsGame('international');

describe('DXP messages', () => {
  const samples: DxpMessage[] = [
    { kind: 'R', version: 1, initiator: 'Tactica', followerColour: 'Z', minutes: 5, moves: 75 },
    { kind: 'R', version: 1, initiator: 'Scan 2.0', followerColour: 'W', minutes: 3, moves: 180, position: DXP_START },
    { kind: 'A', follower: 'Kingsrow', code: '0' },
    { kind: 'M', seconds: 12, from: 32, to: 28, captures: [] },
    { kind: 'M', seconds: 0, from: 28, to: 19, captures: [23, 24, 14] },
    { kind: 'E', reason: '2', stop: '1' },
    { kind: 'C', text: 'hello, world' },
    { kind: 'B', moveNumber: 12, colour: 'Z' },
    { kind: 'K', code: '1' },
  ];

  it('writes each message with its fixed-width fields and reads it back', () => {
    expect(encodeDxp(samples[0] as DxpMessage)).toBe(`R01${'Tactica'.padEnd(32)}Z005075A`);
    expect(encodeDxp(samples[4] as DxpMessage)).toBe('M0000281903232414');
    expect(encodeDxp(samples[6] as DxpMessage)).toBe('Chello, world');
    for (const m of samples) {
      const r = decodeDxp(encodeDxp(m));
      expect(r).toEqual({ ok: true, value: m });
    }
  });

  it('refuses a malformed message with a coded dxp/ error naming the field, never a throw (fuzzed)', () => {
    const cases: [string, string][] = [
      ['', 'dxp/empty'],
      ['X123', 'dxp/unknown-message'],
      ['M00003228', 'dxp/short'],
      ['M00a0322800', 'dxp/bad-number'],
      ['M0000322800x', 'dxp/trailing'],
      ['M0000562800', 'dxp/bad-square'],
      ['E4', 'dxp/bad-field'],
      [`R01${'x'.repeat(32)}Q005075A`, 'dxp/bad-field'],
      [`R01${'x'.repeat(32)}W005075BW${'q'.repeat(50)}`, 'dxp/bad-position'],
      ['C\u0001', 'dxp/bad-character'],
      [`C${'x'.repeat(2000)}`, 'dxp/too-long'],
    ];
    for (const [text, code] of cases) {
      const r = decodeDxp(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error.code, text).toBe(code);
    }
    const rng = createRng('dxp-fuzz');
    const alphabet = 'RAMECBKWZewz0123456789 x\u0000';
    for (let k = 0; k < 2000; k++) {
      let text = 'RAMECBK'[rng.int(7)] as string;
      const n = rng.int(80);
      for (let j = 0; j < n; j++) text += alphabet[rng.int(alphabet.length)];
      const r = decodeDxp(text);
      if (!r.ok) expect(r.error.code).toMatch(/^dxp\//);
    }
  });

  it('reads and writes positions (W/Z to move, e w z W Z per square) and names moves by start, end and taken pieces', () => {
    expect(formatDxpPosition(game.initial())).toBe(DXP_START);
    const p = parseDxpPosition(`Z${'e'.repeat(20)}Z${'e'.repeat(28)}w`);
    expect(p.ok).toBe(true);
    if (p.ok) expect(formatDxpPosition(p.value)).toBe(`Z${'e'.repeat(20)}Z${'e'.repeat(28)}w`);
    expect(parseDxpPosition('W' + 'e'.repeat(49)).ok).toBe(false);
    let s = game.initial();
    for (const text of ['32-28', '19-23']) {
      const m = readDxpMove(game, s, {
        kind: 'M',
        seconds: 0,
        from: Number(text.slice(0, 2)),
        to: Number(text.slice(3)),
        captures: [],
      });
      expect(m.ok).toBe(true);
      if (m.ok) s = game.play(s, m.value);
    }
    const capture = readDxpMove(game, s, { kind: 'M', seconds: 0, from: 28, to: 19, captures: [23] });
    expect(capture.ok && dxpMoveOf(capture.value, 1)).toEqual({
      kind: 'M',
      seconds: 1,
      from: 28,
      to: 19,
      captures: [23],
    });
    const wrong = readDxpMove(game, s, { kind: 'M', seconds: 0, from: 28, to: 19, captures: [24] });
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('move/illegal');
  });
});

/** A test mover: the first legal move in the generator's order, at once. */
const firstMove: DxpMover = {
  move: (s: DraughtsState): Promise<DraughtsMove> => Promise.resolve(game.legalMoves(s)[0] as DraughtsMove),
};

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function pair(): Promise<{ server: Promise<DxpConnection>; port: number }> {
  let accept: (c: DxpConnection) => void = () => undefined;
  const server = new Promise<DxpConnection>((resolve) => (accept = resolve));
  const s = await listenDxp('127.0.0.1', 0, (c) => accept(c));
  servers.push(s);
  return { server, port: (s.address() as AddressInfo).port };
}

describe('DXP games between two sides on loopback', () => {
  it('the initiator asks, the follower accepts; both play to the end and agree on every result', async () => {
    const { server, port } = await pair();
    const client = await connectDxp('127.0.0.1', port);
    const follower = server.then((c) => runDxpFollower(c, firstMove, { name: 'F' }));
    const initiator = runDxpInitiator(client, firstMove, { name: 'I', games: 2, minutes: 1, moves: 50 });
    const [ours, theirs] = await within(Promise.all([initiator, follower]), 'two DXP games');
    expect(ours).toHaveLength(2);
    expect(theirs).toHaveLength(2);
    const mirror = { win: 'loss', loss: 'win', draw: 'draw', unknown: 'unknown' } as const;
    ours.forEach((r, k) => {
      const t = theirs[k];
      expect(t?.result).toBe(mirror[r.result]);
      expect(t?.moves).toEqual(r.moves);
      expect(t?.ourColour).toBe(r.ourColour === 0 ? 1 : 0);
      // Refereed by our rules: the line replays and ends as the result says.
      let s = game.initial();
      for (const text of r.moves) {
        const m = game.parseMove(s, text);
        expect(m.ok).toBe(true);
        if (m.ok) s = game.play(s, m.value);
      }
      expect(game.outcome(s)).toBeDefined();
    });
    expect(ours.map((r) => r.ourColour)).toEqual([0, 1]);
  });

  it("asks the mover for a clock's share as its target, under a hard limit within the time left", async () => {
    const { server, port } = await pair();
    const client = await connectDxp('127.0.0.1', port);
    const asked: [number, number | undefined][] = [];
    const timed: DxpMover = {
      move: (s, timeMs, targetMs) => {
        asked.push([timeMs, targetMs]);
        return firstMove.move(s, timeMs);
      },
    };
    const follower = server.then((c) => runDxpFollower(c, firstMove, { name: 'F' }));
    const initiator = runDxpInitiator(client, timed, { name: 'I', games: 1, minutes: 1, moves: 50 });
    await within(Promise.all([initiator, follower]), 'a DXP game');
    expect(asked.length).toBeGreaterThan(0);
    for (const [timeMs, targetMs] of asked) {
      expect(targetMs).toBeDefined();
      expect(targetMs as number).toBeLessThanOrEqual(timeMs);
      expect(timeMs).toBeLessThanOrEqual(60_000 / 3);
    }
    // The first move: a minute shared over the 50 moves of the control (less the reserve for the move's way).
    expect(asked[0]?.[1]).toBeCloseTo((60_000 - 50) / 50, 0);
  });

  it('a game from a set-up position (R with B) starts there', async () => {
    const { server, port } = await pair();
    const client = await connectDxp('127.0.0.1', port);
    // White: men on 31 and 32 and a king on 50; Black: men on 6, 7 and 12; Black to move.
    const start = `Z${[...Array(50).keys()].map((k) => ({ 5: 'z', 6: 'z', 11: 'z', 30: 'w', 31: 'w', 49: 'W' })[k] ?? 'e').join('')}`;
    const follower = server.then((c) => runDxpFollower(c, firstMove, { name: 'F' }));
    const [ours] = await within(
      Promise.all([
        runDxpInitiator(client, firstMove, { name: 'I', games: 1, minutes: 1, moves: 0, starts: [start] }),
        follower,
      ]),
      'a DXP game from a set-up position',
    );
    expect(ours[0]?.start).toBe(start);
    const first = ours[0]?.moves[0] ?? '';
    const s = parseDxpPosition(start);
    expect(s.ok && game.parseMove(s.value, first).ok).toBe(true);
  });

  it('a move our rules refuse ends the game with a chat line saying why and E reason 0, never a crash', async () => {
    const { server, port } = await pair();
    const raw = await connectDxp('127.0.0.1', port);
    const follower = server.then((c) => runDxpFollower(c, firstMove, { name: 'F' }));
    raw.send({ kind: 'R', version: 1, initiator: 'rogue', followerColour: 'Z', minutes: 1, moves: 50 });
    expect(await nextKind(raw)).toMatchObject({ kind: 'A', code: '0' });
    raw.send({ kind: 'M', seconds: 0, from: 32, to: 27, captures: [] }); // 32-27 is a legal opening; 32-23 is not
    raw.send({ kind: 'M', seconds: 0, from: 10, to: 15, captures: [] });
    const reply = await nextKind(raw); // the follower's move after 32-27
    expect(reply.kind).toBe('M');
    raw.send({ kind: 'M', seconds: 0, from: 27, to: 5, captures: [] });
    const chat = await nextKind(raw);
    expect(chat).toMatchObject({ kind: 'C' });
    expect((chat as { text: string }).text).toMatch(/not legal/);
    expect(await nextKind(raw)).toMatchObject({ kind: 'E', reason: '0' });
    raw.send({ kind: 'E', reason: '0', stop: '1' });
    const results = await within(follower, 'the follower to finish');
    expect(results[0]?.result).toBe('unknown');
  });

  it('junk on the wire (no NUL, unknown messages, a version it does not speak) is answered or dropped', async () => {
    const { server, port } = await pair();
    const follower = server.then((c) => runDxpFollower(c, firstMove, { name: 'F' }));
    const sock = createConnection({ host: '127.0.0.1', port });
    await new Promise<void>((resolve) => sock.once('connect', () => resolve()));
    const got: string[] = [];
    sock.on('data', (b: Buffer) =>
      got.push(
        ...b
          .toString('latin1')
          .split('\0')
          .filter((x) => x !== ''),
      ),
    );
    sock.write('Xgarbage\0');
    sock.write(`R02${'old'.padEnd(32)}Z005075A\0`);
    sock.write('\0\0');
    await within(
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (got.some((m) => m.startsWith('A'))) resolve();
          else setTimeout(check, 5);
        };
        check();
      }),
      'the follower to refuse the version',
    );
    expect(got.find((m) => m.startsWith('A'))).toBe(`A${'F'.padEnd(32)}1`);
    sock.write('C'.padEnd(3000, 'y')); // far past the longest message without a NUL
    sock.write('E01\0');
    const results = await within(follower, 'the follower to stop');
    expect(results).toEqual([]);
    sock.destroy();
  });
});

async function nextKind(c: DxpConnection): Promise<DxpMessage> {
  for (;;) {
    const e = await within(c.next(), 'a DXP message');
    if (e.kind === 'message') return e.message;
    if (e.kind === 'closed') throw new Error(`closed: ${e.reason}`);
  }
}

describe('tactica dxp: two Tactica processes on loopback', () => {
  it('a follower (--listen) and an initiator (--connect) play a match and report mirrored results', async () => {
    const bin = fileURLToPath(new URL('../../../../bin/tactica.js', import.meta.url));
    const server = spawn(process.execPath, [bin, 'dxp', '--listen', '127.0.0.1:0', '--once', '--level', 'novice'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let serverOut = '';
    let serverErr = '';
    server.stdout.on('data', (b: Buffer) => (serverOut += b.toString()));
    const port = await within(
      new Promise<number>((resolve) => {
        server.stderr.on('data', (b: Buffer) => {
          serverErr += b.toString();
          const m = /listening on [^\s]*:(\d+)/.exec(serverErr);
          if (m) resolve(Number(m[1]));
        });
      }),
      'the DXP server to listen',
    );
    const client = spawn(
      process.execPath,
      [
        bin,
        'dxp',
        '--connect',
        `127.0.0.1:${port}`,
        '--games',
        '2',
        '--time',
        '1',
        '--moves',
        '50',
        '--level',
        'dumb',
        '--max-plies',
        '80',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let clientOut = '';
    client.stdout.on('data', (b: Buffer) => (clientOut += b.toString()));
    const exit = (p: typeof client): Promise<number | null> =>
      new Promise((resolve) => p.on('exit', (code) => resolve(code)));
    const [clientCode, serverCode] = await within(
      Promise.all([exit(client), exit(server)]),
      'both tactica dxp processes to finish',
      60_000,
    );
    expect(clientCode).toBe(0);
    expect(serverCode).toBe(0);
    const lines = (text: string): string[] => text.trim().split('\n');
    const ours = lines(clientOut);
    const theirs = lines(serverOut);
    expect(ours).toHaveLength(3);
    expect(theirs).toHaveLength(3);
    expect(ours[0]).toMatch(/^game 1: (win|loss|draw|unknown) \(.+\), Tactica White, \d+ plies$/);
    expect(theirs[1]).toMatch(/^game 2: .*, Tactica White, \d+ plies$/);
    const score = (line: string | undefined): number[] =>
      (/^score \+(\d+) =(\d+) -(\d+)$/.exec(line ?? '') ?? []).slice(1).map(Number);
    const [w, d, l] = score(ours[2]);
    expect(score(theirs[2])).toEqual([l, d, w]);
  }, 90_000);
});
