import { readFileSync } from 'node:fs';
import { createRng, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { parseSquare } from './board.js';
import { force400 } from './game.js';
import { formatPosition } from './position-text.js';
import { formatRecord, formatRecordDate, MAX_HEADER, parseRecord, type GameRecord } from './record.js';
import { replayRecordText } from './replay.js';

const ibm = readFileSync(new URL('./testdata/manual-record-ibm.txt', import.meta.url), 'utf8');
const trs80 = readFileSync(new URL('./testdata/manual-record-trs80.txt', import.meta.url), 'utf8');

describe("the manual's 21-move game record", () => {
  it.each([
    ['IBM printing (header, date, players, OCR heading "Whom Black area", TA9-A8, FO, CO)', ibm],
    ['TRS-80 printing (no header, heading "1 White Black", TJ8-C1, page break)', trs80],
  ])('%s replays legally and ends "Black wins" with Black taking White\'s king on H9', (_name, text) => {
    const replay = unwrap(replayRecordText(text));
    expect(replay.parsed.record.actions).toHaveLength(42);
    expect(replay.parsed.record.result).toBe('black');
    const last = replay.parsed.record.actions[41];
    expect(last && force400.formatMove(replay.states[41] ?? force400.initial(), last)).toBe('M A2-H9');
    expect(replay.final.ended).toEqual({ kind: 'win', winner: 1, reason: 'king-captured' });
    // Black's king (crowned on C0 at the start) stands on H9 where White's king stood
    expect(replay.final.board[parseSquare('H9') ?? -1]).toMatchObject({ side: 1, king: true });
    expect(replay.states[41]?.board[parseSquare('H9') ?? -1]).toMatchObject({ side: 0, king: true });
  });

  it('both printings make the same game, position by position', () => {
    const a = unwrap(replayRecordText(ibm)).states.map(formatPosition);
    const b = unwrap(replayRecordText(trs80)).states.map(formatPosition);
    expect(a).toEqual(b);
    expect(a.at(-1)).toBe(
      'w 22 W:A0:13,G0:11,B2:7,A4:9/1,F8:10,H8:10,I8:10,J8:0,A9:0,B9:10,D9:10,E9:10,G9:10,I9:10,J9:10 ' +
        'B:E0:10,H0:10,I0:10,J0:10,D1:11,G1:10,H1:10,C3:9,F3:9,J7:9,H9:21K',
    );
  });

  it('reads the IBM header, date and player lines', () => {
    const { record } = unwrap(parseRecord(ibm));
    expect(record).toMatchObject({
      header: 'Example',
      date: '10-04-1984 01:26:26',
      white: '(Human)',
      black: 'Program',
      handicap: [0, 0],
    });
  });

  it('key moments of the game follow the rules as read', () => {
    const { states } = unwrap(replayRecordText(trs80));
    const at = (ply: number, sq: string) => states[ply]?.board[parseSquare(sq) ?? -1];
    // 1. M C8-C1: a long attack, 10 - 1 = 9 against 10 — the defender wins, left with 1
    expect(at(1, 'C1')).toMatchObject({ side: 1, force: 1 });
    // 2. M C9-C1: 10 - 1 = 9 beats 1, leaving 8
    expect(at(3, 'C1')).toMatchObject({ side: 0, force: 8 });
    // 3. T J8-C1 10: 10 sent, 8 arrive
    expect(at(5, 'C1')).toMatchObject({ side: 0, force: 16 });
    expect(at(5, 'J8')).toMatchObject({ side: 0, force: 0 });
    // 7. M A8-A0: 18 - 1 = 17 beats 10 on rank 0, 7 left, then the recharge: 17
    expect(at(13, 'A0')).toMatchObject({ side: 0, force: 17 });
  });

  it('the record written from the replay reads back to the same game', () => {
    const replay = unwrap(replayRecordText(ibm));
    const text = formatRecord(replay.parsed.record);
    expect(text.split('\n').slice(0, 7)).toEqual([
      'Example',
      '10-04-1984 01:26:26',
      'White: (Human)',
      'Black: Program',
      '1.\tM C8-C1\tM F1-G2',
      '2.\tM C9-C1\tM H1-H4',
      '3.\tT J8-C1 10\tM B0-C1',
    ]);
    expect(text.endsWith('21.\tM B0-A0\tM A2-H9\nBlack wins.\n')).toBe(true);
    expect(unwrap(replayRecordText(text)).states.map(formatPosition)).toEqual(replay.states.map(formatPosition));
  });
});

describe('record writer and reader', () => {
  const base: GameRecord = {
    header: 'Friday night',
    date: formatRecordDate(new Date(2024, 0, 5, 9, 3, 7)),
    white: '(Human)',
    black: '(Human)',
    handicap: [[parseSquare('A8') ?? -1, parseSquare('J9') ?? -1], 0],
    actions: [
      { kind: 'move', from: parseSquare('B8') ?? -1, to: parseSquare('B7') ?? -1, amount: 0 },
      { kind: 'transfer', from: parseSquare('A1') ?? -1, to: parseSquare('B1') ?? -1, amount: 7 },
      { kind: 'abdicate', from: parseSquare('H9') ?? -1, to: parseSquare('H8') ?? -1, amount: 0 },
    ],
    resigned: 1,
    stopped: false,
    result: 'white',
  };

  it('writes the date as MM-DD-YYYY HH:MM:SS', () => {
    expect(base.date).toBe('01-05-2024 09:03:07');
  });

  it('writes handicaps, S for abdication, the resignation and the result, and reads them back', () => {
    const text = formatRecord(base);
    expect(text).toBe(
      [
        'Friday night',
        '01-05-2024 09:03:07',
        'White: (Human)',
        'Black: (Human)',
        'White handicap: 2 (A8 J9)',
        'Black handicap: 0',
        '1.\tM B8-B7\tT A1-B1 7',
        '2.\tS H9-H8',
        'Black resigns.',
        'White wins.',
        '',
      ].join('\n'),
    );
    const replay = unwrap(replayRecordText(text));
    expect(replay.parsed.record).toEqual(base);
    expect(replay.final.ended).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
  });

  it('a handicap given as a number uses the default squares', () => {
    const text = 'White handicap: 3\nBlack handicap: 0\n1. M D8-D7\n';
    const replay = unwrap(replayRecordText(text));
    expect(formatPosition(replay.states[0] ?? force400.initial())).not.toMatch(/[ABC]8:/);
  });

  it('notes a stopped game, and an unfinished record replays to its last position', () => {
    const text = formatRecord({ ...base, handicap: [0, 0], resigned: null, result: null, stopped: true });
    expect(text.trimEnd().endsWith('Game stopped.')).toBe(true);
    const replay = unwrap(replayRecordText(text));
    expect(replay.final.ended).toBeNull();
    expect(replay.final.toMove).toBe(1);
  });

  it('an agreed draw **(ours)** is written and read', () => {
    const text = formatRecord({ ...base, handicap: [0, 0], resigned: null, result: 'draw' });
    expect(text).toContain('Draw agreed.');
    expect(unwrap(replayRecordText(text)).final.ended).toEqual({ kind: 'draw', reason: 'agreed' });
  });
});

describe('malformed records: a coded error naming the line, never a throw', () => {
  it.each([
    ['1. M C8-C1 M F1-G2\n3. M C9-C1', 'record/bad-move-number', 2],
    ['1. M C8-C1 M F1-G2\n2. M C9-C1 M H1-H4 M A1-A2', 'record/bad-ply', 2],
    ['1. M C8-C1 Q F1-G2', 'record/bad-ply', 1],
    ['1. M C8-C1 M F1-G2 junk', 'record/bad-ply', 1],
    ['1. M C8-C1\n2. M C9-C1', 'record/bad-move-number', 2],
    ['1. M C8-C1 M F1-G2\nBlack wins.\n2. M C9-C1', 'record/after-end', 3],
    ['1. M C8-C1 M F1-G2\nBlack wins.\nWhite wins.', 'record/after-end', 3],
    ['Title\nanother title line\n1. M C8-C1', 'record/bad-line', 2],
    ['1. M C8-C1 M F1-G2\nnonsense', 'record/bad-line', 2],
    ['White handicap: 25\n1. M C8-C1', 'record/bad-handicap', 1],
    ['White handicap: 2 (A8)\n', 'record/bad-handicap', 1],
    ['White handicap: 1 (H9)\n', 'record/bad-handicap', 1],
    ['White: a\nWhite: b', 'record/bad-line', 2],
    ['1. M C8-C0', 'record/illegal-ply', 1],
    ['1. M C8-C1 M F1-G2\n2. T C9-C1 50', 'record/illegal-ply', 2],
    ['1. M C8-C1\nWhite resigns.', 'record/bad-resignation', 2],
    ['1. M C8-C1 M F1-G2\nBlack wins.', 'record/wrong-result', 2],
  ])('%j → %s on line %i', (text, code, line) => {
    const r = replayRecordText(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.line).toBe(line);
  });

  it('a header line with control characters or of a whole file is refused (ours): junk is not an empty game', () => {
    for (const text of ['\u0000'.repeat(100), `\u001b]0;owned\u0007 Example\n1 M C8-C1`, 'x'.repeat(MAX_HEADER + 1)]) {
      const r = parseRecord(text);
      expect(r.ok ? 'ok' : r.error.code).toBe('record/bad-line');
    }
    expect(unwrap(parseRecord('Example\tgame\n')).record.header).toBe('Example\tgame');
  });

  it('an illegal ply names the move number, the side and the ply', () => {
    const text = trs80.replace('M A8-A0', 'M A8-B0');
    const r = replayRecordText(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('record/illegal-ply');
    expect(r.error.message).toMatch(/^move 7, White, M A8-B0: /);
    expect(r.error.line).toBe(8);
    const black = replayRecordText(trs80.replace('M A2-H9', 'M A2-H8'));
    expect(black.ok ? '' : black.error.message).toMatch(/^move 21, Black, M A2-H8: /);
  });

  it('random damage to the printed records never throws, and every refusal is coded with a line', () => {
    const rng = createRng(400);
    for (const source of [ibm, trs80]) {
      for (let i = 0; i < 400; i++) {
        const text = mutate(rng, source);
        const r = replayRecordText(text);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^record\/[a-z-]+$/);
          expect(r.error.message.length).toBeGreaterThan(5);
          if (r.error.code !== 'record/bad-handicap' && r.error.code !== 'record/wrong-result') {
            expect(r.error.line).toBeGreaterThan(0);
          }
        }
      }
    }
  });
});
