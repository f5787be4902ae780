/**
 * The search's position (`src/search-position.ts`, `DraughtsSearchPosition`) in AssemblyScript, on the generator of
 * lib/generator.ts, for a search that runs whole inside WebAssembly (packages/ai/assembly): moves as the same integer
 * keys in the same order, make/unmake by key, the same Zobrist hash, draw rules, hand evaluation (lib/evaluate.ts)
 * and move-ordering hints, so that its tree is the JS position's tree node for node. Every function works on the one
 * position the module holds.
 *
 * The API (the search builds on these names):
 *   positionGenerate(out)         the moves' keys as i32 at out[0..n), the JS order; returns n
 *   positionGenerateCaptures(out) the same, the captures only, right after positionStatus() returned 1
 *   positionMake(key), positionUnmake()   by key (the JS position's), and back
 *   positionHashLo(), positionHashHi()   the hash's words (search-position.ts's keys)
 *   positionDecided(ply)          -1 | 0 | 1, or UNDECIDED: a draw by the move counter or by repetition (`decided`)
 *   positionStatus()              1 must capture, 0 quiet moves only, -1 no move
 *   positionNoMovesResult()       the result for the side to move when it has no move (-1, or 1 in give-away)
 *   positionPieceCount(), positionMen(), positionCanCrown()
 *   positionExchangeOffers(), positionIsExchangeOffer(key), positionOffersExchange(key)
 *   positionIsTactical(key), positionHistoryIndex(key)
 *   positionEvaluate()            the hand evaluation, the side to move's view (JS `evaluate()`, bit for bit)
 *   positionBoardSize(), positionGiveaway(), positionWhite(), positionBlack(), positionKings(), positionSide()
 *   positionPathIndex()           the current position's index on the path (game history first, then the search's)
 *   positionKeyBuffer()           room for a list's keys, for a host's calls
 *   positionDrawCounter(which)    the irreversible index (0), inactive moves (1), stage-2 plies left (2)
 * and for the host (src/wasm-search-position.ts): `configurePosition`, `positionBegin` / `positionPushHash` /
 * `positionLoad` (a position with its path's hashes and counters), besides the generator's `configure`, `nextTable`,
 * `zobristTable` and the evaluation's `configureEvaluation`, `squareTable`.
 *
 * A key: start bit | end bit << 6 | capture << 12 | pieces taken << 13 | crowns << 18 | n << 19 (earlier captures of
 * the list with the same start and end, at most 7) | index in the list << 22 (when below 512), as engine.ts writes
 * it. Here the keys are worked out from the records once the list is generated (the generator's records stay as the
 * perft modules use them) and kept in the records' spare bytes (R_KEY), where `positionMake` finds its move: at the
 * key's index first, else by a scan.
 *
 * Memory: the generator's move records are the heap's first block (lib/generator.ts); the path's stack is a heap
 * block (`heap.alloc`, STACK_STRIDE bytes an index: hash, irreversible index, inactive count, stage-2 counter, the
 * psq and advance totals packed in one word (lib/evaluate.ts), the list's first slot and end, the slot of the move
 * made), grown by `heap.realloc` only when a path outgrows it (in place when it is the heap's last block, else copied
 * and the old block left unused); the evaluation's tables, the neighbour table, the Zobrist keys, the host's key
 * buffer and the exchange offers are static data. A search allocates its own tables with `heap.alloc` after these.
 *
 * Misuse traps (the host sees a RuntimeError) rather than corrupting memory: a key that is not a move of the position,
 * a walk needing more move slots than the generator's block holds. Moves made before a `positionLoad` cannot be unmade.
 */
import {
  anyCapture,
  B,
  bit,
  BOTTOM,
  countMoves,
  FLAG_CROWNS,
  FLAG_KING,
  freeSlotsFrom,
  generate,
  genCaptures,
  K,
  make,
  manBack,
  MOVES,
  nextOf,
  R_FLAGS,
  R_FROM,
  R_TO,
  RECORD,
  S,
  S1,
  setPosition,
  side,
  SIDE_KEY_OFFSET,
  TOP,
  unmake,
  VALID,
  W,
  ZOBRIST,
  zobrist,
} from './generator';
import { evaluateBoard, squareValue } from './evaluate';

/** `positionDecided`'s answer when the game goes on. */
export const UNDECIDED: i32 = 2;

/** Key fields (engine.ts). */
const KEY_CAPTURE = 1 << 12;
const KEY_CROWNS = 1 << 18;
const KEY_INDEX_SHIFT = 22;
const KEY_INDEXED = 512;
/** Where a record keeps its key (bytes 20..23 of the generator's 24-byte records are unused by it). */
const R_KEY = 20;

