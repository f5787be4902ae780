import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, current, err, inputError, ok, pushMove, startHistory, type History } from '@tactica/core';
import { nim, type NimState } from '@tactica/core/test-games';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../program.js';
import { gameClis } from '../registry.js';
import { atPrompt, memoryIo, terminalIo, typeKeys, within } from '../testing.js';
import { commandTable, runTerminalGame, type LoopSetup, type TerminalAdapter } from './loop.js';

/** Nim set up as the catalogue sets a game up: sessions whose status is the move number. */
const setup: LoopSetup<NimState, number, number> = {
  game: nim,
  newSession: (o) => createSession(nim, { ...o, status: (h) => h.cursor + 1 }),
};

const adapter: TerminalAdapter<NimState, number, number> = {
  setup,
  render: (s, { flipped }) => `[${'o'.repeat(s.stones)}]${flipped ? ' (flipped)' : ''}`,
  status: (move) => `move ${move}`,
  saveText: async (h) => ok(h.moves.slice(0, h.cursor).join(' ')),
  async loadText(text) {
    let h = startHistory<NimState, number>(nim.initial());
    for (const word of text.trim().split(/\s+/).filter(Boolean)) {
      const r = nim.parseMove(current(h), `take ${word}`);
      if (!r.ok) return err(inputError('record/bad-move', r.error.message, { input: word }));
      h = pushMove(h, r.value, nim.play(current(h), r.value));
    }
    return ok(h);
  },
};

async function play(input: string, a: TerminalAdapter<NimState, number, number> = adapter) {
  const { io, stdout } = memoryIo(input);
  const h = await runTerminalGame(a, io);
  return { h, out: stdout(), stones: current(h).stones };
}

