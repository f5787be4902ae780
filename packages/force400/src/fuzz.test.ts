/*
 * Bad input of every kind into the Force 400 parsers the command line reads (records, positions, saved games,
 * action text): truncations, random bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs (a
 * million-character line, a record repeated to 2 MB). Every answer is a value or a coded error that is safe to
 * print (`@tactica/core/fuzz`), each within a few seconds.
 */
import { readFileSync } from 'node:fs';
import { unwrap } from '@tactica/core';
import { fuzzParser } from '@tactica/core/fuzz';
import { describe, expect, it } from 'vitest';
import { parseActionText } from './notation.js';
import { formatPosition, parsePosition } from './position-text.js';
import { EMPTY_HEADER, gameRecord, parseRecord } from './record.js';
import { replayRecordText } from './replay.js';
import { formatSavedGame, parseSavedGame } from './saved-game.js';

const ibm = readFileSync(new URL('./testdata/manual-record-ibm.txt', import.meta.url), 'utf8');
const trs80 = readFileSync(new URL('./testdata/manual-record-trs80.txt', import.meta.url), 'utf8');
const replay = unwrap(replayRecordText(trs80));
const positions = [0, 7, 20, 41].map((i) => formatPosition(replay.states[i] ?? replay.final));
const saved = formatSavedGame({
  title: 'fuzzed',
  computer: { side: 1, level: 3 },
  record: gameRecord(EMPTY_HEADER, replay.parsed.record.actions.slice(0, 30), replay.states[30] ?? replay.final),
});

describe('Force 400 parsers refuse bad input with a coded error, never a throw (fuzz)', () => {
  it('records, read and replayed', async () => {
    const read = await fuzzParser(parseRecord, [ibm, trs80], { seed: 'force400 records', count: 250 });
    const replayed = await fuzzParser(replayRecordText, [ibm, trs80], { seed: 'force400 replay', count: 250 });
    expect(read.refused).toBeGreaterThan(50);
    expect(replayed.refused).toBeGreaterThan(read.refused);
  });

  it('positions', async () => {
    const r = await fuzzParser(parsePosition, positions, { seed: 'force400 positions', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('saved games', async () => {
    const r = await fuzzParser(parseSavedGame, [saved], { seed: 'force400 saves', count: 250 });
    expect(r.refused).toBeGreaterThan(125);
  });

  it('action text', async () => {
    const r = await fuzzParser(parseActionText, ['M C8-C1', 'T J8-C1 10', 'S H9-G9'], {
      seed: 'force400 actions',
      count: 300,
    });
    expect(r.refused).toBeGreaterThan(150);
  });
});
