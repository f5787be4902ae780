import {
  createRng,
  createSimultaneousSession,
  restoreSimultaneousSession,
  startHistory,
  type CommandApplied,
  type InputError,
  type Player,
  type Result,
  type Rng,
} from '@tactica/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCommand } from './command.js';
import { editSquare } from './customize.js';
import { createTactorus, newGame, tactorus } from './game.js';
import { commandOptions, coreFromRecord, lastRound, recordOf, type TactorusCore } from './line.js';
import { formatOrder } from './notation.js';
import { parsePosition } from './position.js';
import { playRoundChecked, replayRecord } from './record.js';
import type { Rules, TactorusState } from './state.js';
import { scheduleRandomly } from './test-rounds.js';

function must<T>(r: Result<T, InputError>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function code(r: Result<unknown, InputError>): string | undefined {
  return r.ok ? undefined : r.error.code;
}

function start(): TactorusCore {
  return must(
    createSimultaneousSession(tactorus, { now: 0, seats: [{ kind: 'human' }, { kind: 'computer', level: '3' }] }),
  );
}

/** Plays one round: each player's orders (as text), then done. */
function round(core: TactorusCore, first: readonly string[], second: readonly string[]): TactorusCore {
  core = must(core.submit(0, [...first, 'done'], commandOptions(core)));
  return must(core.submit(1, [...second, 'done'], commandOptions(core)));
}

/**
 * What a server holds is the snapshot alone: restored with a new game object (as the catalogue makes one), it must
 * be the same session, write the same snapshot, give the same views, status and record.
 */
function restoredAlone(core: TactorusCore): TactorusCore {
  const text = JSON.stringify(core);
  const back = must(restoreSimultaneousSession(createTactorus(), JSON.parse(text) as unknown));
  expect(JSON.stringify(back)).toBe(text);
  for (const p of [0, 1] as const) expect(back.viewFor(p)).toEqual(core.viewFor(p));
  expect(back.status()).toEqual(core.status());
  expect(recordOf(back)).toEqual(recordOf(core));
  expect(back.position).toEqual(core.position);
  return back;
}

/** The game object's own `command` hook, which Tactorus has. */
function command(s: TactorusState, text: string): Result<CommandApplied<TactorusState>, InputError> {
  const hook = tactorus.command;
  if (!hook) throw new Error('Tactorus has commands of its own');
  return hook(s, text);
}

const BASIC_HIGH: Rules = { chain: false, supplyLines: false, highGround: true };

describe("Tactorus's own commands on the game contract", () => {
  it('are record lines: the game gives back the line as a record writes it', () => {
    const s = newGame();
    const rules = must(command(s, 'Rules: supply-lines chain'));
    expect(rules.text).toBe('Rules: chain supply-lines');
    expect(rules.state.rules).toEqual({ chain: true, supplyLines: true, highGround: false });
    const board = must(editSquare(s.board, 55, 'C'));
    const custom = must(command(s, formatCommand({ type: 'customize', board })));
    expect(custom.state.board).toBe(board);
    expect(custom.text).toBe(`Customize: ${board.match(/.{10}/g)?.join('/')}`);
  });

  it('refuse what is not a command, and what the rules forbid (flags)', () => {
    const s = newGame();
    const flagless = `${s.board.slice(0, 94)}.${s.board.slice(95)}`;
    const cases: readonly [string, string][] = [
      ['Round 1: 84-64 / -', 'command/unknown'],
      ['Resign: 1', 'command/unknown'],
      ['rules chain', 'command/unknown'],
      ['Rules: chain sideways', 'rules/unknown'],
      [formatCommand({ type: 'customize', board: flagless }), 'customize/flag'],
    ];
    for (const [text, expected] of cases) expect(code(command(s, text))).toBe(expected);
  });
});

describe('the core session as the authority of a Tactorus game', () => {
  it('customize and rule changes are commands in the line: they clear both sides’ orders and a restore replays them', () => {
    let core = round(start(), ['84-64'], ['15-35']);
    core = must(core.submit(0, ['83-63'], commandOptions(core)));
    core = must(core.submit(1, ['14-34', 'done'], commandOptions(core)));
    const board = must(editSquare(core.roundStart.board, 55, 'C'));
    core = must(core.command(formatCommand({ type: 'customize', board }), commandOptions(core)));
    expect(core.position.orders).toEqual([[], []]);
    expect(core.position.board[55]).toBe('C');
    core = restoredAlone(core);
    core = must(core.command(formatCommand({ type: 'rules', rules: BASIC_HIGH }), commandOptions(core)));
    core = restoredAlone(core);
    core = round(core, ['55-35'], []);
    core = restoredAlone(core);
    expect(core.roundStart.rules).toEqual(BASIC_HIGH);
    expect(must(recordOf(core)).events.map((e) => e.type)).toEqual(['round', 'customize', 'rules', 'round']);
  });

  it('takeback undoes a command or a round, redo replays it, and both survive the snapshot', () => {
    let core = round(start(), ['84-64'], ['15-35']);
    const before = core.roundStart;
    core = must(core.command(formatCommand({ type: 'rules', rules: BASIC_HIGH }), commandOptions(core)));
    core = restoredAlone(must(core.takeback(commandOptions(core))));
    expect(core.roundStart).toEqual(before);
    expect(must(recordOf(core)).events.map((e) => e.type)).toEqual(['round']);
    core = restoredAlone(must(core.redo(commandOptions(core))));
    expect(core.roundStart.rules).toEqual(BASIC_HIGH);
    core = restoredAlone(must(core.takeback(commandOptions(core))));
    core = restoredAlone(must(core.takeback(commandOptions(core))));
    expect(core.roundStart.round).toBe(0);
    expect(must(recordOf(core)).events).toEqual([]);
  });

  it('a resignation drops the round in progress, takeback gives it back; an agreed draw too; all from the snapshot', () => {
    let core = round(start(), ['84-64'], ['15-35']);
    core = must(core.submit(1, ['35-55', 'done'], commandOptions(core)));
    core = restoredAlone(must(core.resign(0, commandOptions(core))));
    expect(core.outcome).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(must(recordOf(core)).events.at(-1)).toEqual({ type: 'resign', player: 0 });
    core = restoredAlone(must(core.takeback(commandOptions(core))));
    expect(core.viewFor(1)).toMatchObject({ ok: true, value: { pending: ['35-55', 'done'], submitted: true } });
    core = must(core.offerDraw(1, commandOptions(core)));
    core = restoredAlone(core);
    core = restoredAlone(must(core.answerDraw(0, true, commandOptions(core))));
    expect(core.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(must(recordOf(core)).events.at(-1)).toEqual({ type: 'draw' });
  });

  it('a version 1 snapshot of a Tactorus game (rounds only) still restores', () => {
    const v1 = {
      format: 'tactica-simultaneous-session',
      formatVersion: 1,
      game: 'tactorus',
      version: 3,
      seats: [{ kind: 'human' }, { kind: 'human' }],
      line: {
        start: tactorus.formatPosition(newGame()),
        rounds: [
          [
            ['84-64', 'done'],
            ['15-35', 'done'],
          ],
        ],
        cursor: 1,
      },
      pending: [['64-44'], []],
    };
    const core = must(restoreSimultaneousSession(tactorus, v1));
    expect(core.roundStart.board[64]).toBe('I');
    expect(core.viewFor(0)).toMatchObject({ ok: true, value: { pending: ['64-44'], round: 2 } });
    expect(core.toJSON().line.steps).toEqual(v1.line.rounds);
  });

  it('lastRound gives the orders and the report the rules give for the round played', () => {
    let core = start();
    expect(lastRound(core)).toBeUndefined();
    core = must(core.submit(0, ['84-64', '83-63', 'w84', 'done'], commandOptions(core)));
    const roundStart = core.roundStart;
    core = must(core.submit(1, ['15-35', 'done'], commandOptions(core)));
    const played = lastRound(core);
    const orders = [[{ from: 83, to: 63 }], [{ from: 15, to: 35 }]] as const;
    expect(played).toEqual({ round: 1, orders, report: must(playRoundChecked(roundStart, orders)).report });
    core = must(core.command(formatCommand({ type: 'rules', rules: BASIC_HIGH }), commandOptions(core)));
    expect(lastRound(core)).toBeUndefined();
  });

  it('a line that does not start at round 0 has no record', () => {
    const later = must(parsePosition(`${tactorus.formatPosition(newGame()).replace(' 0 ', ' 7 ')}`));
    const core = must(createSimultaneousSession(tactorus, { now: 0, line: startHistory(later) }));
    expect(code(recordOf(core))).toBe('record/not-from-start');
  });
});

/** A random game in the core session: rounds of random orders, now and then a rule change or a customize. */
function randomGame(rng: Rng, steps: number): TactorusCore {
  let core = start();
  for (let i = 0; i < steps && !core.outcome; i++) {
    const kind = rng.int(8);
    if (kind === 0) {
      const rules = { chain: rng.int(2) === 1, supplyLines: rng.int(2) === 1, highGround: rng.int(2) === 1 };
      core = must(core.command(formatCommand({ type: 'rules', rules }), commandOptions(core)));
    } else if (kind === 1) {
      const board = editSquare(core.roundStart.board, rng.int(100), rng.pick(['.', 'I', 'c', 'A']));
      if (board.ok)
        core = must(core.command(formatCommand({ type: 'customize', board: board.value }), commandOptions(core)));
    } else {
      for (const p of [0, 1] as Player[]) {
        const orders = scheduleRandomly(rng, core.roundStart, p).orders[p].map(formatOrder);
        core = must(core.submit(p, [...orders, 'done'], commandOptions(core)));
      }
    }
  }
  return core;
}

describe('the record is derived from the line', () => {
  it('over random games: the record replays to the same position, and the line made from it is the same game', () => {
    const rng = createRng('record from line');
    for (let g = 0; g < 25; g++) {
      const core = randomGame(rng, 3 + rng.int(20));
      const record = must(recordOf(core));
      const replayed = must(replayRecord(record));
      expect(replayed).toEqual(core.roundStart);
      const again = must(coreFromRecord(record));
      expect(again.roundStart).toEqual(core.roundStart);
      expect(recordOf(again)).toEqual(recordOf(core));
    }
  });

  it('a record that does not fit the rules is refused, naming the event', () => {
    const record = { startBoard: newGame().board, startRules: newGame().rules, events: [] };
    const bad = coreFromRecord({
      ...record,
      events: [{ type: 'round', round: 1, orders: [[{ from: 84, to: 14 }], []] }],
    });
    expect(bad.ok ? '' : `${bad.error.code} ${bad.error.message}`).toMatch(/^order\/\S+ event 1:/);
    const skipped = coreFromRecord({ ...record, events: [{ type: 'round', round: 2, orders: [[], []] }] });
    expect(code(skipped)).toBe('record/round-number');
  });
});

describe('secrecy in the Tactorus session, by property', () => {
  /** Player 2's part of a round: random orders of theirs, submitted (done) or not. */
  const draft = fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean());
  const commands = fc.array(
    fc.constantFrom(
      '84-64',
      '83-73',
      'w84',
      'done',
      '15-35',
      '2:done',
      'nonsense',
      'withdraw',
      'rules',
      'customize',
      'customize-flag',
      'offer',
    ),
    { maxLength: 8 },
  );

  function scheduleSecond(core: TactorusCore, [seed, done]: [number, boolean]): TactorusCore {
    const orders = scheduleRandomly(createRng(seed), core.roundStart, 1).orders[1].map(formatOrder);
    const moves = done ? [...orders, 'done'] : orders;
    // A list is one command: the versions stay equal whatever Player 2 scheduled.
    return moves.length
      ? must(core.submit(1, moves, commandOptions(core)))
      : must(core.setSeats(core.seats, commandOptions(core)));
  }

  function act(core: TactorusCore, c: string): Result<TactorusCore, InputError> {
    const board = core.roundStart.board;
    switch (c) {
      case 'withdraw':
        return core.withdraw(0, commandOptions(core));
      case 'offer':
        return core.offerDraw(0, commandOptions(core));
      case 'rules':
        return core.command(formatCommand({ type: 'rules', rules: BASIC_HIGH }), commandOptions(core));
      case 'customize':
        return core.command(
          formatCommand({ type: 'customize', board: `${board.slice(0, 50)}I${board.slice(51)}` }),
          commandOptions(core),
        );
      case 'customize-flag':
        return core.command(formatCommand({ type: 'customize', board: board.replace('F', '.') }), commandOptions(core));
      default:
        return core.submit(0, c, commandOptions(core));
    }
  }

  it("Player 1's views, errors and status never depend on Player 2's pending orders, after customize and rule changes too", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), draft, draft, commands, (seed, a, b, list) => {
        fc.pre(a[1] === b[1]);
        const base = randomGame(createRng(seed), 4);
        if (base.outcome) return;
        let x = scheduleSecond(base, a);
        let y = scheduleSecond(base, b);
        const played = base.status().roundsPlayed;
        for (const c of list) {
          const rx = act(x, c);
          const ry = act(y, c);
          expect(rx.ok ? undefined : rx.error).toEqual(ry.ok ? undefined : ry.error);
          if (!rx.ok || !ry.ok) continue;
          x = rx.value;
          y = ry.value;
          // Once the round is played both sides' orders are public: nothing secret is left to compare.
          if (x.status().roundsPlayed > played) return;
          expect(x.viewFor(0)).toEqual(y.viewFor(0));
          expect(x.status()).toEqual(y.status());
        }
      }),
      { numRuns: 150 },
    );
  });
});