/** Moves the search may play beyond the game's history (search-position.ts's SEARCH_PLIES). */
const SEARCH_PLIES = 512;

// The path's stack: one record an index.
const STACK_STRIDE = 40; // 36 bytes used, a multiple of 8 for the hash
const P_HASH = 0;
const P_IRREVERSIBLE = 8;
const P_INACTIVE = 12;
const P_STAGE2 = 16;
const P_SQUARES = 20;
const P_LIST_START = 24;
const P_LIST_END = 28;
const P_MADE = 32;

let stack: usize = 0;
let capacity = 0;
/** The current position's index on the path. */
let n = 0;

// The rule set (configurePosition).
let boardSize = 10;
let giveaway = false;
/** Plies of the draw counter's stages (twice the rule set's moves), as search-position.ts's m1 and m2. */
let m1 = 0;
let m2 = 0;

/** Keys a host reads a list into (`positionKeyBuffer`): room for any list. */
const KEY_BUFFER_SIZE = 4096;
const KEY_BUFFER = memory.data(4 * KEY_BUFFER_SIZE, 4);

/** The steps `positionExchangeOffers` found, as start bit | end bit << 6. */
const OFFER_STEPS = memory.data(4 * 64, 4);
let offerCount = 0;

function at(index: i32): usize {
  return stack + <usize>index * STACK_STRIDE;
}

function record(slot: i32): usize {
  return MOVES + <usize>slot * RECORD;
}

/** Makes room for `size` indexes (doubling), keeping the stack's contents. */
function ensure(size: i32): void {
  if (size <= capacity) return;
  let wanted = capacity > 0 ? capacity : SEARCH_PLIES;
  while (wanted < size) wanted *= 2;
  stack = capacity > 0 ? heap.realloc(stack, <usize>wanted * STACK_STRIDE) : heap.alloc(<usize>wanted * STACK_STRIDE);
  capacity = wanted;
}

/** The rule set's other facts: board size, give-away, the draw counter's two stages in plies. */
export function configurePosition(size: i32, giveawayMode: bool, counterPlies1: i32, counterPlies2: i32): void {
  boardSize = size;
  giveaway = giveawayMode;
  m1 = counterPlies1;
  m2 = counterPlies2;
}

/** Starts loading a path of `length` positions (then `positionPushHash` for each, then `positionLoad`). */
export function positionBegin(length: i32): void {
  ensure(length + SEARCH_PLIES);
  n = -1;
}

/** Appends the hash of the path's next position (the game's first position first). */
export function positionPushHash(lo: i32, hi: i32): void {
  n++;
  ensure(n + SEARCH_PLIES);
  const p = at(n);
  store<u64>(p, ((<u64>(<u32>hi)) << 32) | (<u64>(<u32>lo)), P_HASH);
  store<i32>(p, 0, P_IRREVERSIBLE);
  store<i32>(p, 0, P_INACTIVE);
  store<i32>(p, -1, P_STAGE2);
  store<i32>(p, 0, P_LIST_START);
  store<i32>(p, -1, P_LIST_END);
}

/**
 * Sets the board of the last position pushed (whose hash it must be) and its counters: the index of the first
 * position after the last capture or man move, the inactive moves, the stage-2 plies left (-1: not in stage 2).
 */
export function positionLoad(
  wLo: i32,
  wHi: i32,
  bLo: i32,
  bHi: i32,
  kLo: i32,
  kHi: i32,
  turn: i32,
  irreversible: i32,
  inactive: i32,
  stage2: i32,
): void {
  const p = at(n);
  const h = load<u64>(p, P_HASH);
  setPosition(wLo, wHi, bLo, bHi, kLo, kHi, turn, <i32>h, <i32>(h >> 32));
  store<i32>(p, irreversible, P_IRREVERSIBLE);
  store<i32>(p, inactive, P_INACTIVE);
  store<i32>(p, stage2, P_STAGE2);
  let squares = 0;
  for (let colour = 0; colour < 2; colour++) {
    const sign = colour === 0 ? 1 : -1;
    for (let x = colour === 0 ? W : B; x !== 0; x &= x - 1) {
      const b = <i32>ctz(x);
      squares += sign * squareValue(colour * 2 + <i32>((K >> (<u64>b)) & 1), b);
    }
  }
  store<i32>(p, squares, P_SQUARES);
  store<i32>(p, 0, P_LIST_START);
  store<i32>(p, -1, P_LIST_END);
}

