import { PassThrough } from 'node:stream';
import { draughtsGame, playingOn, type DraughtsState } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { draughtsCli } from './index.js';
import { runCli } from '../../program.js';
import { within } from '../../testing.js';
import { VERSION } from '../../version.js';
import { createRng } from '@tactica/core';
import {
  formatHubPosition,
  hubMove,
  hubMoveTime,
  parseHubLine,
  parseHubPosition,
  readHubMove,
  runHub,
  type HubOptions,
} from './hub.js';

// The engine runs in a worker thread over the build (vitest's global setup runs `tsc -b` first). Every wait below is
// bounded: a line that never comes fails the test saying which.

const START = 'Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww';

/** A Hub session driven line by line, as a GUI drives it. */
function session(options: HubOptions = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const error = new PassThrough();
  const lines: string[] = [];
  let partial = '';
  const waiters: { test: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  output.on('data', (c: Buffer) => {
    partial += c.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of [...waiters]) {
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(line);
        }
      }
    }
  });
  const done = runHub({ input, output, error }, options);
  return {
    lines,
    /** The Hub's end (after `quit` or the end of the input). */
    finished: () => within(done, 'the Hub to leave'),
    send: (text: string) => input.write(`${text}\n`),
    end: () => input.end(),
    /** The first line (already printed or to come) matching `pattern`, after `from` lines. */
    waitFor(pattern: RegExp, from = 0): Promise<string> {
      const seen = lines.slice(from).find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return within(
        new Promise((resolve) => waiters.push({ test: (l) => pattern.test(l), resolve })),
        `a Hub line matching ${String(pattern)}`,
      );
    },
  };
}

describe('Hub protocol lines', () => {
  it('reads a command and its name=value pairs, quoted values and flags', () => {
    const r = parseHubLine('pos pos=W' + 'e'.repeat(50) + ' moves="32-28 19-23"  start');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.command).toBe('pos');
    expect(r.value.pairs.get('moves')).toBe('32-28 19-23');
    expect(r.value.pairs.get('start')).toBe('');
  });

  it('refuses a malformed line with a coded error, never a throw (fuzzed)', () => {
    expect(parseHubLine('   ').ok).toBe(false);
    expect(parseHubLine('go think="unclosed').ok).toBe(false);
    const chars = ['a', '=', '"', ' ', 'x', '-', '\t', '1'];
    for (let seed = 0; seed < 500; seed++) {
      let text = '';
      for (let k = 0, x = seed; k < 8; k++, x = (x * 7 + 3) % 1009) text += chars[x % chars.length];
      const r = parseHubLine(text);
      if (!r.ok) expect(r.error.code).toMatch(/^hub\//);
    }
  });

  it("reads and writes Scan's position format and move notation", () => {
    const game = draughtsGame('international');
    const s = parseHubPosition(START, false);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(formatHubPosition(s.value)).toBe(START);
    const opening = game.legalMoves(s.value).map(hubMove);
    expect(opening).toContain('32-28');
    // A capture: start, end and the taken piece.
    let t = s.value;
    for (const text of ['32-28', '19-23']) {
      const m = readHubMove(game, t, text);
      expect(m.ok).toBe(true);
      if (m.ok) t = game.play(t, m.value);
    }
    expect(game.legalMoves(t).map(hubMove)).toEqual(['28x19x23']);
    expect(readHubMove(game, t, '28x19').ok).toBe(true);
    expect(readHubMove(game, t, '28x19x24').ok).toBe(false);
    expect(readHubMove(game, t, '28-19').ok).toBe(false);
    expect(readHubMove(game, t, 'e2e4').ok).toBe(false);
    expect(parseHubPosition('W' + 'e'.repeat(49), false).ok).toBe(false);
    expect(parseHubPosition('X' + 'e'.repeat(50), false).ok).toBe(false);
  });
});

