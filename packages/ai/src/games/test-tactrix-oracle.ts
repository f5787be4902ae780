/**
 * A test oracle for Tactrix!: a small, slow, separately written rules reader that judges one-move wins and defences
 * without the engine. It reads and writes the position text itself (docs/games/tactrix.md "Position text"),
 * generates moves square by square from the manual's piece descriptions ("The pieces"), and applies them with the
 * chips, the jerk bonus and purchases (docs/rules/tactrix.md "Pieces", "Chips and buying", "The end"). It imports
 * nothing from @tactica/tactrix: a fault in the engine cannot hide in the oracle's verdicts, and the oracle is itself
 * checked against the engine on random positions (test-tactrix-oracle.test.ts).
 *
 * Repetition is not modelled: the oracle works on position text, which carries no history, and two plies from a
 * position read from text cannot repeat anything three times.
 */

/** A square's content: a piece letter (upper case White, lower case Black), `*` an empty square with a chip, `.` empty. */
type Cell = string;

export interface OraclePosition {
  /** `cells[file + 10 * rank]`, file 0 = a, rank 0 = rank 1 (White's back row). */
  readonly cells: readonly Cell[];
  readonly whiteToMove: boolean;
  /** Chips held: White's, Black's. */
  readonly chips: readonly [number, number];
  /** Plies since the last capture, chip collection, jerk bonus or purchase. */
  readonly quietPlies: number;
  readonly moveNumber: number;
}

const FILES = 'abcdefghij';
/** The price list of the manual's pieces; the regeneroid and the king are not for sale. */
const PRICE: Readonly<Record<string, number>> = { J: 3, N: 6, W: 9, V: 12, D: 15 };
/** "100 consecutive plies" without progress draw. */
const QUIET_LIMIT = 100;
const JERK_BONUS = 25;

const squareName = (file: number, rank: number): string => `${FILES[file]}${rank + 1}`;
const inside = (file: number, rank: number): boolean => file >= 0 && file < 10 && rank >= 0 && rank < 10;
const isPiece = (c: Cell): boolean => c !== '.' && c !== '*';
const isWhite = (c: Cell): boolean => c >= 'A' && c <= 'Z';

/** Reads position text; throws on text that is not a position (the oracle is fed test data only). */
export function readPosition(text: string): OraclePosition {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 6) throw new Error(`oracle: six fields expected in "${text}"`);
  const [board = '', turn, white, black, quiet, number] = fields;
  const rows = board.split('/');
  if (rows.length !== 10 || rows.some((r) => !/^[JNWVDRKjnwvdrk*.]{10}$/.test(r))) {
    throw new Error(`oracle: bad board "${board}"`);
  }
  const cells: Cell[] = [];
  // The text lists rank 10 first.
  for (let rank = 0; rank < 10; rank++) {
    const row = rows[9 - rank] as string;
    for (let file = 0; file < 10; file++) cells.push(row[file] as string);
  }
  if (turn !== 'w' && turn !== 'b') throw new Error(`oracle: bad side to move "${turn}"`);
  return {
    cells,
    whiteToMove: turn === 'w',
    chips: [Number(white), Number(black)],
    quietPlies: Number(quiet),
    moveNumber: Number(number),
  };
}

/** The position text of `p` (the same six fields `readPosition` reads). */
export function writePosition(p: OraclePosition): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) rows.push(p.cells.slice(10 * rank, 10 * rank + 10).join(''));
  return [rows.join('/'), p.whiteToMove ? 'w' : 'b', p.chips[0], p.chips[1], p.quietPlies, p.moveNumber].join(' ');
}

/** The eight steps to the neighbouring squares, as [file, rank] offsets. */
const NEIGHBOURS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
];

/** Move text to the position the move leads to (made when asked for: most callers only need the list). */
export type Moves = Map<string, () => OraclePosition>;

/** Every legal move of the side to move; none once the game is over. */
export function movesOf(p: OraclePosition): Moves {
  return over(p) === undefined ? generate(p) : new Map();
}