/** A buffer of KEY_BUFFER_SIZE keys for a host's `positionGenerate` (a search uses its own). */
export function positionKeyBuffer(): usize {
  return KEY_BUFFER;
}

/** Works out the keys of the list in slots [start, end) into the records (and into `out` unless it is 0). */
function fill(start: i32, end: i32, out: usize): i32 {
  store<i32>(at(n), end, P_LIST_END);
  for (let slot = start; slot < end; slot++) {
    const r = record(slot);
    const from = <i32>load<u8>(r, R_FROM);
    const to = <i32>load<u8>(r, R_TO);
    const flags = <i32>load<u8>(r, R_FLAGS);
    const cap = load<u64>(r);
    const index = slot - start;
    let key = from | (to << 6) | (index < KEY_INDEXED ? index << KEY_INDEX_SHIFT : 0);
    if (cap === 0) {
      if (flags === FLAG_CROWNS) key |= KEY_CROWNS;
    } else {
      // Captures along different pieces may share start and end: the key numbers them in the list's order.
      let same = 0;
      for (let s = start; s < slot; s++) {
        const q = record(s);
        if (<i32>load<u8>(q, R_TO) === to && <i32>load<u8>(q, R_FROM) === from) same++;
      }
      key |=
        ((flags & FLAG_CROWNS) !== 0 ? KEY_CROWNS : 0) |
        KEY_CAPTURE |
        ((<i32>popcnt(cap)) << 13) |
        ((same < 7 ? same : 7) << 19);
    }
    store<i32>(r, key, R_KEY);
    if (out !== 0) store<i32>(out + ((<usize>index) << 2), key);
  }
  return end - start;
}

export function positionGenerate(out: usize): i32 {
  const start = load<i32>(at(n), P_LIST_START);
  return fill(start, generate(start), out);
}

export function positionGenerateCaptures(out: usize): i32 {
  const start = load<i32>(at(n), P_LIST_START);
  return fill(start, genCaptures(start), out);
}

/** The generator slot of move `key` in this position's list (generating the list first if needed). */
function slotOf(key: i32): i32 {
  const p = at(n);
  let end = load<i32>(p, P_LIST_END);
  if (end < 0) {
    positionGenerate(0);
    end = load<i32>(p, P_LIST_END);
  }
  const start = load<i32>(p, P_LIST_START);
  const direct = start + (key >>> KEY_INDEX_SHIFT);
  if (direct < end && load<i32>(record(direct), R_KEY) === key) return direct;
  for (let slot = start; slot < end; slot++) if (load<i32>(record(slot), R_KEY) === key) return slot;
  unreachable(); // not a move of this position: the host sees a trap
  return -1;
}

export function positionMake(key: i32): void {
  const slot = slotOf(key);
  const p = at(n);
  const r = record(slot);
  const from = <i32>load<u8>(r, R_FROM);
  const to = <i32>load<u8>(r, R_TO);
  const flags = <i32>load<u8>(r, R_FLAGS);
  const cap = load<u64>(r);
  const mover = side;
  const king = (flags & FLAG_KING) !== 0;
  const moverCode = mover * 2 + (king ? 1 : 0);
  const landed = mover * 2 + (flags !== 0 ? 1 : 0);
  let h = load<u64>(p, P_HASH) ^ load<u64>(ZOBRIST, SIDE_KEY_OFFSET) ^ zobrist(moverCode, from) ^ zobrist(landed, to);
  // Own side's point of view first, turned to White's at the end.
  let dSquares = squareValue(landed, to) - squareValue(moverCode, from);
  const other = (mover ^ 1) * 2;
  for (let x = cap; x !== 0; x &= x - 1) {
    const b = <i32>ctz(x);
    const code = other + <i32>((K >> (<u64>b)) & 1);
    h ^= zobrist(code, b);
    dSquares += squareValue(code, b);
  }
  make(slot);
  store<i32>(p, slot, P_MADE);
  const c = n + 1;
  if (c >= capacity) ensure(capacity * 2);
  n = c;
  const q = at(c);
  const before = at(c - 1);
  store<u64>(q, h, P_HASH);
  const sign = mover === 0 ? 1 : -1;
  store<i32>(q, load<i32>(before, P_SQUARES) + sign * dSquares, P_SQUARES);
  // Manual 2.4: a king's move without capture is inactive; anything else resets stage 1 and the repetition window.
  const inactiveMove = king && cap === 0;
  let inactive = inactiveMove ? load<i32>(before, P_INACTIVE) + 1 : 0;
  let stage2 = load<i32>(before, P_STAGE2);
  if (stage2 >= 0) stage2 = stage2 > 0 ? stage2 - 1 : 0;
  else if (inactive >= m1) {
    stage2 = m2;
    inactive = 0;
  }
  store<i32>(q, inactive, P_INACTIVE);
  store<i32>(q, stage2, P_STAGE2);
  store<i32>(q, inactiveMove ? load<i32>(before, P_IRREVERSIBLE) : c, P_IRREVERSIBLE);
  store<i32>(q, load<i32>(before, P_LIST_END), P_LIST_START);
  store<i32>(q, -1, P_LIST_END);
}