describe('tactica hub: the engine as a Hub GUI drives it', () => {
  it('initialisation: id, the parameters it has, wait; then ready', async () => {
    const h = session();
    h.send('hub');
    await h.waitFor(/^wait$/);
    expect(h.lines[0]).toBe(`id name=Tactica version=${VERSION} author="the Tactica project"`);
    expect(h.lines).toContain('param name=variant value=normal type=enum values="normal losing"');
    expect(h.lines).toContain('param name=level value=master type=enum values="dumb novice average good smart master"');
    expect(h.lines).toContainEqual(expect.stringMatching(/^param name=threads value=\d+ type=int min=1 max=64$/));
    h.send('set-param name=variant value=frisian');
    h.send('set-param name=level value=genius');
    h.send('set-param name=threads value=0');
    // A match gives both sides the same threads (issue 42): the engine takes them before init.
    h.send('set-param name=threads value=1');
    h.send('init');
    await h.waitFor(/^ready$/);
    expect(h.lines.filter((l) => l.startsWith('error '))).toEqual([
      expect.stringMatching(/^error message=.*frisian is not supported/),
      expect.stringMatching(/^error message="unknown level/),
      expect.stringMatching(/^error message="bad threads "?'?0/),
    ]);
    h.send('hub');
    await h.waitFor(/^param name=threads value=1 /);
    h.send('quit');
    await h.finished();
  });

  it('a search: info lines, then done with the move and the expected answer', async () => {
    const h = session();
    h.send('init');
    await h.waitFor(/^ready$/);
    h.send(`pos pos=${START} moves="32-28 19-23"`);
    h.send('level depth=5');
    h.send('go think');
    const done = await h.waitFor(/^done /);
    // The only legal move is the capture 28x19.
    expect(done).toMatch(/^done move=28x19x23( ponder=\S+)?$/);
    const infos = h.lines.filter((l) => l.startsWith('info '));
    expect(infos.length).toBeGreaterThan(0);
    expect(infos[0]).toMatch(/^info depth=1 score=-?\d+\.\d\d nodes=\d+ time=\d+\.\d{3} nps=\d+\.\d\d pv=/);
    h.send('quit');
    await h.finished();
  });

  it('stop ends an infinite analysis with a legal move; ping is answered while it thinks', async () => {
    const h = session();
    h.send('init');
    h.send(`pos pos=${START}`);
    h.send('level infinite');
    h.send('go analyze');
    await h.waitFor(/^info depth=3 /);
    h.send('ping');
    await h.waitFor(/^pong$/);
    h.send('stop');
    const done = await h.waitFor(/^done /);
    const move = /move=(\S+)/.exec(done)?.[1] ?? '';
    const game = draughtsGame('international');
    expect(game.legalMoves(game.initial()).map(hubMove)).toContain(move);
    h.send('quit');
    await h.finished();
  });

  it('ponder-hit turns pondering into thinking with the time the level gave', async () => {
    const h = session();
    h.send('init');
    h.send(`pos pos=${START} moves="32-28"`);
    h.send('level move-time=0.2');
    h.send('go ponder');
    await h.waitFor(/^info depth=2 /);
    h.send('ponder-hit');
    const done = await h.waitFor(/^done /);
    // The move thought of is Black's answer to 32-28.
    const game = draughtsGame('international');
    const opening = game.legalMoves(game.initial()).find((m) => hubMove(m) === '32-28');
    expect(opening).toBeDefined();
    const after = game.play(game.initial(), opening as NonNullable<typeof opening>);
    expect(game.legalMoves(after).map(hubMove)).toContain(/move=(\S+)/.exec(done)?.[1]);
    h.send('quit');
    await h.finished();
  });

  it('times a move by the engine: move-time is a fixed time, time/moves/inc a clock share under a hard limit', () => {
    expect(hubMoveTime({ moveTime: 0.3 })).toEqual({ timeMs: 300 });
    expect(hubMoveTime({})).toBeUndefined();
    const clock = hubMoveTime({ time: 60, moves: 20, inc: 1 });
    expect(clock?.targetMs).toBeDefined();
    expect(clock?.targetMs as number).toBeLessThan(clock?.timeMs as number);
    expect(clock?.timeMs as number).toBeLessThanOrEqual(60_000 / 3 + 1_000);
    // Fewer moves to go on the same clock: more time for this one.
    expect((hubMoveTime({ time: 60, moves: 5 })?.targetMs as number) > (clock?.targetMs as number) - 1_000).toBe(true);
  });

  it('plays Master by move-time from its book, and searches with --no-book', async () => {
    for (const noBook of [false, true]) {
      const h = session({ noBook });
      h.send('init');
      h.send(`pos pos=${START}`);
      h.send('level move-time=0.2');
      h.send('go think');
      const done = await h.waitFor(/^done /);
      const game = draughtsGame('international');
      expect(game.legalMoves(game.initial()).map(hubMove)).toContain(/move=(\S+)/.exec(done)?.[1]);
      const depths = h.lines.filter((l) => l.startsWith('info ')).map((l) => Number(/depth=(\d+)/.exec(l)?.[1]));
      // The book's move comes with depth 0 and no search; without the book the search reports its iterations.
      if (noBook) expect(Math.max(...depths)).toBeGreaterThanOrEqual(1);
      else expect(depths).toEqual([0]);
      h.send('quit');
      await h.finished();
    }
  });

  it('plays give-away ("losing") and a named level', async () => {
    const h = session();
    h.send('set-param name=variant value=losing');
    h.send('set-param name=level value=novice');
    h.send('init');
    h.send(`pos pos=${START}`);
    h.send('go think');
    const done = await h.waitFor(/^done /);
    expect(done).toMatch(/^done move=\d+-\d+/);
    h.send('quit');
    await h.finished();
  });

  it('the GUI referees without our move counter: near its end a position scores as with the counter at rest', async () => {
    // Two White kings against one Black king, walked by king moves until our counter (manual 2.4) has 2 plies left:
    // with it, a search 3 plies deep would see every line drawn (0.00); the GUI plays on, and so does the engine.
    const { start, moves, state } = counterWalk({ 0: 'B', 47: 'W', 49: 'W' }, 2);
    expect(state.stage2Left).toBe(2);
    const depth3 = async (pos: string): Promise<string | undefined> => {
      const h = session();
      h.send(pos);
      h.send('level depth=3');
      h.send('go think');
      await h.waitFor(/^done move=/);
      h.send('quit');
      await h.finished();
      return h.lines.find((l) => l.startsWith('info depth=3 '))?.match(/score=(\S+)/)?.[1];
    };
    const walked = await depth3(`pos pos=${start} moves="${moves.join(' ')}"`);
    const atRest = await depth3(`pos pos=${formatHubPosition(state)}`);
    expect(atRest).toBeDefined();
    expect(atRest).not.toBe('0.00');
    expect(walked).toBe(atRest);
  });

  // A GUI referees the game and asks for a move in any position that has one, whatever our own draw rules say.
  for (const ending of ['threefold', 'move-limit'] as const) {
    it(`a position our rules have drawn (${ending}) still gets a move, with no error`, async () => {
      const { start, moves } = drawnLine(ending);
      const game = draughtsGame('international');
      let s = game.fromPosition(unwrapHub(parseHubPosition(start, false)).position);
      for (const text of moves) s = game.play(s, unwrapHub(readHubMove(game, s, text)));
      expect(game.outcome(s)?.reason).toBe(ending);
      const h = session();
      h.send(`pos pos=${start} moves="${moves.join(' ')}"`);
      h.send('level depth=3');
      h.send('go think');
      const done = await h.waitFor(/^done/);
      expect(h.lines.filter((l) => l.startsWith('error '))).toEqual([]);
      const move = /^done move=(\S+)/.exec(done)?.[1];
      expect(game.legalMoves(playingOn(s)).map(hubMove)).toContain(move);
      h.send('quit');
      await h.finished();
    });
  }

  it('a position without a move is an error and a bare done (a GUI never asks for one)', async () => {
    const h = session();
    h.send(`pos pos=W${'e'.repeat(45)}bbbbb`);
    h.send('go think');
    await h.waitFor(/^done$/);
    expect(h.lines.filter((l) => l.startsWith('error '))).toEqual([
      expect.stringMatching(/^error message="the game is over in this position/),
    ]);
    h.send('quit');
    await h.finished();
  });

  it('answers bad input with error lines and goes on', async () => {
    const h = session();
    h.send('init');
    h.send('pos pos=Wxyz');
    h.send(`pos pos=${START} moves="32-28 32-28"`);
    h.send('level depth=deep');
    h.send('fly away');
    h.send('');
    h.send('ping');
    // Lines are answered in order: once the pong is out, so is every error line.
    await h.waitFor(/^pong$/);
    expect(h.lines.filter((l) => l.startsWith('error '))).toEqual([
      expect.stringMatching(/^error message="bad position/),
      expect.stringMatching(/^error message="illegal move/),
      expect.stringMatching(/^error message="bad depth/),
      expect.stringMatching(/^error message="bad command 'fly'"$/),
      expect.stringMatching(/^error message="missing command"/),
    ]);
    h.send('quit');
    await h.finished();
  });

  it('leaves when the input ends, answering the lines already read', async () => {
    const h = session();
    h.send(`pos pos=${START}`);
    h.send('level depth=2');
    h.send('go think');
    h.end();
    await h.finished();
    expect(h.lines.some((l) => /^done move=/.test(l))).toBe(true);
  });

  it('is the top-level command tactica hub (registered by the draughts CLI)', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const out: string[] = [];
    output.on('data', (c: Buffer) => out.push(c.toString('utf8')));
    const run = runCli(['hub'], [draughtsCli], { input, output, error: new PassThrough() });
    input.end('hub\nquit\n');
    expect(await within(run, 'tactica hub to leave')).toBe(0);
    expect(out.join('')).toContain('\nwait\n');
  });
});

function unwrapHub<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A seeded walk of king moves from the kings given (internal square index → colour, White to move) that never
 * repeats a position nor leaves a capture, until our move counter has `pliesLeft` plies to go.
 */
function counterWalk(
  kings: Record<number, string>,
  pliesLeft: number,
): { start: string; moves: string[]; state: DraughtsState } {
  const game = draughtsGame('international');
  const start = `W${[...Array(50).keys()].map((k) => kings[k] ?? 'e').join('')}`;
  const s0 = game.fromPosition(unwrapHub(parseHubPosition(start, false)).position);
  const rng = createRng('hub-counter-walk');
  for (let attempt = 0; attempt < 200; attempt++) {
    let s = s0;
    const moves: string[] = [];
    const seen = new Set<string>([formatHubPosition(s)]);
    while (!game.outcome(s) && s.stage2Left !== pliesLeft) {
      const fresh = game.legalMoves(s).filter((m) => {
        const next = game.play(s, m);
        const text = formatHubPosition(next);
        return (
          m.captures.length === 0 && !seen.has(text) && game.legalMoves(next).every((r) => r.captures.length === 0)
        );
      });
      const m = fresh.length > 0 ? rng.pick(fresh) : undefined;
      if (!m) break;
      moves.push(hubMove(m));
      s = game.play(s, m);
      seen.add(formatHubPosition(s));
    }
    if (s.stage2Left === pliesLeft && !game.outcome(s)) return { start, moves, state: s };
  }
  throw new Error('no seeded walk reached the move counter');
}

/**
 * A line of king moves our rules draw: going round between two squares (third repetition), or wandering by a seeded
 * walk that never repeats a position until the move counter runs out (manual 2.4: 30 inactive half-moves, then 40).
 */
function drawnLine(ending: 'threefold' | 'move-limit'): { start: string; moves: string[] } {
  const game = draughtsGame('international');
  // A White king on 50, a Black one on 1 (two kings each for the walk): nothing to capture at once.
  const kings: Record<number, string> =
    ending === 'threefold' ? { 0: 'B', 49: 'W' } : { 0: 'B', 2: 'B', 47: 'W', 49: 'W' };
  const start = `W${[...Array(50).keys()].map((k) => kings[k] ?? 'e').join('')}`;
  const s0 = game.fromPosition(unwrapHub(parseHubPosition(start, false)).position);
  if (ending === 'threefold') return { start, moves: ['50-44', '1-6', '44-50', '6-1', '50-44', '1-6', '44-50', '6-1'] };
  const rng = createRng('hub-move-limit');
  for (let attempt = 0; attempt < 200; attempt++) {
    let s = s0;
    const moves: string[] = [];
    const seen = new Set<string>([formatHubPosition(s)]);
    while (!game.outcome(s) && moves.length < 100) {
      const fresh = game.legalMoves(s).filter((m) => {
        if (m.captures.length > 0) return false;
        const text = formatHubPosition(game.play(s, m));
        // No repetition, and no square from which the other side could capture.
        return !seen.has(text) && game.legalMoves(game.play(s, m)).every((r) => r.captures.length === 0);
      });
      const m = fresh.length > 0 ? rng.pick(fresh) : undefined;
      if (!m) break;
      moves.push(hubMove(m));
      s = game.play(s, m);
      seen.add(formatHubPosition(s));
    }
    if (game.outcome(s)?.reason === 'move-limit') return { start, moves };
  }
  throw new Error('no seeded walk reached the move counter');
}
