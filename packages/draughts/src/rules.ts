/**
 * The seven rule sets as data. Every field cites the manual's comparison table (section 2.3, "Comparison of Rules") or
 * the project's rules decisions (`docs/rules/draughts.md`, written "rules page" below, with the section). The move
 * generator reads only these fields; there is no per-variant code path.
 */

export const VARIANT_IDS = ['international', 'english', 'spanish', 'russian', 'brazilian', 'thai', 'pool'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export const CAPTURE_PRECEDENCES = ['free', 'quantity', 'quantity-then-kings'] as const;
/** Manual 2.2.4: F free choice, Q most pieces, QQ most pieces then most kings. */
export type CapturePrecedence = (typeof CAPTURE_PRECEDENCES)[number];

export const KING_KINDS = ['one-step', 'flying', 'flying-land-behind'] as const;
/** Manual 2.2.7: SS single step, F flying, SL short landing (lands right behind the taken piece). */
export type KingKind = (typeof KING_KINDS)[number];

export const REMOVALS = ['at-end', 'immediate'] as const;
/** Manual 2.2.5: C on completion (taken pieces stay and block until the move ends), I immediate. */
export type Removal = (typeof REMOVALS)[number];

export type Color = 'white' | 'black';

export interface RuleSet {
  readonly id: VariantId;
  /** Human name. */
  readonly name: string;
  /** The status bar's letter for the rule set (manual 3.3.5). */
  readonly letter: string;
  /** Board side: 10 for the extended board, 8 otherwise (2.3 "Board"). */
  readonly size: 8 | 10;
  /** The flipped board, white corner on each player's left (2.3 "Board" F; manual 2.2.1 "Flipped board"). */
  readonly mirrored: boolean;
  /** Men per side at the start (2.3 "Initial number of pieces"). */
  readonly menPerSide: number;
  /** Rows of men per side at the start (rules page "Starting position and board": 4 on 10x10, 3 on 8x8, 2 in Thai). */
  readonly rowsOfMen: number;
  /** Who moves first (2.3 "Who moves first"). */
  readonly firstToMove: Color;
  /** Men capture backward too (2.3 "Pawn captures back"; Pool: yes, rules page "Pool men capture backward", ours). */
  readonly manCapturesBackward: boolean;
  /** Which capture must be chosen when several exist (2.3 "Capture restrictions", manual 2.2.4). */
  readonly precedence: CapturePrecedence;
  /** When jumped pieces leave the board (2.3 "Removing captured pieces", manual 2.2.5). */
  readonly removal: Removal;
  /** A man reaching the far row mid-capture is crowned and continues as a king (2.3 "Crowning rules" I, 2.2.6). */
  readonly crownsMidCapture: boolean;
  /** King strength (2.3 "King strength", manual 2.2.7). */
  readonly king: KingKind;
  /** The draw counters in moves per side (manual 2.4): stage 1 of M1 inactive moves, then stage 2 of M2 moves. */
  readonly drawCounter: { readonly m1: number; readonly m2: number };
  /** How squares are written in move text and FEN (rules page "Notation"). */
  readonly notation: 'numeric' | 'algebraic';
  /** The PDN 3.0 GameType number of the rule set. */
  readonly pdnGameType: number;
}

const STANDARD_DRAW = { m1: 15, m2: 20 } as const; // manual 2.4: "Others: M1=15, M2=20"

export const RULE_SETS: Readonly<Record<VariantId, RuleSet>> = {
  international: {
    id: 'international',
    name: 'International draughts',
    letter: 'W',
    size: 10, // 2.3: E (extended 10x10)
    mirrored: false,
    menPerSide: 20, // 2.3
    rowsOfMen: 4, // rules page "Starting position and board"
    firstToMove: 'white', // 2.3: W
    manCapturesBackward: true, // 2.3: Y
    precedence: 'quantity', // 2.3: Q
    removal: 'at-end', // 2.3: C
    crownsMidCapture: false, // 2.3: C
    king: 'flying', // 2.3: F
    drawCounter: STANDARD_DRAW,
    notation: 'numeric',
    pdnGameType: 20,
  },
  english: {
    id: 'english',
    name: 'English draughts (American checkers)',
    letter: 'E',
    size: 8, // 2.3: S
    mirrored: false,
    menPerSide: 12,
    rowsOfMen: 3,
    firstToMove: 'black', // 2.3: B
    manCapturesBackward: false, // 2.3: N
    precedence: 'free', // 2.3: F
    removal: 'at-end', // 2.3: C
    crownsMidCapture: false, // 2.3: C (the move ends on crowning)
    king: 'one-step', // 2.3: SS
    drawCounter: { m1: 20, m2: 40 }, // manual 2.4: "English/American: M1=20, M2=40"
    notation: 'numeric',
    pdnGameType: 21,
  },
  spanish: {
    id: 'spanish',
    name: 'Spanish draughts',
    letter: 'S',
    size: 8,
    mirrored: true, // 2.3: F (flipped); manual 2.2.1
    menPerSide: 12,
    rowsOfMen: 3,
    firstToMove: 'white',
    manCapturesBackward: false, // 2.3: N
    precedence: 'quantity-then-kings', // 2.3: QQ
    removal: 'at-end',
    crownsMidCapture: false,
    king: 'flying', // 2.3: F
    drawCounter: STANDARD_DRAW,
    notation: 'numeric',
    pdnGameType: 24,
  },
  russian: {
    id: 'russian',
    name: 'Russian draughts',
    letter: 'R',
    size: 8,
    mirrored: false,
    menPerSide: 12,
    rowsOfMen: 3,
    firstToMove: 'white',
    manCapturesBackward: true, // 2.3: Y
    precedence: 'free', // 2.3: F
    removal: 'at-end',
    crownsMidCapture: true, // 2.3: I; manual 2.2.6 "Instant crowning"
    king: 'flying',
    drawCounter: STANDARD_DRAW,
    notation: 'algebraic', // rules page "Notation": Russian tradition is algebraic
    pdnGameType: 25,
  },
  brazilian: {
    id: 'brazilian',
    name: 'Brazilian draughts',
    letter: 'B',
    size: 8,
    mirrored: false,
    menPerSide: 12,
    rowsOfMen: 3,
    firstToMove: 'white',
    manCapturesBackward: true, // 2.3: Y
    precedence: 'quantity', // 2.3: Q
    removal: 'at-end',
    crownsMidCapture: false,
    king: 'flying',
    drawCounter: STANDARD_DRAW,
    notation: 'numeric',
    pdnGameType: 26,
  },
  thai: {
    id: 'thai',
    name: 'Thai draughts',
    letter: 'T',
    size: 8,
    mirrored: false,
    menPerSide: 8, // 2.3
    rowsOfMen: 2, // rules page "Starting position and board"
    firstToMove: 'white', // 2.3: W (rules page "The Thai king": White on 25-32 moves first)
    manCapturesBackward: false, // 2.3: N
    precedence: 'free', // 2.3: F
    removal: 'immediate', // 2.3: I; manual 2.2.5 "Instant"
    crownsMidCapture: false,
    king: 'flying-land-behind', // 2.3: SL; manual 2.2.7 "Short-landing king"
    drawCounter: STANDARD_DRAW,
    notation: 'numeric',
    pdnGameType: 31,
  },
  pool: {
    id: 'pool',
    name: 'Pool checkers',
    letter: 'O',
    size: 8,
    mirrored: false,
    menPerSide: 12,
    rowsOfMen: 3,
    firstToMove: 'black', // 2.3: B
    // Rules page "Pool men capture backward" corrects 2.3's N: in American pool men capture backward (ours).
    manCapturesBackward: true,
    precedence: 'free',
    removal: 'at-end',
    crownsMidCapture: false,
    king: 'flying',
    drawCounter: STANDARD_DRAW,
    notation: 'numeric',
    pdnGameType: 23,
  },
};

export function isVariantId(text: string): text is VariantId {
  return (VARIANT_IDS as readonly string[]).includes(text);
}