export function positionUnmake(): void {
  n--;
  unmake(load<i32>(at(n), P_MADE));
}

export function positionHashLo(): i32 {
  return <i32>load<u64>(at(n), P_HASH);
}

export function positionHashHi(): i32 {
  return <i32>(load<u64>(at(n), P_HASH) >> 32);
}

export function positionPathIndex(): i32 {
  return n;
}

/** The current position's draw counters (`positionLoad`'s): 0 the irreversible index, 1 inactive moves, 2 stage 2. */
export function positionDrawCounter(which: i32): i32 {
  return load<i32>(at(n) + <usize>(which === 0 ? P_IRREVERSIBLE : which === 1 ? P_INACTIVE : P_STAGE2));
}

/**
 * A draw by the move counter or by repetition (manual 2.4, game.ts), else UNDECIDED. With `ply` > 0 (inside a search
 * that began `ply` moves ago) a position repeated since the search began is already a draw.
 */
export function positionDecided(ply: i32): i32 {
  const p = at(n);
  if (load<i32>(p, P_STAGE2) === 0) {
    // The counter has run out: a draw, unless the side to move has no move (that result comes first).
    freeSlotsFrom(load<i32>(p, P_LIST_START));
    const moves = countMoves();
    store<i32>(p, -1, P_LIST_END); // counting may have written captures where this position's list goes
    return moves > 0 ? 0 : UNDECIDED;
  }
  const first = load<i32>(p, P_IRREVERSIBLE);
  if (n - first < 4) return UNDECIDED;
  const h = load<u64>(p, P_HASH);
  const root = n - ply;
  let count = 0;
  for (let i = n - 4; i >= first; i -= 2) {
    if (load<u64>(at(i), P_HASH) === h) {
      if (ply > 0 && i >= root) return 0;
      if (++count >= 2) return 0;
    }
  }
  return UNDECIDED;
}

/** 1: the side to move must capture; 0: it has quiet moves only; -1: it has no move at all. */
export function positionStatus(): i32 {
  if (anyCapture()) return 1;
  const e = ~(W | B) & VALID;
  const own = side === 0 ? W : B;
  const kings = own & K;
  const men = own ^ kings;
  // A piece can move when a square it steps to is free; a king steps both ways.
  const up = (e << S) | (e << S1);
  const down = (e >> S) | (e >> S1);
  const forward = side === 0 ? up : down;
  return ((men & forward) | (kings & (up | down))) !== 0 ? 0 : -1;
}

export function positionNoMovesResult(): i32 {
  // Manual 3.2.2: in give-away the side left without a move wins.
  return giveaway ? 1 : -1;
}

export function positionPieceCount(): i32 {
  return <i32>popcnt(W | B);
}

export function positionMen(): i32 {
  return <i32>popcnt((W | B) & ~K);
}

/** The side to move has a man one step from its crowning row with a free square there to step to. */
export function positionCanCrown(): bool {
  const e = ~(W | B) & VALID;
  if (side === 0) {
    const t = e & TOP;
    return (W & ~K & ((t << S) | (t << S1))) !== 0;
  }
  const t = e & BOTTOM;
  return (B & ~K & ((t >> S) | (t >> S1))) !== 0;
}

export function positionEvaluate(): i32 {
  const p = at(n);
  const white = evaluateBoard(W, B, K, load<i32>(p, P_SQUARES));
  return side === 0 ? white : 0 - white;
}

export function positionIsTactical(key: i32): bool {
  return (key & KEY_CAPTURE) !== 0;
}

export function positionHistoryIndex(key: i32): i32 {
  return (side << 12) | (key & 0xfff);
}

export function positionBoardSize(): i32 {
  return boardSize;
}

export function positionGiveaway(): bool {
  return giveaway;
}

export function positionWhite(): u64 {
  return W;
}

export function positionBlack(): u64 {
  return B;
}

