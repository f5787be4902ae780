import { createRng, snapshot, type Player } from '@tactica/core';
import { conformanceCases } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { createTactorus, newGame, playMove, playRound, tactorus } from './game.js';
import { observe } from './observation.js';
import { formatPosition, parsePosition } from './position.js';
import { resolveRound } from './resolve.js';
import { ALL_FLANKS } from './board.js';
import { BASIC_RULES, DEFAULT_RULES, type TactorusState } from './state.js';
import { stateOf } from './test-boards.js';
import { randomState, replayPermuted, scheduleRandomly, shuffled } from './test-rounds.js';

describe('conformance', () => {
  for (const c of conformanceCases(tactorus, {
    playouts: 16,
    movesPerPosition: 40,
    junkMoves: ['1:', '3:done', 'w', 'w100', '63-', '-43', '99-99', '00-11-22', 'done done', 'p1: 84-74', '8474x'],
    junkPositions: [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain - -',
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 50 chain - -',
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain * *',
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain 84-74,84-64 -',
    ],
  })) {
    it(c.name, c.run);
  }
});

describe('the simultaneous round on the contract', () => {
  it('both players schedule at the start; a player who is done drops out of toMove', () => {
    let s = tactorus.initial();
    expect(tactorus.toMove(s)).toEqual([0, 1]);
    s = tactorus.play(s, { type: 'done', player: 1 });
    expect(tactorus.toMove(s)).toEqual([0]);
    expect(tactorus.legalMoves(s, 1)).toEqual([]);
    expect(tactorus.legalMoves(s).every((m) => m.player === 0)).toBe(true);
  });

  it('the round resolves when the second player is done, whoever is first', () => {
    const start = tactorus.initial();
    const orders = [[{ from: 84, to: 64 }], [{ from: 15, to: 35 }]] as const;
    const a = playRound(start, orders);
    let b = tactorus.play(start, { type: 'order', player: 1, from: 15, to: 35 });
    b = tactorus.play(b, { type: 'done', player: 1 });
    b = tactorus.play(b, { type: 'order', player: 0, from: 84, to: 64 });
    b = tactorus.play(b, { type: 'done', player: 0 });
    expect(b).toEqual(a);
    expect(a.round).toBe(1);
    expect(a.board[64]).toBe('I');
    expect(a.board[35]).toBe('i');
    expect(tactorus.toMove(a)).toEqual([0, 1]);
    expect(a.orders).toEqual([[], []]);
  });

  it('move text: orders as square pairs, w for withdraw, done; a 1:/2: prefix names the player', () => {
    const s = tactorus.initial();
    const parse = (text: string, p?: Player) => tactorus.parseMove(s, text, p);
    expect(parse('84-74')).toEqual({ ok: true, value: { type: 'order', player: 0, from: 84, to: 74 } });
    expect(parse('84 74')).toEqual(parse('84-74'));
    expect(parse('8474')).toEqual(parse('84-74'));
    expect(parse('2:15-35')).toEqual({ ok: true, value: { type: 'order', player: 1, from: 15, to: 35 } });
    expect(parse('done', 1)).toEqual({ ok: true, value: { type: 'done', player: 1 } });
    const errors: [string, Player | undefined, string][] = [
      ['done', undefined, 'move/which-player'],
      ['1:15-35', undefined, 'order/not-your-piece'],
      ['2:84-74', 0, 'move/wrong-player'],
      ['50-40', undefined, 'move/which-player'],
      ['w84', 0, 'withdraw/no-order'],
      ['84-54', 0, 'order/out-of-reach'],
      ['84-to-74', 0, 'move/syntax'],
    ];
    for (const [text, p, code] of errors) {
      const r = parse(text, p);
      expect(r.ok ? 'ok' : r.error.code, text).toBe(code);
    }
    const one = tactorus.play(s, { type: 'order', player: 0, from: 84, to: 74 });
    expect(tactorus.formatMove(one, { type: 'withdraw', player: 0, from: 84 })).toBe('w84');
    expect(tactorus.parseMove(one, 'w84')).toEqual({ ok: true, value: { type: 'withdraw', player: 0, from: 84 } });
  });

  it('resignation and agreed draws end the game and clear the orders', () => {
    const s = tactorus.play(tactorus.initial(), { type: 'order', player: 0, from: 84, to: 74 });
    const resigned = tactorus.resign(s, 0);
    expect(tactorus.outcome(resigned)).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(resigned.orders).toEqual([[], []]);
    expect(tactorus.toMove(resigned)).toEqual([]);
    expect(tactorus.outcome(tactorus.agreeDraw(s))).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it('a new game takes rules and flanks; the default has Chain moves and every flank', () => {
    expect(tactorus.initial().rules).toEqual({ chain: true, supplyLines: false, highGround: false });
    const g = createTactorus({
      rules: { chain: false, supplyLines: true, highGround: true },
      flanks: [
        { left: false, right: true },
        { left: true, right: true },
      ],
    });
    const s = g.initial();
    expect(formatPosition(s)).toBe(
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../...IIIIIII/...CFACCAC 0 supply-lines,high-ground - -',
    );
  });

  it('a customized start board (manual, "New game": customized games replayed over and over) replaces the flanks', () => {
    const board = tactorus.initial().board.replace('IIIIIIIIII', '.IIIIIIII.');
    const g = createTactorus({ board, flanks: [{ left: false, right: false }, ALL_FLANKS[1]] });
    expect(g.initial().board).toBe(board);
    expect(g.initial().round).toBe(0);
    expect(g.initial().rules).toEqual(DEFAULT_RULES);
  });
});

describe('the round after round 50 ends the game', () => {
  it('playing 50 empty rounds from the start ends in a tie on equal infantry', () => {
    let s = tactorus.initial();
    for (let r = 0; r < 50; r++) {
      expect(s.ended).toBeUndefined();
      s = playRound(s, [[], []]);
    }
    expect(s.round).toBe(50);
    expect(s.ended).toEqual({ kind: 'draw', reason: 'round-limit' });
    expect(tactorus.toMove(s)).toEqual([]);
  });
});

describe('order independence (manual: "the order in which moves are scheduled will not change the outcome")', () => {
  it('any permutation of the same orders, of either player, gives the same next position (3000 random rounds)', () => {
    const rng = createRng('tactorus order independence');
    let rounds = 0;
    let meetings = 0;
    while (rounds < 3000) {
      const start = randomState(rng, 0.2 + rng.float() * 0.4);
      const scheduled = scheduleRandomly(rng, scheduleRandomly(rng, start, 0), 1);
      const orders = scheduled.orders;
      const reference = playMove(playMove(scheduled, { type: 'done', player: 0 }), { type: 'done', player: 1 });
      for (let k = 0; k < 3; k++) {
        const again = replayPermuted(rng, start, orders);
        expect(again, `round ${rounds}: ${formatPosition(scheduled)}`).toEqual(reference);
        // The resolver itself does not care about any order of the lists, scheduling-valid or not.
        const direct = resolveRound(start.board, [shuffled(rng, orders[0]), shuffled(rng, orders[1])], start.round + 1);
        expect(direct.board).toBe(reference.board);
        expect(direct.outcome).toEqual(reference.ended);
      }
      if (reference.board !== start.board) meetings++;
      rounds++;
    }
    expect(meetings).toBeGreaterThan(2500);
  });

  it('holds along whole random games from the starting position with every combination of rules', () => {
    const rng = createRng('tactorus whole games');
    for (let g = 0; g < 16; g++) {
      const rules = { chain: (g & 1) === 1, supplyLines: (g & 2) === 2, highGround: (g & 4) === 4 };
      let s = newGame({ rules });
      while (!s.ended) {
        const scheduled = scheduleRandomly(rng, scheduleRandomly(rng, s, 1), 0);
        const a = playMove(playMove(scheduled, { type: 'done', player: 1 }), { type: 'done', player: 0 });
        expect(replayPermuted(rng, s, scheduled.orders)).toEqual(a);
        s = a;
      }
    }
  });
});

describe('secrecy: what a player sees of the other side before the round resolves', () => {
  it("the observation has no field holding the other side's orders", () => {
    let s = tactorus.initial();
    s = tactorus.play(s, { type: 'order', player: 1, from: 15, to: 35 });
    s = tactorus.play(s, { type: 'done', player: 1 });
    const seen = observe(s, 0);
    expect(Object.keys(seen).sort()).toEqual(
      ['allowance', 'board', 'done', 'opponentDone', 'orders', 'round', 'rules', 'viewer'].sort(),
    );
    expect(seen.orders).toEqual([]);
    expect(seen.opponentDone).toBe(true);
    expect(snapshot(seen)).not.toContain('35');
  });

  it("two states that differ only in the other side's orders look the same to a player (2000 random pairs)", () => {
    const rng = createRng('tactorus secrecy');
    for (let i = 0; i < 2000; i++) {
      const viewer = rng.int(2) as Player;
      const other: Player = viewer === 0 ? 1 : 0;
      const base = scheduleRandomly(rng, randomState(rng), viewer);
      const a = scheduleRandomly(rng, base, other);
      const b = scheduleRandomly(rng, base, other);
      const done = rng.int(2) === 1;
      const finish = (t: TactorusState): TactorusState => (done ? playMove(t, { type: 'done', player: other }) : t);
      expect(observe(finish(a), viewer)).toEqual(observe(finish(b), viewer));
    }
  });

  it("an error for one player's move never depends on the other side's orders", () => {
    const rng = createRng('tactorus secrecy errors');
    for (let i = 0; i < 300; i++) {
      const base = scheduleRandomly(rng, randomState(rng), 0);
      const a = scheduleRandomly(rng, base, 1);
      const b = scheduleRandomly(rng, base, 1);
      for (let k = 0; k < 20; k++) {
        const sq = (): string => String(rng.int(100)).padStart(2, '0');
        for (const text of [`${sq()}-${sq()}`, `w${sq()}`, `2:w${sq()}`, `2:${sq()}-${sq()}`, 'done']) {
          expect(tactorus.parseMove(a, text, 0)).toEqual(tactorus.parseMove(b, text, 0));
        }
      }
    }
  });
});

describe('position text', () => {
  it('round-trips a state with orders on both sides and a done player', () => {
    let s = stateOf(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . I I I i . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      { ...BASIC_RULES, chain: true },
      7,
    );
    s = tactorus.play(s, { type: 'order', player: 0, from: 46, to: 36 });
    s = tactorus.play(s, { type: 'order', player: 0, from: 45, to: 46 });
    s = tactorus.play(s, { type: 'order', player: 1, from: 47, to: 48 });
    s = tactorus.play(s, { type: 'done', player: 1 });
    const text = formatPosition(s);
    expect(text).toBe(
      '.........f/........../........../........../....IIIi../........../........../........../........../F......... 7 chain 46-36,45-46 47-48*',
    );
    expect(parsePosition(text)).toEqual({ ok: true, value: s });
  });

  it.each([
    ['', 'position/syntax'],
    ['caccafccac/iiiiiiiiii 0 chain - -', 'position/board-rows'],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCA 0 chain - -',
      'position/row-length',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../....X...../........../........../IIIIIIIIII/CACCFACCAC 0 chain - -',
      'position/bad-piece',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCIACCAC 0 chain - -',
      'position/flags',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 51 chain - -',
      'position/bad-round',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 50 chain - -',
      'position/round-limit',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain,chain - -',
      'position/bad-rules',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain 84-94 -',
      'position/bad-orders',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain 84-74* 15-25*',
      'position/both-done',
    ],
    [
      'caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 3 chain - - 3:won',
      'position/bad-end',
    ],
  ])('refuses %s with %s', (text, code) => {
    const r = parsePosition(text);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });

  it('a finished game keeps its result', () => {
    const s = tactorus.resign(tactorus.initial(), 1);
    const text = formatPosition(s);
    expect(text.endsWith(' - - 1:resigned')).toBe(true);
    expect(parsePosition(text)).toEqual({ ok: true, value: s });
  });
});
