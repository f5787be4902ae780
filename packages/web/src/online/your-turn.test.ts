import { describe, expect, it } from 'vitest';
import type { GameView } from '@tactica/server/protocol';
import { turnBegan, turnNotice } from './your-turn.js';

/** The fields the turn's notice reads, the rest left out. */
function view(fields: Partial<GameView>): GameView {
  return {
    id: 7,
    name: 'International draughts',
    status: 'active',
    version: 1,
    viewer: 0,
    toAct: [0],
    players: [
      { name: 'alice', level: null },
      { name: 'bob', level: null },
    ],
    ...fields,
  } as GameView;
}

describe('the player to move is told their turn has begun', () => {
  it('when the opponent has moved and it is now their turn', () => {
    expect(turnBegan(view({ version: 2, toAct: [1] }), view({ version: 3, toAct: [0] }))).toBe(true);
  });

  it('not on the first view of the game, nor when it was their turn already (a draw offer, a chat)', () => {
    expect(turnBegan(undefined, view({ version: 3 }))).toBe(false);
    expect(turnBegan(view({ version: 3, toAct: [0] }), view({ version: 4, toAct: [0] }))).toBe(false);
  });

  it("not for a spectator, an older view, a game over, or the opponent's turn", () => {
    expect(turnBegan(view({ version: 2, toAct: [1], viewer: null }), view({ version: 3, viewer: null }))).toBe(false);
    expect(turnBegan(view({ version: 4, toAct: [1] }), view({ version: 3 }))).toBe(false);
    expect(turnBegan(view({ version: 2, toAct: [1] }), view({ version: 3, status: 'finished' }))).toBe(false);
    expect(turnBegan(view({ version: 2, toAct: [0] }), view({ version: 3, toAct: [1] }))).toBe(false);
  });

  it('in Tactorus, when both act and the round before had theirs in', () => {
    expect(turnBegan(view({ version: 5, toAct: [1] }), view({ version: 6, toAct: [0, 1] }))).toBe(true);
  });

  it("names the opponent, or the computer's level, and the game", () => {
    expect(turnNotice(view({}))).toEqual({
      title: 'Tactica: your move',
      body: 'bob has moved in game #7 (International draughts).',
    });
    const computer = view({
      players: [
        { name: 'alice', level: null },
        { name: null, level: 'smart' },
      ],
    });
    expect(turnNotice(computer).body).toBe('The computer (smart) has moved in game #7 (International draughts).');
  });
});
