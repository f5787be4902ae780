import { createRng, perftGeneric, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import {
  draughtsGame,
  parseDiagram,
  drawCounter,
  generateMoves,
  parseFen,
  perftPosition,
  playingOn,
  withoutMoveCounter,
  type DraughtsGame,
  type DraughtsState,
} from './index.js';

function playAll(game: DraughtsGame, s: DraughtsState, moves: readonly string[]): DraughtsState {
  return moves.reduce((state, text) => unwrap(game.tryPlay(state, text)), s);
}

function start(game: DraughtsGame, fen: string): DraughtsState {
  return unwrap(game.parsePosition(fen));
}

/** A game from a diagram (playable squares of each rank from White's left, top rank first). */
function drawn(game: DraughtsGame, diagram: string, turn: 0 | 1 = 0): DraughtsState {
  return game.fromPosition(unwrap(parseDiagram(game.rules.id, diagram, turn)));
}

//   International: White king on 46 (a1), black king on 1 (b10), on no common diagonal.
const KINGS_46_1 = `
        B   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      W   .   .   .   .`;

describe('draw by threefold repetition: the same board with the same side to move (manual 2.4)', () => {
  const game = draughtsGame('international');
  // Both kings step out and back.
  const shuffle = ['46-41', '1-6', '41-46', '6-1'];

  it('the third occurrence is a draw; the second is not', () => {
    const s0 = drawn(game, KINGS_46_1);
    const twice = playAll(game, s0, shuffle);
    expect(game.outcome(twice)).toBeUndefined();
    const thrice = playAll(game, twice, shuffle);
    expect(game.outcome(thrice)).toEqual({ kind: 'draw', reason: 'threefold' });
    expect(game.legalMoves(thrice)).toEqual([]);
    expect(game.toMove(thrice)).toEqual([]);
  });

  it('playing on past a draw by the rules (for another referee): fresh counters, repetitions still seen', () => {
    const thrice = playAll(game, playAll(game, drawn(game, KINGS_46_1), shuffle), shuffle);
    const on = playingOn(thrice);
    expect(game.outcome(on)).toBeUndefined();
    expect(game.legalMoves(on)).toEqual(generateMoves(thrice.position));
    expect(new Set(on.seen).size).toBe(on.seen.length);
    // Going round once more brings each position back a second time; the next move makes a third occurrence.
    const again = playAll(game, on, shuffle);
    expect(game.outcome(again)).toBeUndefined();
    expect(game.outcome(playAll(game, again, shuffle.slice(0, 1)))).toEqual({ kind: 'draw', reason: 'threefold' });
    // A game lost by having no move stays over.
    const lost = start(game, 'W:W:B1');
    expect(playingOn(lost)).toBe(lost);
  });

  it('a state for a referee without the move counter: the counter at rest, the positions seen kept', () => {
    // Kings only, so every move counts toward the counter (manual 2.4); two rounds of the shuffle run it.
    const twice = playAll(game, drawn(game, KINGS_46_1), shuffle);
    const s = playAll(game, twice, shuffle.slice(0, 3));
    expect(s.inactive).toBeGreaterThan(0);
    const free = withoutMoveCounter(s);
    expect(free.inactive).toBe(0);
    expect(free.stage2Left).toBe(-1);
    expect(free.seen).toEqual(s.seen);
    expect(free.position).toBe(s.position);
    // The repetitions still count: the shuffle's next move brings the start round a third time.
    expect(game.outcome(free)).toBeUndefined();
    expect(game.outcome(playAll(game, free, shuffle.slice(3)))).toEqual({ kind: 'draw', reason: 'threefold' });
    const fresh = drawn(game, KINGS_46_1);
    expect(withoutMoveCounter(fresh)).toBe(fresh);
  });

  it('the side to move is part of the position', () => {
    // White's flying king goes round 46-37-41-46 in three moves, so the board comes back with Black to move:
    // the starting board occurs three times (plies 0, 5, 9), but only twice with the same side to move.
    const s = playAll(game, drawn(game, KINGS_46_1), [
      '46-37',
      '1-6',
      '37-41',
      '6-1',
      '41-46',
      '1-6',
      '46-41',
      '6-1',
      '41-46',
    ]);
    expect(s.seen.filter((k) => k === s.seen[0])).toHaveLength(1);
    expect(game.outcome(s)).toBeUndefined();
  });

  it('a man move clears the history: earlier positions cannot come back', () => {
    //   As above, with a white man on 20 (i7).
    const s0 = drawn(
      game,
      `
        B   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   w
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      W   .   .   .   .`,
    );
    const s = playAll(game, s0, [...shuffle, '20-15', '1-6', '46-41', '6-1', '41-46']);
    expect(s.seen).toHaveLength(5);
    expect(game.outcome(s)).toBeUndefined();
  });
});

// Manual 2.4; docs/rules/draughts.md "Draws".
describe('the move counter: M1 inactive moves per side, then M2 moves per side', () => {
  it('English: sliding a king shows 39, the reply 38 (the manual’s example: M1 = 20 per side)', () => {
    const game = draughtsGame('english');
    //   Black (to move) has a king on 1 and a man on 12; White a king on 32 and a man on 21.
    const s0 = drawn(
      game,
      `
        B   .   .   .
      .   .   .   .
        .   .   .   b
      .   .   .   .
        .   .   .   .
      w   .   .   .
        .   .   .   .
      .   .   .   W`,
      1,
    );
    expect(drawCounter(s0)).toBeUndefined();
    const s1 = unwrap(game.tryPlay(s0, '1-6'));
    expect(drawCounter(s1)).toEqual({ stage: 1, left: 39 });
    const s2 = unwrap(game.tryPlay(s1, '32-27'));
    expect(drawCounter(s2)).toEqual({ stage: 1, left: 38 });
    // Any man move resets stage 1.
    const s3 = unwrap(game.tryPlay(s2, '12-16'));
    expect(drawCounter(s3)).toBeUndefined();
  });

  it.each([
    ['english', 20, 40],
    ['international', 15, 20],
    ['spanish', 15, 20],
    ['russian', 15, 20],
    ['brazilian', 15, 20],
    ['thai', 15, 20],
    ['pool', 15, 20],
  ] as const)('%s: after 2x%i inactive half-moves stage 2 starts with 2x%i half-moves', (variant, m1, m2) => {
    const game = draughtsGame(variant);
    const s0 = game.initial();
    // The state is plain data: set the counter just before the end of stage 1, with kings to move.
    const fen = variant === 'russian' ? 'W:WKa1,Kc1:BKh8,Kf8' : 'W:WK29,K30:BK4,K3';
    const pos = unwrap(parseFen(variant === 'international' ? 'W:WK46,K37:BK5,K4' : fen, variant));
    const before: DraughtsState = { ...game.fromPosition(pos), inactive: 2 * m1 - 1 };
    expect(s0.inactive).toBe(0);
    expect(drawCounter(before)).toEqual({ stage: 1, left: 1 });
    const kingMove = generateMoves(pos).find((m) => m.captures.length === 0);
    expect(kingMove).toBeDefined();
    const after = game.play(before, kingMove as NonNullable<typeof kingMove>);
    expect(drawCounter(after)).toEqual({ stage: 2, left: 2 * m2 });
  });

  it('stage 2 counts every move, is never reset, and its end is a draw', () => {
    const game = draughtsGame('international');
    //   Kings on 46 and 1, a white man on 33 and a black man on 18.
    const s0 = drawn(
      game,
      `
        B   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   b   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   w   .   .
      .   .   .   .   .
        .   .   .   .   .
      W   .   .   .   .`,
    );
    const s: DraughtsState = { ...s0, stage2Left: 2 };
    // A man move in stage 2: still counted down, not reset.
    const s1 = unwrap(game.tryPlay(s, '33-28'));
    expect(drawCounter(s1)).toEqual({ stage: 2, left: 1 });
    expect(game.outcome(s1)).toBeUndefined();
    const s2 = unwrap(game.tryPlay(s1, '18-22'));
    expect(drawCounter(s2)).toEqual({ stage: 2, left: 0 });
    expect(game.outcome(s2)).toEqual({ kind: 'draw', reason: 'move-limit' });
  });

  it('a capture resets stage 1', () => {
    const game = draughtsGame('international');
    //   White man on 28 can take the black man on 23.
    const s0 = drawn(
      game,
      `
        B   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   b   .   .
      .   .   w   .   .
        .   .   .   .   .
      .   .   .   .   .
        .   .   .   .   .
      W   .   .   .   .`,
    );
    const s: DraughtsState = { ...s0, inactive: 12 };
    const after = unwrap(game.tryPlay(s, '28x19'));
    expect(after.inactive).toBe(0);
    expect(drawCounter(after)).toBeUndefined();
  });

  it('English stage 1 ends after 40 inactive half-moves, then 80 more are allowed (120 in all)', () => {
    const game = draughtsGame('english');
    // Two kings each, walking without repeating a position three times.
    let s = drawn(
      game,
      `
        B   .   .   B
      .   .   .   .
        .   .   .   .
      .   .   .   .
        .   .   .   .
      .   .   .   .
        .   .   .   .
      W   .   .   W`,
      1,
    );
    let plies = 0;
    while (!game.outcome(s) && plies < 200) {
      const moves = game.legalMoves(s);
      // A quiet move that gives the opponent no capture, to the position seen least (no threefold repetition).
      let best = moves[0];
      let bestScore = Infinity;
      for (const m of moves) {
        const next = game.play(s, m);
        const key = next.seen[next.seen.length - 1];
        const givesCapture = game.legalMoves(next).some((r) => r.captures.length > 0);
        const score = next.seen.filter((k) => k === key).length + (givesCapture || m.captures.length ? 100 : 0);
        if (score < bestScore) {
          bestScore = score;
          best = m;
        }
      }
      s = game.play(s, best as NonNullable<typeof best>);
      plies++;
      if (plies === 40) expect(drawCounter(s)).toEqual({ stage: 2, left: 80 });
    }
    expect(game.outcome(s)).toEqual({ kind: 'draw', reason: 'move-limit' });
    expect(plies).toBe(120);
  });
});

describe('game end by no moves, resignation and agreement (manual 3.2.2, 2.4)', () => {
  //   White's man on 29 (a1) is blocked by black men on 25 (b2) and 22 (c3).
  const BLOCKED = `
        .   .   .   .
      .   .   .   .
        .   .   .   .
      .   .   .   .
        .   .   .   .
      .   b   .   .
        b   .   .   .
      w   .   .   .`;

  it('the side left without a move loses', () => {
    const game = draughtsGame('english');
    const s = drawn(game, BLOCKED);
    expect(game.outcome(s)).toEqual({ kind: 'win', winner: 1, reason: 'no-moves' });
  });

  it('give-away: the side left without a move wins', () => {
    const game = draughtsGame('english', { giveaway: true });
    const s = drawn(game, BLOCKED);
    expect(game.outcome(s)).toEqual({ kind: 'win', winner: 0, reason: 'no-moves' });
    expect(game.info.id).toBe('draughts/english-giveaway');
  });

  it('capturing the last piece wins (or, in give-away, hands the win to the opponent)', () => {
    for (const giveaway of [false, true]) {
      const game = draughtsGame('russian', { giveaway });
      const s = unwrap(game.tryPlay(start(game, 'W:Wc3:Bd4'), 'c3xe5'));
      const reason = giveaway ? 'no-pieces-left' : 'last-piece-taken';
      expect(game.outcome(s)).toEqual({ kind: 'win', winner: giveaway ? 1 : 0, reason });
    }
  });

  it('resignation ends the game at once for the opponent; an agreed draw ends it drawn', () => {
    const game = draughtsGame('brazilian');
    const s = game.initial();
    expect(game.outcome(game.resign(s, 0))).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(game.outcome(game.resign(s, 1))).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    const drawn = game.agreeDraw(s);
    expect(game.outcome(drawn)).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(game.legalMoves(drawn)).toEqual([]);
    const r = game.tryPlay(drawn, '22-18');
    expect(r.ok ? 'played' : r.error.code).toBe('move/game-over');
  });

  it('a move from the wrong side is refused with a coded error', () => {
    const game = draughtsGame('english');
    const r = game.parseMove(game.initial(), '22-18', 0);
    expect(r.ok ? 'ok' : r.error.code).toBe('move/not-your-turn');
  });
});

describe('the game’s perft hook agrees with the generic walk, draws included', () => {
  it('near a threefold repetition it counts drawn positions as having no moves', () => {
    const game = draughtsGame('international');
    const s = playAll(game, drawn(game, KINGS_46_1), ['46-41', '1-6', '41-46', '6-1']);
    for (let depth = 1; depth <= 6; depth++) {
      expect(game.perft?.(s, depth), `depth ${depth}`).toBe(perftGeneric(game, s, depth));
    }
    // And the pure move tree, which ignores draws, differs.
    expect(perftPosition(s.position, 6)).not.toBe(game.perft?.(s, 6));
  });

  it('in random king endings with long histories, counters near their end included', () => {
    const cases = [
      ['international', 'W:WK46,K48:BK1,K3'],
      ['english', 'B:WK29,K31:BK2,K4'],
      ['russian', 'W:WKa1,Kc1:BKh8,Kf8'],
      ['thai', 'W:WK29,K31:BK2,K4'],
    ] as const;
    const rng = createRng('contract-perft');
    let compared = 0;
    for (const [variant, fen] of cases) {
      const game = draughtsGame(variant);
      let s = start(game, fen);
      for (let ply = 0; ply < 60 && !game.outcome(s); ply++) {
        if (ply % 2 === 0) {
          // Sometimes jump the counter close to its end, to reach the move-limit draw within the search.
          const near: DraughtsState = rng.float() < 0.5 ? s : { ...s, stage2Left: 1 + rng.int(3) };
          expect(game.perft?.(near, 3), `${variant} ply ${ply}`).toBe(perftGeneric(game, near, 3));
          compared++;
        }
        // Shuffle between few squares so that positions repeat.
        const moves = game.legalMoves(s);
        s = game.play(s, moves[rng.int(Math.min(2, moves.length))] as (typeof moves)[number]);
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('near the end of the move counter', () => {
    const game = draughtsGame('spanish');
    const s: DraughtsState = { ...start(game, 'W:WK1,5:BK32,28'), stage2Left: 3 };
    for (let depth = 1; depth <= 5; depth++) {
      expect(game.perft?.(s, depth), `depth ${depth}`).toBe(perftGeneric(game, s, depth));
    }
  });
});