export function positionKings(): u64 {
  return K;
}

export function positionSide(): i32 {
  return side;
}

/**
 * How many steps of the side to move's men offer an exchange (`positionOffersExchange`), found from the board
 * without generating the moves; `positionIsExchangeOffer` then names them until the position changes
 * (search-position.ts's `exchangeOffers`).
 */
export function positionExchangeOffers(): i32 {
  offerCount = 0;
  if (K !== 0) return 0;
  const white = side === 0;
  const them = white ? B : W;
  const e = ~(W | B) & VALID;
  const mine = white ? W : B;
  for (let k0 = 0; k0 < 2; k0++) {
    const sh = k0 === 0 ? S : S1;
    // The men's steps that end on a free square a man of theirs can then take: a man beside it with a free square
    // beyond, the square left behind included.
    let a: u64 = 0;
    for (let k1 = 0; k1 < 2; k1++) {
      const k = k1 === 0 ? S : S1;
      const left = k === sh;
      a |= ((them >> k) & (!white && left ? ~(<u64>0) : e << k)) | ((them << k) & (white && left ? ~(<u64>0) : e >> k));
    }
    let to = (white ? mine >> sh : mine << sh) & e & a;
    const delta = white ? <i32>sh : -(<i32>sh);
    for (; to !== 0; to &= to - 1) noteOffer(<i32>ctz(to), delta);
  }
  return offerCount;
}

function noteOffer(to: i32, delta: i32): void {
  const from = to + delta;
  if (offersStep(from, to)) {
    store<i32>(OFFER_STEPS + ((<usize>offerCount) << 2), from | (to << 6));
    offerCount++;
  }
}

/** Whether the move `key` is one of the steps the last `positionExchangeOffers` found. */
export function positionIsExchangeOffer(key: i32): bool {
  const step = key & 0xfff;
  for (let k = 0; k < offerCount; k++) if (load<i32>(OFFER_STEPS + ((<usize>k) << 2)) === step) return true;
  return false;
}

/** Whether the quiet move `key` of a man offers an exchange (search-position.ts's `offersExchange`). */
export function positionOffersExchange(key: i32): bool {
  if (K !== 0 || (key & KEY_CAPTURE) !== 0) return false;
  return offersStep(key & 63, (key >> 6) & 63);
}

function has(x: u64, b: i32): bool {
  return (x & bit(b)) !== 0;
}

/** A man of `colour` (0 White, moving up) may capture in direction d (0, 1 down, 2, 3 up). */
function manCaptures(colour: i32, d: i32): bool {
  return manBack || (colour === 0 ? d >= 2 : d < 2);
}

/** `positionOffersExchange` for the step of a man from bit `from` to bit `to`, no king being on the board. */
function offersStep(from: i32, to: i32): bool {
  const us = ((side === 0 ? W : B) & ~bit(from)) | bit(to);
  const them = side === 0 ? B : W;
  const opponent = 1 - side;
  // The square left behind: a man of ours beside it, one of theirs beyond, and the capture lands on `from`.
  for (let d = 0; d < 4; d++) {
    const v = nextOf(d, from);
    if (v < 0 || v === to || !has(us, v)) continue;
    const a = nextOf(d, v);
    if (a >= 0 && has(them, a) && manCaptures(opponent, 3 - d)) return false;
  }
  let attacks = 0;
  for (let d = 0; d < 4; d++) {
    // An attacker beside `to` in direction d takes it in the opposite direction, landing beyond.
    const a = nextOf(d, to);
    if (a < 0 || !has(them, a) || !manCaptures(opponent, 3 - d)) continue;
    const land = nextOf(3 - d, to);
    if (land < 0 || has(us, land) || has(them, land)) continue;
    attacks++;
    // After the capture `to` and `a` are empty and the capturer stands on `land`.
    const free = ~(us | them) | bit(to) | bit(a);
    let recaptured = false;
    for (let k = 0; k < 4; k++) {
      const nb = nextOf(k, land);
      if (nb < 0 || nb === to) continue;
      const beyond = nextOf(k, nb);
      const opposite = nextOf(3 - k, land);
      // The capturer goes on over a man of ours in direction k.
      if (has(us, nb) && beyond >= 0 && has(free, beyond) && manCaptures(opponent, k)) return false;
      // A man of ours on nb takes it back in the opposite direction.
      if (has(us, nb) && opposite >= 0 && has(free, opposite) && manCaptures(side, 3 - k)) recaptured = true;
    }
    if (!recaptured) return false;
  }
  return attacks > 0;
}
