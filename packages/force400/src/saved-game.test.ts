import { readFileSync } from 'node:fs';
import { createRng, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { force400 } from './game.js';
import { formatPosition } from './position-text.js';
import { EMPTY_HEADER, gameRecord, parseRecord } from './record.js';
import { formatSavedGame, parseSavedGame, type SavedGame } from './saved-game.js';

const trs80 = readFileSync(new URL('./testdata/manual-record-trs80.txt', import.meta.url), 'utf8');
const first20 = unwrap(parseRecord(trs80)).record.actions.slice(0, 40);

function position(actions: typeof first20) {
  let s = force400.initial();
  for (const a of actions) s = force400.play(s, a);
  return s;
}

describe('saved games (manual, "Save and Load")', () => {
  const saved: SavedGame = {
    title: 'The example game, before the last move',
    computer: { side: 1, level: 3 },
    record: gameRecord(
      { ...EMPTY_HEADER, header: 'Example', white: '(Human)', black: 'Program' },
      first20,
      position(first20),
    ),
  };

  it("keeps the title, the program's side and level, and the game, which replays to the same position", () => {
    const text = formatSavedGame(saved);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Force 400 saved game',
      'Title: The example game, before the last move',
      'Computer: Black, level 3',
      'Example',
      'White: (Human)',
    ]);
    const back = unwrap(parseSavedGame(text));
    expect(back.saved).toEqual(saved);
    expect(formatPosition(back.replay.final)).toBe(formatPosition(position(first20)));
  });

  it('two human players save "Computer: none"', () => {
    const text = formatSavedGame({ ...saved, computer: null });
    expect(text).toContain('\nComputer: none\n');
    expect(unwrap(parseSavedGame(text)).saved.computer).toBeNull();
  });

  it.each([
    ['Not a save', 'save/not-a-save', 1],
    ['Force 400 saved game\nName: x\nComputer: none\n', 'save/bad-line', 2],
    ['Force 400 saved game\nTitle: x\nComputer: Black, level 9\n', 'save/bad-level', 3],
    ['Force 400 saved game\nTitle: x\nComputer: none\n1. M C8-C0\n', 'record/illegal-ply', 4],
    ['Force 400 saved game\nTitle: x\nComputer: none\n1. M C8-C1 M F1-G2\nWhite resigns.\n', 'save/finished', 1],
  ])('%j is refused with %s on line %i', (text, code, line) => {
    const r = parseSavedGame(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.line).toBe(line);
  });

  it('fuzz: a damaged save is refused with a coded error, never a throw', () => {
    const rng = createRng(9);
    const text = formatSavedGame(saved);
    for (let i = 0; i < 300; i++) {
      const r = parseSavedGame(mutate(rng, text));
      if (!r.ok) expect(r.error.code).toMatch(/^(save|record)\/[a-z-]+$/);
    }
  });
});