describe('terminal play loop', () => {
  it('plays typed moves and stops at the end of input', async () => {
    const { stones, out } = await play('take 3\ntake 2\n');
    expect(stones).toBe(5);
    expect(out).toContain('[oooooooooo]');
    expect(out).toContain('Second to move>');
  });

  it('prints the reason for an illegal move in words, without its code, and keeps the position', async () => {
    const { stones, out } = await play('take 9\n');
    expect(stones).toBe(10);
    expect(out).toContain('> Cannot take 9\n');
    expect(out).not.toContain('move/illegal');
    expect(out).not.toContain('at character');
  });

  it('takes back and redoes moves; a new move drops the undone line', async () => {
    expect((await play('take 1\ntake 2\nundo\n')).stones).toBe(9);
    expect((await play('take 1\ntake 2\nundo\nredo\n')).stones).toBe(7);
    const { h } = await play('take 1\ntake 2\nundo\ntake 3\nredo\n');
    expect(h.moves.slice(0, h.cursor)).toEqual([1, 3]);
  });

  it('lists the legal moves on request', async () => {
    expect((await play('moves\n')).out).toContain('take 1  take 2  take 3');
  });

  it('lists the moves played in numbered pairs, without those taken back', async () => {
    expect((await play('take 1\ntake 2\ntake 3\nhistory\n')).out).toContain('> 1. take 1 take 2 2. take 3\n');
    expect((await play('take 1\ntake 2\ntake 3\nundo\nhistory\n')).out).toContain('> 1. take 1 take 2\n');
    expect((await play('history\n')).out).toContain('No moves yet.');
  });

  it('flips the board view', async () => {
    expect((await play('flip\n')).out).toContain('(flipped)');
  });

  it('resignation ends the game, and takeback undoes the resignation', async () => {
    const resigned = await play('take 1\nresign\ny\n');
    expect(nim.outcome(current(resigned.h))).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(resigned.out).toContain('First wins (resigned).');
    const undone = await play('take 1\nresign\ny\nundo\n');
    expect(nim.outcome(current(undone.h))).toBeUndefined();
    expect(current(undone.h).stones).toBe(9);
  });

  it('a draw offer needs the other player to accept', async () => {
    const declined = await play('draw\nn\n');
    expect(nim.outcome(current(declined.h))).toBeUndefined();
    const agreed = await play('draw\ny\n');
    expect(nim.outcome(current(agreed.h))).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it('saves to a file and loads it back', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tactica-loop-')), 'nim.txt');
    await play(`take 2\ntake 3\nsave ${file}\nquit\n`);
    expect(readFileSync(file, 'utf8')).toBe('2 3');
    const { stones, out } = await play(`load ${file}\n`);
    expect(out).toContain(`Loaded ${file}.`);
    expect(stones).toBe(5);
    const bad = await play(`load ${join(tmpdir(), 'no-such-file-tactica.txt')}\n`);
    expect(bad.out).toContain('Could not read');
  });

  it('a computer seat moves by itself, and takeback returns to the human turn', async () => {
    const { io, stdout } = memoryIo('take 1\nundo\n');
    const h: History<NimState, number> = await runTerminalGame(adapter, io, {
      seats: [undefined, { name: 'Bot', chooseMove: async () => 2 }],
    });
    expect(stdout()).toContain('Bot (Second) plays take 2');
    expect(current(h).stones).toBe(10);
  });
});

describe('terminal loop hooks for game commands', () => {
  it('a game command can end the game by resignation (undoable) and stop the session; onChange sees every change', async () => {
    const changes: number[] = [];
    const withCommands: TerminalAdapter<NimState, number, number> = {
      ...adapter,
      onChange: (h) => changes.push(h.cursor),
      extraCommands: [
        { names: ['r'], help: 'resign', run: (ctx) => ctx.endWith(nim.resign(current(ctx.history), 0)) },
        { names: ['stop'], help: 'stop', run: (ctx) => ctx.quit() },
      ],
    };
    const { io } = memoryIo('take 1\nr\nundo\nstop\ntake 1\n');
    const h = await runTerminalGame(withCommands, io);
    expect(current(h).stones).toBe(9);
    expect(nim.outcome(current(h))).toBeUndefined();
    expect(changes).toEqual([1, 1, 1]);
  });
});

describe('terminal loop with clocks (Draughts manual 3.2.2)', () => {
  /** An input that stays open (a person who types nothing) until the test ends it. */
  function openIo() {
    const m = memoryIo();
    const input = new PassThrough();
    return { ...m, io: { ...m.io, input }, input };
  }

  /** Runs the loop until it waits at "Game over>", then ends the input: the game was played out by the clocks. */
  async function untilGameOver(
    o: ReturnType<typeof openIo>,
    options: Parameters<typeof runTerminalGame<NimState, number, number>>[2],
  ): Promise<History<NimState, number>> {
    const game = runTerminalGame(adapter, o.io, options);
    await o.waitForOutput(/Game over> $/).finally(() => o.input.end());
    return within(game, 'the loop to return once the input ended');
  }

  it('per move: when a player runs out of time a random legal move is played for him', async () => {
    const o = openIo();
    let t = 0;
    // Every reading of the clock is 20 s later: each blitz move (10 s) has already run out.
    const h = await untilGameOver(o, {
      clock: { mode: 'move', limit: 'blitz' },
      now: () => (t += 20_000),
      seed: 4,
    });
    expect(o.stdout()).toMatch(/Time is up for First: a random move is played, take [123]\./);
    expect(nim.outcome(current(h))?.reason).toBe('last-stone');
  });

  it('per game: the player who runs out of time loses', async () => {
    const o = openIo();
    const { stdout } = o;
    let t = 0;
    const h = await untilGameOver(o, {
      clock: { mode: 'game', limit: 'blitz' },
      now: () => (t += 7 * 60_000),
    });
    expect(stdout()).toContain('Second wins (First ran out of time).');
    expect(nim.outcome(current(h))).toMatchObject({ kind: 'win', winner: 1 });
  });

  it('blitz forbids takeback; the clock is shown under the board', async () => {
    const { io, stdout } = memoryIo('take 1\nundo\n');
    const h = await runTerminalGame(adapter, io, { clock: { mode: 'game', limit: 'blitz' } });
    expect(current(h).stones).toBe(9);
    expect(stdout()).toContain('Takeback is not allowed in this game.');
    expect(stdout()).toMatch(/Clock \(per game, blitz\): First 6:00 {2}Second 6:00/);
  });

  it('switch hands the computer the other side', async () => {
    const { io, stdout } = memoryIo('switch\n');
    await runTerminalGame(adapter, io, { seats: [undefined, { name: 'Bot', chooseMove: async () => 1 }] });
    expect(stdout()).toContain('Sides switched.');
    expect(stdout()).toContain('Bot (First) plays take 1');
  });
});

describe('game commands that only print', () => {
  it('do not redraw the board', async () => {
    const { io, stdout } = memoryIo('count\n');
    await runTerminalGame(
      {
        ...adapter,
        extraCommands: [{ names: ['count'], help: 'stones', printsOnly: true, run: (ctx) => ctx.print('ten') }],
      },
      io,
    );
    expect(stdout().split('[oooooooooo]').length - 1).toBe(1);
  });
});

describe('the loop drives the core game session', () => {
  it('a game command cannot end a game that is already over', async () => {
    const { io, stdout } = memoryIo('take 3\ntake 3\ntake 3\ntake 1\nr\n');
    const h = await runTerminalGame(
      {
        ...adapter,
        extraCommands: [
          { names: ['r'], help: 'resign', run: (ctx) => ctx.endWith(nim.resign(current(ctx.history), 0)) },
        ],
      },
      io,
    );
    expect(stdout()).toContain('The game is already over.');
    expect(nim.outcome(current(h))).toEqual({ kind: 'win', winner: 1, reason: 'last-stone' });
  });

  it("seats set by a game command reach the session: the computer's shorter allowance follows", async () => {
    const { io, stdout } = memoryIo('bot\n');
    await runTerminalGame(
      {
        ...adapter,
        extraCommands: [
          {
            names: ['bot'],
            help: 'the computer plays Second',
            run: (ctx) => {
              ctx.seats = [undefined, { name: 'Bot', chooseMove: async () => 1 }];
            },
          },
        ],
      },
      io,
      { clock: { mode: 'game', limit: 'normal' }, now: () => 0 },
    );
    expect(stdout()).toContain('Clock (per game, normal): First 30:00  Second 30:00');
    expect(stdout()).toContain('Clock (per game, normal): First 30:00  Second 20:00');
  });

  it("a computer's move that comes after its time ran out is replaced by the timeout's random move", async () => {
    let t = 0;
    // Second's per-move blitz allowance is 10 s / 1.5; this computer takes 20 s.
    const slow = {
      name: 'Slow',
      chooseMove: async () => {
        t += 20_000;
        return 1;
      },
    };
    const { io, stdout } = memoryIo('take 1\n');
    const h = await runTerminalGame(adapter, io, {
      seats: [undefined, slow],
      clock: { mode: 'move', limit: 'blitz' },
      now: () => t,
      seed: 2,
    });
    expect(stdout()).toMatch(/Time is up for Second: a random move is played, take [123]\./);
    expect(stdout()).not.toContain('Slow (Second) plays');
    // First's turn started when Second's time ran out, 13 s before the computer answered: it ran out too.
    expect(stdout()).toMatch(/Time is up for First: a random move is played, take [123]\./);
    expect(h.cursor).toBeGreaterThanOrEqual(3);
  });
});

describe('at a terminal: line editing, history and Tab completion', () => {
  async function playTyped(keys: string) {
    const t = terminalIo();
    const game = runTerminalGame(adapter, t.io);
    await typeKeys(t.input, keys);
    t.input.end();
    const h = await within(game, 'the loop to end with the input');
    return { ...t, h };
  }

  it('Tab completes a command name', async () => {
    const { stdout } = await playTyped('fl\t\r');
    expect(stdout()).toContain('(flipped)');
  });

  it('Tab completes a legal move, written in the game notation', async () => {
    // Three stones taken three times leave one: "take " can only be "take 1" ("takeback" does not fit).
    const { h } = await playTyped('take 3\rtake 3\rtake 3\rtake \t\r');
    expect(h.moves.slice(0, h.cursor)).toEqual([3, 3, 3, 1]);
    expect(nim.outcome(current(h))).toEqual({ kind: 'win', winner: 1, reason: 'last-stone' });
  });

  it('the up arrow brings back the line typed before', async () => {
    const { h } = await playTyped('take 2\r\x1b[A\r');
    expect(h.moves.slice(0, h.cursor)).toEqual([2, 2]);
  });

  it('the terminal is put in raw mode for editing and given back when the command ends', async () => {
    const t = terminalIo();
    const run = runCli(['play'], gameClis, t.io);
    await t.waitForOutput(/Game number or name/);
    expect(t.rawModes).toEqual([true]);
    // "q" leaves the menu with the keyboard still open: the command gives the terminal back itself.
    await typeKeys(t.input, 'q\r');
    expect(await within(run, 'tactica play to leave the menu')).toBe(0);
    expect(t.rawModes).toEqual([true, false]);
  });
});

describe('one command table for help and for dispatch', () => {
  it('help lists the core commands and the game commands, each name once', async () => {
    const { io, stdout } = memoryIo('help\n');
    await runTerminalGame(
      { ...adapter, extraCommands: [{ names: ['count'], args: '<n>', help: 'count stones', run: () => undefined }] },
      io,
    );
    const lines = stdout().split('\n');
    // The list follows the prompt on its line (piped input echoes nothing).
    const start = lines.findIndex((l) => l.endsWith('Commands (anything else is read as a move):'));
    const rows = lines.slice(start + 1, start + 16);
    expect(rows.map((r) => r.trim().split(/\s{2,}/)[0])).toEqual([
      'help, ?',
      'moves, legal [square]',
      'history, record',
      'undo, takeback, back',
      'redo, forward',
      'flip, invert',
      'switch',
      'board',
      'rules',
      'save [file]',
      'load, open <file>',
      'draw',
      'resign',
      'quit, exit',
      'count <n>',
    ]);
  });

  it("a game command with a core command's name replaces it, in help and when typed", async () => {
    const { io, stdout } = memoryIo('help\nflip\n');
    await runTerminalGame(
      {
        ...adapter,
        extraCommands: [
          { names: ['flip'], help: 'the game’s own flip', printsOnly: true, run: (ctx) => ctx.print('own flip') },
        ],
      },
      io,
    );
    expect(stdout()).toContain('own flip');
    expect(stdout()).not.toContain('(flipped)');
    expect(stdout()).toMatch(/^ {2}invert\s+turn the board round$/m);
    expect(stdout()).toMatch(/^ {2}flip\s+the game’s own flip$/m);
  });
});

describe('commandTable', () => {
  it('keeps the core commands first, drops the names a game command takes, and drops a command left nameless', () => {
    const run = () => 'prompt' as const;
    const table = commandTable(
      [
        { names: ['board'], help: 'core board', run },
        { names: ['flip', 'invert'], help: 'core flip', run },
      ],
      [{ names: ['board', 'invert'], help: 'game board', run }],
    );
    expect(table.map((c) => [c.names, c.help])).toEqual([
      [['flip'], 'core flip'],
      [['board', 'invert'], 'game board'],
    ]);
  });
});

describe('files from the save command', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'tactica-loop-files-'));
  const withExt: TerminalAdapter<NimState, number, number> = { ...adapter, saveExtension: 'nim' };

  it('adds the extension to a name without one, and load finds the file by that name', async () => {
    const base = join(dir(), 'game1');
    const saved = await play(`take 2\nsave ${base}\nquit\n`, withExt);
    expect(saved.out).toContain(`Saved to ${base}.nim.`);
    expect(readFileSync(`${base}.nim`, 'utf8')).toBe('2');
    const loaded = await play(`load ${base}\n`, withExt);
    expect(loaded.stones).toBe(8);
    // A name with an extension is taken as it is.
    await play(`take 1\nsave ${base}.txt\nquit\n`, withExt);
    expect(readFileSync(`${base}.txt`, 'utf8')).toBe('1');
  });

  it('Enter at the file name prompt cancels the save', async () => {
    const r = await play('take 2\nsave\n\nquit\ny\n', withExt);
    expect(r.out).toContain('File name (Enter to cancel): ');
    expect(r.out).toContain('Not saved.');
    // The game is still not saved: quitting asks.
    expect(r.out).toContain('The game is not saved. Quit anyway?');
  });

  it('asks before replacing a file, and keeps it when told no', async () => {
    const file = join(dir(), 'kept.nim');
    await play(`take 2\nsave ${file}\nquit\n`, withExt);
    const declined = await play(`take 3\nsave ${file}\nn\nquit\ny\n`, withExt);
    expect(declined.out).toContain(`${file} exists. Replace it? (y/n)`);
    expect(readFileSync(file, 'utf8')).toBe('2');
    await play(`take 3\nsave ${file}\ny\nquit\n`, withExt);
    expect(readFileSync(file, 'utf8')).toBe('3');
  });

  it('writes through the atomic writer: no temporary file is left beside the save', async () => {
    const d = dir();
    await play(`take 2\nsave ${join(d, 'a.nim')}\nquit\n`, withExt);
    expect(readdirSync(d)).toEqual(['a.nim']);
  });
});

