import { describe, expect, it } from 'vitest';
import { reviewLineAsync } from '@tactica/ai/review';
import { nodeWorkerEngine } from '@tactica/ai/node-worker';
import { current, pushMove, startHistory, unwrap, type History } from '@tactica/core';
import { iteratePdn, type PdnGame } from '@tactica/draughts';
import { parseOrder, type TactorusMove } from '@tactica/tactorus';
import { entryOf } from './all.js';
import { reviewGame } from './review.js';
import type { AnyGameSetup } from './types.js';

function setupOf(family: string, options: Record<string, unknown>): AnyGameSetup {
  return unwrap(unwrap(entryOf(family)).setup(options));
}

/** A line of moves in the game's notation played from the setup's start. */
function lineOf(setup: AnyGameSetup, moves: readonly string[]): History<unknown, unknown> {
  let h = startHistory<unknown, unknown>(setup.initial());
  for (const text of moves) {
    const move = unwrap(setup.game.parseMove(current(h), text));
    h = pushMove(h, move, setup.game.play(current(h), move));
  }
  return h;
}

/**
 * Positions from seeded self-play (found by searching each position's moves at the review depth) where the side to
 * move has a sound move and one that loses at once: the losing move is played, then the engine's reply.
 */
const PLANTED = [
  {
    family: 'draughts',
    // International; Black to move: 19-23 gives a man and the game turns (29x20 follows).
    position: 'B:W29,31,32,35,37,38,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,10,12,13,14,15,16,19,21',
    moves: ['19-23', '29x20'],
  },
  {
    family: 'tactics',
    // The Queen on a4 steps to b4, where the Bishop on g8 takes her.
    position: '1B2RRBQ/7*B/8/Q2R4/*Q1R5/8/2*R5/3*R*R*R*B*Q w 6',
    moves: ['a4-b4', 'g8-c4'],
  },
  {
    family: 'tactrix',
    position:
      'vn.wrkwdnv/jjj.jjjj.j/***j****j*/*****d****/**********/**********/****D*****/J*****J***/.JJJJJ.JJJ/VNDWRKW.NV w 3 3 0 4',
    moves: ['e4-f4', 'g9-g8'],
  },
  {
    family: 'force400',
    position:
      'w 4 W:F3:13,B8:14,C8:10,D8:10,E8:10,F8:10,G8:10,H8:10,I8:10,J8:10,A9:0,B9:10,C9:10,D9:10,E9:10,F9:10,G9:10,H9:10K,I9:10,J9:10 B:A0:0,B0:10,C0:10K,D0:10,E0:10,F0:10,G0:10,H0:0,I0:10,J0:10,B1:10,C1:10,D1:10,E1:10,F1:10,G1:10,H1:10,I1:18,J1:10,G7:17',
    moves: ['M F3-F1', 'T G1-G7 8'],
  },
] as const;

