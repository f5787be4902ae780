import { unwrap, type Player } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import {
  boardDiagram,
  formatMove,
  generateMoves,
  initialPosition,
  makeFen,
  parseDiagram,
  parseFen,
  pieceCounts,
  RULE_SETS,
  squaresOf,
  VARIANT_IDS,
  type DraughtsMove,
  type Position,
  type VariantId,
} from './index.js';

// One test (or table of tests) per rule of the manual's comparison table (section 2.3) and of docs/rules/draughts.md.
// Diagrams list each rank's playable squares from White's left, top rank first: `.` empty, w/b men, W/B kings. They are
// drawn for the standard board; for Spanish (the mirrored board) the same drawing is read as its mirror image, which is
// the same game (docs/rules/draughts.md "Starting position and board": Spanish is modelled by mirroring).

const EIGHT: readonly VariantId[] = ['english', 'spanish', 'russian', 'brazilian', 'thai', 'pool'];

function position(variant: VariantId, diagram: string, turn: Player = 0): Position {
  const drawn = RULE_SETS[variant].mirrored
    ? diagram
        .split('\n')
        .map((row) => [...row.replace(/\s+/g, '')].reverse().join(' '))
        .join('\n')
    : diagram;
  return unwrap(parseDiagram(variant, drawn, turn));
}

function moveTexts(pos: Position): string[] {
  const legal = generateMoves(pos);
  return legal.map((m) => formatMove(pos, m, legal)).sort();
}

function moves(pos: Position): DraughtsMove[] {
  return generateMoves(pos);
}

describe('2.3 Board: 10x10 for International, 8x8 otherwise; Spanish on the mirrored board', () => {
  it.each(VARIANT_IDS.map((v) => [v, RULE_SETS[v].size] as const))('%s plays on a board of side %i', (v, size) => {
    expect(squaresOf(RULE_SETS[v]).count).toBe((size * size) / 2);
    expect(boardDiagram(initialPosition(v)).split('\n')).toHaveLength(size);
  });

  it('the standard boards have a playable corner at a1 (square 29 / 46), the Spanish board at h1 (square 1)', () => {
    expect(squaresOf(RULE_SETS.english).algebraic(squaresOf(RULE_SETS.english).fromNumber(29))).toBe('a1');
    expect(squaresOf(RULE_SETS.international).algebraic(squaresOf(RULE_SETS.international).fromNumber(46))).toBe('a1');
    const spanish = squaresOf(RULE_SETS.spanish);
    // Numbered from White's right-hand corner, right to left, bottom to top.
    expect([1, 2, 3, 4, 5, 8, 9, 29, 32].map((n) => spanish.algebraic(spanish.fromNumber(n)))).toEqual([
      'h1',
      'f1',
      'd1',
      'b1',
      'g2',
      'a2',
      'h3',
      'g8',
      'a8',
    ]);
    expect(spanish.fromFileRank(0, 1)).toBe(-1); // a1 is a light square on the mirrored board
  });

  it('the Spanish start, drawn: White on 1-12 at the bottom, light corner at White’s left', () => {
    const start = initialPosition('spanish');
    expect(makeFen(start)).toBe('W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,23,24,25,26,27,28,29,30,31,32');
    expect(boardDiagram(start)).toBe(
      [
        'b   b   b   b',
        '  b   b   b   b',
        'b   b   b   b',
        '  .   .   .   .',
        '.   .   .   .',
        '  w   w   w   w',
        'w   w   w   w',
        '  w   w   w   w',
      ].join('\n'),
    );
  });
});