describe("the manuals' ways around the moves", () => {
  const confirming: TerminalAdapter<NimState, number, number> = { ...adapter, confirmMoves: true };

  it('a move is confirmed by any key but N, X or Esc (Force 400, "Move Entry")', async () => {
    for (const [answer, stones] of [
      ['', 8],
      [' ', 8],
      ['y', 8],
      ['Y', 8],
      ['k', 8],
      ['n', 10],
      ['N', 10],
      ['x', 10],
      ['\x1b', 10],
      ['esc', 10],
    ] as const) {
      const r = await play(`take 2\n${answer}\n`, confirming);
      expect(r.stones, `answer ${JSON.stringify(answer)}`).toBe(stones);
    }
  });

  it('at a terminal the confirmation is one keystroke, without Enter', async () => {
    const t = terminalIo();
    const game = runTerminalGame(confirming, t.io);
    await typeKeys(t.input, 'take 2\r');
    await t.waitForOutput(atPrompt('N, X or Esc: no) '));
    await typeKeys(t.input, 'y');
    await t.waitForOutput(atPrompt('Second to move> '));
    await typeKeys(t.input, 'take 3\r');
    await t.waitForOutput(atPrompt('Play take 3? (Y, Enter or space: yes; N, X or Esc: no) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('Second to move> '));
    t.input.end();
    const h = await within(game, 'the loop to end');
    expect(current(h).stones).toBe(8);
  });

  const bot = { name: 'Bot', chooseMove: async () => 2 };
  const announcing: TerminalAdapter<NimState, number, number> = { ...adapter, announceComputerMoves: true };

  it("at a terminal the computer's intended move is shown and waits for a keystroke before it is played", async () => {
    const t = terminalIo();
    const game = runTerminalGame(announcing, t.io, { seats: [undefined, bot] });
    await typeKeys(t.input, 'take 1\r');
    await t.waitForOutput(/Bot \(Second\) will play take 2\./);
    await t.waitForOutput(atPrompt('Press any key to see it played. '));
    expect(t.stdout()).not.toContain('Bot (Second) plays take 2');
    await typeKeys(t.input, ' ');
    await t.waitForOutput(/Bot \(Second\) plays take 2/);
    t.input.end();
    expect(current(await within(game, 'the loop to end')).stones).toBe(7);
  });

  it('the pause can be turned off, and piped input never pauses', async () => {
    const t = terminalIo();
    const game = runTerminalGame(announcing, t.io, { seats: [undefined, bot], pause: false });
    await typeKeys(t.input, 'take 1\r');
    await t.waitForOutput(/Bot \(Second\) plays take 2/);
    expect(t.stdout()).not.toContain('will play');
    t.input.end();
    await within(game, 'the loop to end');
    const { io, stdout } = memoryIo('take 1\n');
    await runTerminalGame(announcing, io, { seats: [undefined, bot] });
    expect(stdout()).toContain('Bot (Second) plays take 2');
    expect(stdout()).not.toContain('will play');
  });

  it('an illegal entry rings the bell at a terminal and waits for a key after its reason (Force 400, "Errors")', async () => {
    const beeping: TerminalAdapter<NimState, number, number> = { ...adapter, bellOnRefusal: true };
    const t = terminalIo();
    const game = runTerminalGame(beeping, t.io);
    await typeKeys(t.input, 'take 9\r');
    await t.waitForOutput(atPrompt('Press any key. '));
    expect(t.stdout()).toContain('\x07');
    expect(t.stdout().indexOf('\x07')).toBeLessThan(t.stdout().indexOf('Cannot take 9'));
    await typeKeys(t.input, 'z');
    await t.waitForOutput(atPrompt('First to move> '));
    t.input.end();
    expect(current(await within(game, 'the loop to end')).stones).toBe(10);
    // No bell into a pipe.
    const piped = await play('take 9\n', beeping);
    expect(piped.out).toContain('Cannot take 9');
    expect(piped.out).not.toContain('\x07');
  });

  it('sound: annoying rings after every move and at the end, normal at the end only, off never', async () => {
    const bells = async (mode: 'off' | 'normal' | 'annoying'): Promise<number> => {
      const t = terminalIo();
      const game = runTerminalGame({ ...adapter, sound: () => mode }, t.io);
      await typeKeys(t.input, 'take 3\rtake 3\rtake 3\rtake 1\r');
      await t.waitForOutput(atPrompt('Game over> '));
      t.input.end();
      await within(game, 'the loop to end');
      return t.stdout().split('\x07').length - 1;
    };
    expect(await bells('annoying')).toBe(5);
    expect(await bells('normal')).toBe(1);
    expect(await bells('off')).toBe(0);
  });

  it('quit asks first when the game says so, even when it is saved', async () => {
    const asking: TerminalAdapter<NimState, number, number> = { ...adapter, confirmQuit: true };
    const stayed = await play('quit\nn\ntake 2\n', asking);
    expect(stayed.out).toContain('Quit this game? (y/n)');
    expect(stayed.stones).toBe(8);
    const left = await play('quit\ny\ntake 2\n', asking);
    expect(left.stones).toBe(10);
    // Without it, a saved or untouched game is left at once.
    expect((await play('quit\ntake 2\n')).stones).toBe(10);
  });

  it('switching sides turns the board only when the view follows the seats', async () => {
    const seats = [undefined, { name: 'Bot', chooseMove: async () => 1 }] as const;
    const following = memoryIo('switch\n');
    await runTerminalGame(adapter, following.io, { seats });
    expect(following.stdout()).toContain('(flipped)');
    const fixed = memoryIo('switch\n');
    await runTerminalGame({ ...adapter, boardFollowsSeats: false }, fixed.io, { seats });
    expect(fixed.stdout()).toContain('Sides switched.');
    expect(fixed.stdout()).not.toContain('(flipped)');
  });

  it('a library save clears the "not saved" state: quitting no longer asks', async () => {
    const keeping: TerminalAdapter<NimState, number, number> = {
      ...adapter,
      extraCommands: [{ names: ['keep'], help: 'keep', run: (ctx) => ctx.markSaved() }],
    };
    const r = await play('take 2\nkeep\nquit\ntake 1\n', keeping);
    expect(r.out).not.toContain('Quit anyway?');
    expect(r.stones).toBe(8);
    const unkept = await play('take 2\nquit\ny\n', keeping);
    expect(unkept.out).toContain('The game is not saved. Quit anyway?');
  });
});
