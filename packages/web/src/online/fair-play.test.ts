import { describe, expect, it } from 'vitest';
import type { GameView } from '@tactica/server/protocol';
import { engineHelpAllowed } from './fair-play.js';

type Seen = Pick<GameView, 'status' | 'players' | 'rated' | 'engineHelp'>;
const people: Seen['players'] = [
  { name: 'alice', level: null },
  { name: 'bob', level: null },
];
const game = (fields: Partial<Seen>): Seen => ({
  status: 'active',
  players: people,
  rated: false,
  engineHelp: false,
  ...fields,
});

describe('engine help online', () => {
  it('is withheld in a game between people in progress, rated or casual, without their agreement', () => {
    expect(engineHelpAllowed(game({ rated: true }))).toBe(false);
    expect(engineHelpAllowed(game({ rated: false }))).toBe(false);
  });

  it('is offered in a casual game whose players agreed to it at the challenge, never in a rated one', () => {
    expect(engineHelpAllowed(game({ engineHelp: true }))).toBe(true);
    expect(engineHelpAllowed(game({ engineHelp: true, rated: true }))).toBe(false);
  });

  it('is offered once the game has ended, against the computer, and in a record both of whose sides are yours', () => {
    expect(engineHelpAllowed(game({ rated: true, status: 'finished' }))).toBe(true);
    expect(engineHelpAllowed(game({ players: [people[0], { name: null, level: 'novice' }] }))).toBe(true);
    expect(engineHelpAllowed(game({ players: [people[0], people[0]] }))).toBe(true);
  });
});