describe('2.3 Initial number of pieces and rows (docs/rules/draughts.md "Starting position and board")', () => {
  it.each([
    [
      'international',
      20,
      'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20',
    ],
    ['english', 12, 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'],
    ['russian', 12, 'W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8'],
    ['brazilian', 12, 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'],
    ['thai', 8, 'W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8'],
    ['pool', 12, 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'],
  ] as const)('%s starts with %i men each', (v, men, fen) => {
    const start = initialPosition(v);
    expect(pieceCounts(start)).toEqual({ white: men, black: men });
    expect(makeFen(start)).toBe(fen);
  });
});

describe('2.3 Who moves first', () => {
  it.each(VARIANT_IDS.map((v) => [v, RULE_SETS[v].firstToMove] as const))('%s: %s', (v, first) => {
    expect(initialPosition(v).turn).toBe(first === 'white' ? 0 : 1);
  });
});

describe('2.3 Pawn captures back (Pool: yes, docs/rules/draughts.md "Pool men capture backward", ours)', () => {
  //   White man on d4, black man behind it on c3: only a man that captures backward can take it.
  const diagram = `
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   w   .   .
    .   b   .   .
      .   .   .   .
    .   .   .   .`;
  it.each(EIGHT.map((v) => [v, RULE_SETS[v].manCapturesBackward] as const))('%s: %s', (v, back) => {
    const ms = moves(position(v, diagram));
    if (back) {
      expect(ms).toHaveLength(1);
      expect(ms[0]?.captures).toHaveLength(1);
    } else {
      expect(ms).toHaveLength(2);
      expect(ms.every((m) => m.captures.length === 0)).toBe(true);
    }
  });

  it('International: a man captures backward (10x10)', () => {
    // White man on 28, black man on 33 behind it, 39 empty.
    const pos = unwrap(parseFen('W:W28:B33,1', 'international'));
    expect(moveTexts(pos)).toEqual(['28x39']);
  });
});

describe('2.3 Capture restrictions: free, most pieces (Q), most pieces then most kings (QQ)', () => {
  //   White man on e3 can take one piece (f4, to g5) or two (d4 then b6, to a7).
  const quantity = `
      .   .   .   .
    .   .   .   .
      b   .   .   .
    .   .   .   .
      .   b   b   .
    .   .   w   .
      .   .   .   .
    .   .   .   .`;
  it.each(EIGHT.map((v) => [v, RULE_SETS[v].precedence] as const))('%s (%s): one or two pieces', (v, rule) => {
    const taken = moves(position(v, quantity))
      .map((m) => m.captures.length)
      .sort();
    expect(taken).toEqual(rule === 'free' ? [1, 2] : [2]);
  });

  it('English: the short capture may be chosen (free choice)', () => {
    expect(moveTexts(position('english', quantity))).toEqual(['23x16', '23x5']);
  });

  //   White man on e3 can take the man on d4 or the king on f4: one piece either way.
  const quality = `
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   b   B   .
    .   .   w   .
      .   .   .   .
    .   .   .   .`;
  it.each(EIGHT.map((v) => [v, RULE_SETS[v].precedence] as const))('%s (%s): a man or a king', (v, rule) => {
    const ms = moves(position(v, quality));
    expect(ms.every((m) => m.captures.length === 1)).toBe(true);
    expect(ms).toHaveLength(rule === 'quantity-then-kings' ? 1 : 2);
  });

  it('Spanish: of equal captures, the one taking more kings must be chosen', () => {
    const pos = position('spanish', quality);
    const [only] = moves(pos);
    expect(only).toBeDefined();
    const taken = only?.captures[0] as number;
    expect(boardDiagram(pos).includes('B')).toBe(true);
    expect(makeFen(pos)).toContain(`K${taken}`);
  });

  it('International: the capture taking most pieces is compulsory (10x10)', () => {
    // White man on 32 takes 27 (one piece) or 28 then 19 (two pieces, to 14... via 23).
    const pos = unwrap(parseFen('W:W32:B27,28,19,3', 'international'));
    const ms = moves(pos);
    expect(ms.map((m) => m.captures.length)).toEqual([2]);
  });
});

describe('2.3 Removing captured pieces: on completion (C) or immediately (I, Thai)', () => {
  //   White king on c1; black men on d2, f2 and d4.
  //   On completion (Russian): after c1xd2 to e3, the king takes d4 or f2, but then the taken pieces still block:
  //   it cannot pass back over them, so each capture ends after two pieces.
  //   Immediately (Thai): taken pieces vanish at once, so the king goes on over their squares and takes all three.
  const diagram = `
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   b   .   .
    .   .   .   .
      .   b   b   .
    .   W   .   .`;
  it('Russian (C): four captures of two pieces, landing anywhere behind the last one', () => {
    expect(moveTexts(position('russian', diagram))).toEqual(['c1xa7', 'c1xb6', 'c1xc5', 'c1xg1']);
  });

  it('Pool (C): the same four captures', () => {
    expect(moves(position('pool', diagram)).map((m) => m.captures.length)).toEqual([2, 2, 2, 2]);
  });

  it('Thai (I): two captures of three pieces, by e3 and c5 to g1, or by e3 and g1 to c5', () => {
    const pos = position('thai', diagram);
    expect(moveTexts(pos)).toEqual(['30x14', '30x32']);
    expect(moves(pos).map((m) => m.path.join('-'))).toEqual(['23-32-14', '23-14-32']);
    expect(moves(pos).every((m) => m.captures.length === 3)).toBe(true);
  });
});

describe('2.3 Crowning: on completion (C), or immediately with the capture going on as a king (I, Russian)', () => {
  //   White man on b6 takes c7 and reaches d8, the crowning row. A black man on e7 stands next to d8 (f6 empty).
  //   English, Spanish, Thai: men capture forward only; the move ends on d8 with the crowning.
  //   Russian: crowned at once on d8, it goes on as a king over e7 and may land on f6, g5 or h4.
  //   Brazilian, Pool: still a man on d8, it goes on capturing backward over e7 to f6, and is not crowned.
  const diagram = `
      .   .   .   .
    .   b   b   .
      w   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .`;
  it.each(['english', 'spanish', 'thai'] as const)('%s: the move ends on the crowning row, crowned', (v) => {
    const ms = moves(position(v, diagram));
    expect(ms).toHaveLength(1);
    expect(ms[0]?.captures).toHaveLength(1);
    expect(ms[0]?.crowns).toBe(true);
  });

  it('English: b6xd8 is 9x2, and the new king does not go on', () => {
    expect(moveTexts(position('english', diagram))).toEqual(['9x2']);
  });

  it('Russian: crowned mid-capture, it goes on as a flying king', () => {
    const pos = position('russian', diagram);
    expect(moveTexts(pos)).toEqual(['b6xf6', 'b6xg5', 'b6xh4']);
    expect(moves(pos).every((m) => m.crowns && m.captures.length === 2)).toBe(true);
  });

  it.each(['brazilian', 'pool'] as const)('%s: passing the crowning row mid-capture, it stays a man', (v) => {
    const ms = moves(position(v, diagram));
    expect(ms).toHaveLength(1);
    expect(ms[0]?.captures).toHaveLength(2);
    expect(ms[0]?.crowns).toBe(false);
  });

  it('International: a man passing the crowning row mid-capture stays a man (10x10)', () => {
    // White man on 12 (b8) takes 7 to 1... no: takes 8 (c9) to 3 (d10), then 9 (e9) backward to 14 (f8).
    const pos = unwrap(parseFen('W:W12:B8,9,50', 'international'));
    const ms = moves(pos);
    expect(ms).toHaveLength(1);
    expect(ms[0]?.path).toEqual([3, 14]);
    expect(ms[0]?.crowns).toBe(false);
  });

  it('International: a man ending its move on the crowning row is crowned', () => {
    const pos = unwrap(parseFen('W:W6:B50', 'international'));
    expect(moves(pos).map((m) => [m.to, m.crowns])).toEqual([[1, true]]);
  });
});

describe('2.3 King strength: single step (English), flying, short landing (Thai)', () => {
  //   A lone white king on d4; a black man on f6, two squares away with g7 and h8 empty behind it.
  const capture = `
      .   .   .   .
    .   .   .   .
      .   .   b   .
    .   .   .   .
      .   W   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .`;
  it('English: a single-step king cannot reach the man, and steps to the four next squares', () => {
    expect(moveTexts(position('english', capture))).toEqual(['18-14', '18-15', '18-22', '18-23']);
  });

  it.each(['russian', 'brazilian', 'pool'] as const)('%s: a flying king takes from afar and lands on g7 or h8', (v) => {
    const ms = moves(position(v, capture));
    expect(ms.map((m) => m.captures.length)).toEqual([1, 1]);
  });

  it('Russian: the flying king’s landing squares, named', () => {
    expect(moveTexts(position('russian', capture))).toEqual(['d4xg7', 'd4xh8']);
  });

  it('Thai: the king takes from afar but must land right behind the piece', () => {
    expect(moveTexts(position('thai', capture))).toEqual(['18x8']);
  });

  //   A lone white king on d4 and a black man on h2, off its diagonals: flying kings slide any distance.
  const slide = `
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   W   .   .
    .   .   .   .
      .   .   .   b
    .   .   .   .`;
  it.each(EIGHT.map((v) => [v, RULE_SETS[v].king] as const))('%s (%s): plain king moves', (v, king) => {
    expect(moves(position(v, slide))).toHaveLength(king === 'one-step' ? 4 : 13);
  });

  it('International: a flying king on 28 of an empty board has 17 moves', () => {
    expect(moves(unwrap(parseFen('W:WK28:B1', 'international')))).toHaveLength(16 + 1);
  });
});

describe('capturing is compulsory and goes on while possible (manual 2.2.2)', () => {
  it('a man that can capture must: the plain moves are not legal', () => {
    // White man on d4 (18), black man on c5 (14) with b6 (9) empty; another white man could step.
    const pos = unwrap(parseFen('W:W18,29:B14,1', 'english'));
    expect(moveTexts(pos)).toEqual(['18x9']);
  });

  it('a capture cannot stop while the piece can take more', () => {
    // 23 takes 18 to 14, then 10 to 5... it must go on to the end.
    const pos = unwrap(parseFen('W:W27:B23,15,1', 'english'));
    expect(moveTexts(pos)).toEqual(['27x11']);
  });

  it.each([
    ['russian', 'a1xg1'],
    ['pool', '29x32'],
  ] as const)(
    '%s: a flying king must land where it can go on capturing when it can (free choice otherwise)',
    (v, only) => {
      //   King a1 takes b2; of the landing squares c3..h8 only d4 lets it go on, over f2 to g1.
      const pos = position(
        v,
        `
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      .   .   .   .
    .   .   .   .
      b   .   b   .
    W   .   .   .`,
      );
      expect(moveTexts(pos)).toEqual([only]);
    },
  );
});

// docs/rules/draughts.md "What counts as one move".
describe('a move is one complete path; paths with the same start, end and taken pieces are one move', () => {
  it('English: a king going round a ring of four either way is one move (two paths)', () => {
    const pos = unwrap(parseFen('W:WK17:B14,15,22,23', 'english'));
    expect(moveTexts(pos)).toEqual(['17x17']);
    expect(generateMoves(pos, { allPaths: true })).toHaveLength(2);
  });

  it('Russian: a flying king round the same ring is one move too', () => {
    const pos = unwrap(parseFen('W:WKb4:Bc3,c5,e3,e5', 'russian'));
    const ring = moves(pos).filter((m) => m.captures.length === 4 && m.to === m.from);
    expect(ring).toHaveLength(1);
    const paths = generateMoves(pos, { allPaths: true }).filter((m) => m.captures.length === 4 && m.to === m.from);
    expect(paths.length).toBeGreaterThanOrEqual(2);
  });

  it('two different captures from the same start to the same end are two moves, written with full paths', () => {
    const pos = unwrap(parseFen('W:W31:B26,27,18,19', 'english'));
    expect(moveTexts(pos)).toEqual(['31x22x15', '31x24x15']);
  });
});

describe('the side that cannot move loses; in give-away it wins (manual 3.2.2)', () => {
  it('no pieces or all blocked: no legal move', () => {
    expect(moves(unwrap(parseFen('W:W:B1', 'english')))).toHaveLength(0);
    // White man on 29 (a1) blocked by black men on 25 (b2), and 22 (c3) behind it.
    expect(moves(unwrap(parseFen('W:W29:B25,22', 'english')))).toHaveLength(0);
  });
});

describe('Thai numbering and start (docs/rules/draughts.md "The Thai king")', () => {
  it('Thai squares are numbered as on the English board; White on 25-32 moves first', () => {
    const start = initialPosition('thai');
    expect(makeFen(start)).toBe('W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8');
    expect(moveTexts(start)).toEqual(['25-21', '25-22', '26-22', '26-23', '27-23', '27-24', '28-24']);
  });
});