describe('game review', () => {
  for (const { family, position, moves } of PLANTED) {
    it(`${family}: the move that loses at once is a blunder, with the engine's better line`, async () => {
      const setup = setupOf(family, { position });
      const mover = setup.game.toMove(setup.initial())[0];
      const review = await reviewGame(setup, lineOf(setup, moves));
      expect(review.complete).toBe(true);
      expect(review.depth).toBe(setup.review.depth);
      expect(review.unit).toBe(setup.review.unit);
      const [blunder] = review.plies;
      expect(blunder).toMatchObject({ ply: 0, player: mover, move: moves[0], mark: 'blunder', best: false });
      expect(blunder?.loss).toBeGreaterThanOrEqual(setup.review.thresholds.blunder);
      expect(blunder?.line.length).toBeGreaterThan(0);
      expect(blunder?.line[0]).not.toBe(moves[0]);
      // The summary counts the mover's one move and its blunder.
      const summary = review.players[mover ?? 0];
      expect(summary.moves).toBe(1);
      expect(summary.marks.blunder).toBe(1);
      expect(summary.averageLoss).toBe(blunder?.loss);
      expect(review.graph).toHaveLength(review.plies.length + 1);
    });
  }

  it("tactorus: orders that throw the round away are a blunder against the round's other orders", async () => {
    const setup = setupOf('tactorus', {
      board:
        '.....f..../........../....a.c..c/.iiiiiiii./cac..cac../........../AIC.AI.I.I/.CICICIIC./.......A../....F.C...',
    });
    const orders = (player: 0 | 1, text: string): TactorusMove[] => [
      ...text.split(' ').map((o): TactorusMove => ({ type: 'order', player, ...unwrap(parseOrder(o)) })),
      { type: 'done', player },
    ];
    let h = startHistory<unknown, unknown>(setup.initial());
    for (const m of [
      ...orders(0, '96-98 76-54 61-51 78-56 87-86 65-43 67-49 62-63 69-78 94-96 60-42 73-55'),
      ...orders(1, '42-64 41-63 32-22 31-21 33-23 40-60 34-14 45-56 35-25 46-66 36-27 47-58 37-39 24-42 26-36 29-18'),
    ]) {
      h = pushMove(h, m, setup.game.play(current(h), m));
    }
    const review = await reviewGame(setup, h);
    expect(review.plies.map((p) => p.player)).toEqual([0, 1]);
    expect(review.plies[0]).toMatchObject({ ply: 0, mark: 'blunder', best: false });
    expect(review.plies[0]?.line).toHaveLength(1);
    expect(review.plies[0]?.line[0]).not.toBe(review.plies[0]?.move);
    expect(review.players[0].marks.blunder).toBe(1);
  });

  for (const { family, position, moves } of PLANTED) {
    it(`${family}: a review at a depth is the same every time`, async () => {
      const setup = setupOf(family, { position });
      const h = lineOf(setup, moves);
      const depth = Math.max(2, setup.review.depth - 2);
      expect(await reviewGame(setup, h, { depth })).toEqual(await reviewGame(setup, h, { depth }));
    });
  }

  it('runs in an engine worker thread, each search a request, with the same review as in the thread', async () => {
    const { position, moves } = PLANTED[1];
    const setup = setupOf('tactics', { position });
    if (setup.dynamics !== 'sequential') throw new Error('tactics is sequential');
    const h = lineOf(setup, moves);
    const engine = nodeWorkerEngine<unknown, unknown>({ family: 'tactics' });
    try {
      const inWorker = await reviewLineAsync(setup.game, engine, h.start, h.moves, setup.review, { depth: 3 });
      expect(inWorker).toEqual(await reviewGame(setup, h, { depth: 3 }));
      expect(inWorker.plies[0]?.mark).toBe('blunder');
    } finally {
      await engine.close();
    }
  });

  it('stops with what it has when the stop flag is raised', async () => {
    const { position, moves } = PLANTED[1];
    const setup = setupOf('tactics', { position });
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const review = await reviewGame(setup, lineOf(setup, moves), {
      stop,
      onPly: () => Atomics.store(stop, 0, 1),
    });
    expect(review.complete).toBe(false);
    expect(review.plies).toHaveLength(1);
    expect(review.players[0].moves + review.players[1].moves).toBe(1);
  });

  it('writes a draughts review into the PDN as comments with an Annotator tag, and the PDN reads back', async () => {
    const { position, moves } = PLANTED[0];
    const entry = unwrap(entryOf('draughts'));
    const pdn = [
      '[Event "Planted"]',
      '[GameType "20"]',
      `[FEN "${position}"]`,
      '',
      `1... ${moves[0]} {the losing move} 2. ${moves[1]} *`,
      '',
    ].join('\n');
    const imported = unwrap(await entry.importRecord('pdn', pdn));
    const setup = unwrap(entry.setup(imported.options));
    const review = await reviewGame(setup, imported.history);
    const written = unwrap(await entry.annotateRecord!('pdn', pdn, review));
    const back = iteratePdn(written).next().value;
    if (!back?.ok) throw new Error(`the annotated PDN does not read back: ${JSON.stringify(back)}`);
    const read: PdnGame = back.value;
    expect(read.moves).toHaveLength(2);
    expect(read.tags).toContainEqual({ name: 'Annotator', value: 'Tactica review (depth 10)' });
    expect(read.tags).toContainEqual({ name: 'Event', value: 'Planted' });
    const after = (ply: number): string[] => read.comments.filter((c) => c.ply === ply).map((c) => c.text);
    expect(after(1)).toContain('the losing move');
    expect(after(1).find((t) => t.startsWith('blunder, loses '))).toMatch(/; eval [+-]\d+\.\d\d; better: \S+/);
    expect(after(2)).toHaveLength(1);
    expect(after(2)[0]).toMatch(/^eval [+-]?\d+\.\d\d$/);
  });
});