/** The moves the pieces and the purchases allow, whether or not the game is over. */
function generate(p: OraclePosition): Moves {
  const result: Moves = new Map();
  const mine = (c: Cell): boolean => isPiece(c) && isWhite(c) === p.whiteToMove;
  const theirs = (c: Cell): boolean => isPiece(c) && isWhite(c) !== p.whiteToMove;
  const at = (file: number, rank: number): Cell => p.cells[file + 10 * rank] as Cell;
  const forward = p.whiteToMove ? 1 : -1;

  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 10; file++) {
      const piece = at(file, rank);
      if (!mine(piece)) continue;
      const targets = new Set<string>();
      const land = (f: number, r: number): void => {
        if (inside(f, r) && !mine(at(f, r))) targets.add(`${f},${r}`);
      };
      // Slides go square by square and stop at the first piece, which may be taken if it is the enemy's.
      const slide = (df: number, dr: number): void => {
        for (let f = file + df, r = rank + dr; inside(f, r); f += df, r += dr) {
          land(f, r);
          if (isPiece(at(f, r))) break;
        }
      };
      switch (piece.toUpperCase()) {
        case 'J': {
          // One step straight ahead to an empty square; captures only two squares off along a rank or file.
          if (inside(file, rank + forward) && !isPiece(at(file, rank + forward)))
            targets.add(`${file},${rank + forward}`);
          for (const [df, dr] of [
            [0, 2],
            [0, -2],
            [2, 0],
            [-2, 0],
          ] as const) {
            if (inside(file + df, rank + dr) && theirs(at(file + df, rank + dr)))
              targets.add(`${file + df},${rank + dr}`);
          }
          break;
        }
        case 'N':
          for (const [df, dr] of [
            [1, 2],
            [2, 1],
            [-1, 2],
            [-2, 1],
            [1, -2],
            [2, -1],
            [-1, -2],
            [-2, -1],
          ] as const)
            land(file + df, rank + dr);
          break;
        case 'W':
          // Any neighbour but the two beside it; sideways it hops the next square and slides on round the edge.
          for (const [df, dr] of NEIGHBOURS) if (dr !== 0) land(file + df, rank + dr);
          for (const side of [-1, 1]) {
            for (let k = 2; k <= 4; k++) {
              const f = (file + side * k + 10) % 10;
              land(f, rank);
              if (isPiece(at(f, rank))) break;
            }
          }
          break;
        case 'V':
          for (const [df, dr] of NEIGHBOURS) land(file + df, rank + dr);
          slide(0, 1);
          slide(0, -1);
          break;
        case 'D':
          for (const [df, dr] of NEIGHBOURS) land(file + df, rank + dr);
          for (const [df, dr] of [
            [1, 1],
            [1, -1],
            [-1, 1],
            [-1, -1],
          ] as const)
            slide(df, dr);
          break;
        case 'R': {
          // A king's step that stays in its own five home rows.
          const home = (r: number): boolean => (p.whiteToMove ? r <= 4 : r >= 5);
          for (const [df, dr] of NEIGHBOURS) if (home(rank + dr)) land(file + df, rank + dr);
          break;
        }
        case 'K':
          for (const [df, dr] of NEIGHBOURS) land(file + df, rank + dr);
          break;
      }
      for (const key of targets) {
        const [f, r] = key.split(',').map(Number) as [number, number];
        const text = `${squareName(file, rank)}${isPiece(at(f, r)) ? 'x' : '-'}${squareName(f, r)}`;
        result.set(text, () => arrive(p, piece, file + 10 * rank, f + 10 * r));
      }
    }
  }

  // Purchases: a piece placed next to one's regeneroid, on an empty square or onto an enemy.
  const regeneroid = p.cells.indexOf(p.whiteToMove ? 'R' : 'r');
  if (regeneroid >= 0) {
    const held = p.chips[p.whiteToMove ? 0 : 1];
    for (const [letter, price] of Object.entries(PRICE)) {
      if (price > held) continue;
      for (const [df, dr] of NEIGHBOURS) {
        const f = (regeneroid % 10) + df;
        const r = Math.floor(regeneroid / 10) + dr;
        if (!inside(f, r) || mine(at(f, r))) continue;
        const piece = p.whiteToMove ? letter : letter.toLowerCase();
        result.set(`buy ${letter}@${squareName(f, r)}`, () => arrive(p, piece, -1, f + 10 * r, price));
      }
    }
  }
  return result;
}

/** The position after `piece` arrives on `to` from `from` (-1: bought for `price`). */
function arrive(p: OraclePosition, piece: Cell, from: number, to: number, price = 0): OraclePosition {
  const cells = [...p.cells];
  const chips: [number, number] = [p.chips[0], p.chips[1]];
  const me = p.whiteToMove ? 0 : 1;
  const captured = isPiece(cells[to] as Cell);
  const collected = cells[to] === '*';
  if (from >= 0) cells[from] = '.';
  chips[me] -= price;
  if (collected) chips[me] += 1;
  cells[to] = piece;
  // A jerk on the far row earns 25 chips and leaves the board.
  const farRank = p.whiteToMove ? 9 : 0;
  const bonus = piece.toUpperCase() === 'J' && Math.floor(to / 10) === farRank;
  if (bonus) {
    chips[me] += JERK_BONUS;
    cells[to] = '.';
  }
  const progress = captured || collected || bonus || price > 0;
  return {
    cells,
    whiteToMove: !p.whiteToMove,
    chips,
    quietPlies: progress ? 0 : p.quietPlies + 1,
    moveNumber: p.whiteToMove ? p.moveNumber : p.moveNumber + 1,
  };
}

/** The result of a position by the rules, in their order: a king taken, no move, 100 quiet plies. */
function over(p: OraclePosition): 'white wins' | 'black wins' | 'draw' | undefined {
  if (!p.cells.includes('K')) return 'black wins';
  if (!p.cells.includes('k')) return 'white wins';
  if (generate(p).size === 0) return p.whiteToMove ? 'black wins' : 'white wins';
  if (p.quietPlies >= QUIET_LIMIT) return 'draw';
  return undefined;
}

/** The moves that win at once for the side to move. */
export function winningMoves(p: OraclePosition): string[] {
  const winner = p.whiteToMove ? 'white wins' : 'black wins';
  return [...movesOf(p)].filter(([, next]) => over(next()) === winner).map(([text]) => text);
}

/** True when, after `move`, the opponent cannot win at once (and the move did not lose by itself). */
export function defends(p: OraclePosition, move: string): boolean {
  const made = movesOf(p).get(move);
  if (!made) throw new Error(`oracle: ${move} is not a legal move in ${writePosition(p)}`);
  const next = made();
  const result = over(next);
  if (result !== undefined) return result === 'draw' || result === (p.whiteToMove ? 'white wins' : 'black wins');
  return winningMoves(next).length === 0;
}

/**
 * `win`: the side to move can win at once. `defend`: it cannot, the opponent would win at once were it to move,
 * some moves stop that and some do not. Otherwise undefined.
 */
export function classify(p: OraclePosition): 'win' | 'defend' | undefined {
  if (over(p) !== undefined) return undefined;
  if (winningMoves(p).length > 0) return 'win';
  if (winningMoves({ ...p, whiteToMove: !p.whiteToMove }).length === 0) return undefined;
  const moves = [...movesOf(p).keys()];
  const saving = moves.filter((m) => defends(p, m)).length;
  return saving > 0 && saving < moves.length ? 'defend' : undefined;
}
