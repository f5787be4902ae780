/**
 * The move generator of `src/engine.ts` in AssemblyScript, for the WebAssembly modules of this folder: the same rules
 * read from the same rule flags, the same generation order, on one 64-bit word per bitboard instead of two 32-bit
 * halves. The entries choose what a module exports: `draughts-generator.ts` the perft API (the walk measured against
 * the JS engine), `draughts-generator-stepwise.ts` the node-by-node API a host-driven walk needs. They are two modules
 * so that the second's exports cannot change how the first is compiled (binaryen inlines a function that has one
 * caller; giving the hash update a second caller made the walk inside 12% slower).
 *
 * Everything lives in linear memory laid out here, nothing is allocated per node. Layout: static data first (the
 * geometry's neighbour table and the Zobrist keys, which the host writes, see `nextTable` and `zobristTable`; the
 * hashes of `makeMoveHashed`), then the stub runtime's heap from `__heap_base`, whose first block, reserved when the
 * module starts, holds the move records (MOVE_SLOTS of them, one list a ply above the other as in the JS engine; a
 * constant address, never moved nor grown). Anything else a module allocates (`heap.alloc`: a search's stacks and
 * tables, lib/search-position.ts) comes after that block, so the two cannot overlap. Modules are built with `--use
 * abort=` (scripts/build-wasm.js): the runtime's allocation failures trap instead of calling an import, so a module
 * needs none.
 *
 * Rules (manual section 2.2, table 2.3, docs/rules/draughts.md), as engine.ts has them: compulsory capture going on
 * while possible; a flying king's landing square chosen among those from which it can go on; precedence free, most
 * pieces, or most pieces then most kings; taken pieces removed at the end or at once (Thai); crowning at the end or
 * mid-capture going on as a king (Russian); kings one step, flying, or landing right behind (Thai); men capturing
 * backward per rule set; two paths with the same start, end and taken pieces counted once (`unique`).
 */

// Rule flags (configure).
const KING_ONE_STEP = 0;
const KING_FLYING = 1;
export let manBack = false;
let kingKind = KING_FLYING;
let immediate = false;
let crownMid = false;
/** 0 free, 1 most pieces, 2 most pieces then most kings. */
let precedence = 1;
let unique = true;

// Geometry (configure): the shifts of the two diagonals (squares per row, and one more), the playable squares and
// the crowning rows. Down the board is toward higher bits.
export let S: u64 = 5;
export let S1: u64 = 6;
export let VALID: u64 = 0;
export let TOP: u64 = 0;
export let BOTTOM: u64 = 0;

/** next[d * 64 + bit]: the neighbouring bit in direction d (0 down-left, 1 down-right, 2 up-left, 3 up-right), or -1. */
const NEXT = memory.data(4 * 64);
/** Zobrist keys [piece code (colour * 2 + king) * 64 + bit], then the side to move's (search-position.ts's keys). */
export const ZOBRIST = memory.data(8 * (4 * 64 + 1), 8);
export const SIDE_KEY_OFFSET = 8 * 4 * 64;

// The position: white, black and kings, the side to move (0 White, 1 Black), its Zobrist hash.
export let W: u64 = 0;
export let B: u64 = 0;
export let K: u64 = 0;
export let side = 0;
let hash: u64 = 0;

/**
 * Move records, RECORD bytes each: taken pieces (u64), the kings' XOR mask of a capture (u64; taken kings, a moving
 * king, a crowning), start bit, end bit, flags. A quiet move's king mask is not written: `toggle` works it out.
 */
export const RECORD = 24;
const R_KX = 8;
export const R_FROM = 16;
export const R_TO = 17;
export const R_FLAGS = 18;
export const FLAG_KING = 1;
export const FLAG_CROWNS = 2;
/**
 * Move slots: 128 K records (3 MB), far more than any walk needs (a search's lists, one a ply, take at most about
 * 130 slots a ply over 512 plies; perft's a few thousand). They are the stub runtime's first heap block, reserved
 * when the module starts (below), so that other allocations (`heap.alloc`: a search's tables) come after it and never
 * overlap it, while its address stays a constant the hot loops fold into their loads. A walk needing more slots
 * stops the module (`full`): the block never grows, so nothing can be written past it.
 */
const MOVE_SLOTS = 1 << 17;
/** The stub runtime's first block (rt/stub.ts: a 4-byte header, payloads aligned to 16). */
export const MOVES: usize = (__heap_base + 4 + 15) & ~(<usize>15);
// Reserved before anything else can allocate (a module's top-level code runs at its start, before any export is
// called); were another top-level allocation to come first, the module would stop here, at once.
if (heap.alloc(MOVE_SLOTS * RECORD) !== MOVES) unreachable();
/** The first free move slot. */
let top = 0;

// Capture search state.
let src: u64 = 0;
let counting = false;
let counted = 0;
let cFrom = 0;
let cKing = false;
/** Pieces that can still be taken, and the empty squares, along the capture being explored. */
let O: u64 = 0;
let E: u64 = 0;
let listStart = 0;
let bestN = 0;
let bestK = 0;

// Perft without bulk counting: the leaves' hashes summed, as two 32-bit words (the host checks them).
let sumLo: u32 = 0;
let sumHi: u32 = 0;

/** Moves made through `makeMoveHashed` and not taken back, and the hash before each (the host bounds the depth). */
export const MAX_PLIES = 1024;
const HASHES = memory.data(8 * MAX_PLIES, 8);
let ply = 0;

/** Where the host writes the neighbour table (256 signed bytes, geometry.ts's `next`). */
export function nextTable(): usize {
  return NEXT;
}

/** Where the host writes the Zobrist keys (4 * 64 + 1 words of 64 bits, little-endian). */
export function zobristTable(): usize {
  return ZOBRIST;
}

function word(lo: i32, hi: i32): u64 {
  return ((<u64>(<u32>hi)) << 32) | (<u64>(<u32>lo));
}

/** Sets the rule set: its flags, board geometry (squares per row, playable and crowning rows as word halves). */
export function configure(
  half: i32,
  validLo: i32,
  validHi: i32,
  topLo: i32,
  topHi: i32,
  bottomLo: i32,
  bottomHi: i32,
  backward: bool,
  kings: i32,
  immediateRemoval: bool,
  crownsMidCapture: bool,
  precedenceKind: i32,
): void {
  S = <u64>half;
  S1 = <u64>(half + 1);
  VALID = word(validLo, validHi);
  TOP = word(topLo, topHi);
  BOTTOM = word(bottomLo, bottomHi);
  manBack = backward;
  kingKind = kings;
  immediate = immediateRemoval;
  crownMid = crownsMidCapture;
  precedence = precedenceKind;
}

/** Counts two paths with the same start, end and taken pieces once (the project's rule); off only to compare. */
export function setUnique(on: bool): void {
  unique = on;
}

/** Sets the position (bitboards as word halves), the side to move and its hash; empties the move stack. */
export function setPosition(
  wLo: i32,
  wHi: i32,
  bLo: i32,
  bHi: i32,
  kLo: i32,
  kHi: i32,
  turn: i32,
  hashLo: i32,
  hashHi: i32,
): void {
  W = word(wLo, wHi);
  B = word(bLo, bHi);
  K = word(kLo, kHi);
  side = turn;
  hash = word(hashLo, hashHi);
  top = 0;
  ply = 0;
  sumLo = 0;
  sumHi = 0;
}

/** A walk needing more than MOVE_SLOTS slots: stops the module (a trap the host sees as an error), never writes past. */
function full(): void {
  unreachable();
}

export function bit(b: i32): u64 {
  return (<u64>1) << (<u64>b);
}

export function nextOf(d: i32, b: i32): i32 {
  return <i32>load<i8>(NEXT + ((d << 6) + b));
}

function onCrowningRow(b: i32): bool {
  return ((side === 0 ? TOP : BOTTOM) & bit(b)) !== 0;
}

/**
 * True when the side to move has a capture (then only captures are legal). Leaves in `src` the pieces a capture
 * search starts from: the men and the kings that can capture now.
 */
export function anyCapture(): bool {
  const white = side === 0;
  const own = white ? W : B;
  const opp = white ? B : W;
  const e = ~(W | B) & VALID;
  const men = own & ~K;
  let from: u64 = 0;
  if (men !== 0) {
    if (!white || manBack) {
      // Down the board: a man on b jumps b+s (or b+s+1) when that holds an opponent and the square beyond is empty.
      from |= ((((e >> S) & opp) >> S) | (((e >> S1) & opp) >> S1)) & men;
    }
    if (white || manBack) {
      from |= ((((e << S) & opp) << S) | (((e << S1) & opp) << S1)) & men;
    }
  }
  const kings = own & K;
  if (kings !== 0) from |= kingSources(kings, opp, e);
  src = from;
  return from !== 0;
}

/**
 * The kings among `kings` that can capture now: for each direction, the opponent's pieces with an empty square
 * behind them, traced back over empty squares (flying kinds) or one step (single-step kings) to a king.
 */
function kingSources(kings: u64, opp: u64, e: u64): u64 {
  const flying = kingKind !== KING_ONE_STEP;
  let found: u64 = 0;
  for (let k = 0; k < 2; k++) {
    const sh = k === 0 ? S : S1;
    // Capturing down the board (toward higher bits): trace back toward lower bits.
    let b = ((e >> sh) & opp) >> sh;
    found |= b & kings;
    while (flying) {
      b = (b & e) >> sh;
      if (b === 0) break;
      found |= b & kings;
    }
    // Capturing up the board.
    b = ((e << sh) & opp) << sh;
    found |= b & kings;
    while (flying) {
      b = (b & e) << sh;
      if (b === 0) break;
      found |= b & kings;
    }
  }
  return found;
}

/**
 * The number of legal moves of the side to move, without generating quiet moves: popcounts of the men's steps and
 * the kings' slides when no capture exists (bulk counting at the leaves); captures are generated and counted.
 */
export function countMoves(): i32 {
  if (anyCapture()) {
    // Captures that need no duplicate check are only counted, not written (see `record`).
    const start = top;
    counting = true;
    counted = 0;
    const end = genCaptures(start);
    counting = false;
    top = start;
    return end - start + counted;
  }
  const white = side === 0;
  const own = white ? W : B;
  const e = ~(W | B) & VALID;
  const men = own & ~K;
  let n: i32;
  if (white) n = <i32>(popcnt((men >> S) & e) + popcnt((men >> S1) & e));
  else n = <i32>(popcnt((men << S) & e) + popcnt((men << S1) & e));
  const kings = own & K;
  if (kings !== 0) n += kingQuietCount(kings, e);
  return n;
}

function kingQuietCount(kings: u64, e: u64): i32 {
  const flying = kingKind !== KING_ONE_STEP;
  let n: u64 = 0;
  for (let k = 0; k < 2; k++) {
    const sh = k === 0 ? S : S1;
    let r = kings;
    do {
      r = (r << sh) & e;
      n += popcnt(r);
    } while (flying && r !== 0);
    r = kings;
    do {
      r = (r >> sh) & e;
      n += popcnt(r);
    } while (flying && r !== 0);
  }
  return <i32>n;
}

/** Generates every legal move of the side to move into slots from `start`; returns the end (also left in `top`). */
export function generate(start: i32): i32 {
  let end = start;
  if (anyCapture()) end = genCaptures(start);
  if (end === start) end = genQuiet(start);
  top = end;
  return end;
}

function addQuiet(from: i32, to: i32, king: bool): void {
  const slot = top;
  if (slot >= MOVE_SLOTS) full();
  const p = MOVES + <usize>slot * RECORD;
  store<u64>(p, 0);
  store<u8>(p, from, R_FROM);
  store<u8>(p, to, R_TO);
  store<u8>(p, king ? FLAG_KING : onCrowningRow(to) ? FLAG_CROWNS : 0, R_FLAGS);
  top = slot + 1;
}

function genQuiet(start: i32): i32 {
  top = start;
  listStart = start;
  const white = side === 0;
  const own = white ? W : B;
  const e = ~(W | B) & VALID;
  const men = own & ~K;
  // Men step forward (manual 2.2.3).
  for (let k = 0; k < 2; k++) {
    const sh = k === 0 ? S : S1;
    let t = white ? (men >> sh) & e : (men << sh) & e;
    const delta = white ? <i32>sh : -(<i32>sh);
    while (t !== 0) {
      const b = <i32>ctz(t);
      t &= t - 1;
      addQuiet(b + delta, b, false);
    }
  }
  // Kings: one step or any distance along a free diagonal (manual 2.2.7).
  let kings = own & K;
  const flying = kingKind !== KING_ONE_STEP;
  while (kings !== 0) {
    const b = <i32>ctz(kings);
    kings &= kings - 1;
    for (let d = 0; d < 4; d++) {
      let t = nextOf(d, b);
      while (t >= 0 && (e & bit(t)) !== 0) {
        addQuiet(b, t, true);
        if (!flying) break;
        t = nextOf(d, t);
      }
    }
  }
  return top;
}

/** Generates the legal captures (after precedence and de-duplication) from `start`, from the pieces in `src`. */
export function genCaptures(start: i32): i32 {
  top = start;
  listStart = start;
  bestN = 0;
  bestK = 0;
  const opp = side === 0 ? B : W;
  const e = ~(W | B) & VALID;
  let from = src;
  while (from !== 0) {
    const b = <i32>ctz(from);
    from &= from - 1;
    const here = bit(b);
    const king = (K & here) !== 0;
    cFrom = b;
    cKing = king;
    O = opp;
    // The capturing piece has left its square: it may pass over or land on it (manual 2.2.5).
    E = e | here;
    if (king) kingJumps(b, 1, 0);
    else manJumps(b, 0);
  }
  return top;
}

/**
 * Explores every capture of a man from bit `b` (table 2.3 "Pawn captures back"); complete sequences are recorded.
 * Returns whether any capture exists from `b`. Every recursive call restores `O` and `E`.
 */
function manJumps(b: i32, cap: u64): bool {
  const o = O;
  const e = E;
  let dFirst = 0;
  let dLast = 3;
  if (!manBack) {
    if (side === 0) dFirst = 2;
    else dLast = 1;
  }
  let any = false;
  for (let d = dFirst; d <= dLast; d++) {
    const n = nextOf(d, b);
    if (n < 0) continue;
    const taken = bit(n);
    if ((o & taken) === 0) continue;
    const l = nextOf(d, n);
    if (l < 0 || (e & bit(l)) === 0) continue;
    any = true;
    // Take n: it can no longer be captured; removed at once (Thai) it also frees its square (manual 2.2.5).
    O = o ^ taken;
    if (immediate) E = e ^ taken;
    const c = cap | taken;
    if (crownMid && onCrowningRow(l)) {
      // Russian: a man reaching the far row mid-capture is crowned and goes on as a king (manual 2.2.6).
      if (!kingJumps(l, 2, c)) record(l, c, 2);
    } else if (!manJumps(l, c)) {
      record(l, c, 0);
    }
    O = o;
    E = e;
  }
  return any;
}

/**
 * Explores every capture of a king from bit `b`; `kind` is 1 for a king, 2 for a man crowned during this capture
 * (Russian). Complete sequences are recorded. Returns whether any capture exists from `b`.
 */
function kingJumps(b: i32, kind: i32, cap: u64): bool {
  const o = O;
  const e = E;
  const slide = kingKind !== KING_ONE_STEP;
  const landAnywhere = kingKind === KING_FLYING;
  let any = false;
  for (let d = 0; d < 4; d++) {
    let n = nextOf(d, b);
    if (slide) {
      while (n >= 0 && (e & bit(n)) !== 0) n = nextOf(d, n);
    }
    if (n < 0) continue;
    const taken = bit(n);
    if ((o & taken) === 0) continue;
    const l = nextOf(d, n);
    if (l < 0 || (e & bit(l)) === 0) continue;
    any = true;
    const f = immediate ? e ^ taken : e;
    O = o ^ taken;
    E = f;
    const c = cap | taken;
    if (landAnywhere) {
      // A flying king may land on any free square behind the taken piece, but must pick one from which the capture
      // goes on when there is one (capturing goes on while possible, manual 2.2.2).
      let goesOn = false;
      for (let x = l; x >= 0 && (f & bit(x)) !== 0; x = nextOf(d, x)) {
        if (kingJumps(x, kind, c)) goesOn = true;
      }
      if (!goesOn) {
        for (let x = l; x >= 0 && (f & bit(x)) !== 0; x = nextOf(d, x)) record(x, c, kind);
      }
    } else if (!kingJumps(l, kind, c)) {
      // One step, or (Thai) right behind the taken piece.
      record(l, c, kind);
    }
    O = o;
    E = e;
  }
  return any;
}

/** Adds a complete capture, applying the precedence rule and de-duplication. */
function record(to: i32, cap: u64, kind: i32): void {
  if (precedence !== 0) {
    const n = <i32>popcnt(cap);
    if (n < bestN) return;
    const kn = precedence === 2 ? <i32>popcnt(cap & K) : 0;
    if (n > bestN) {
      bestN = n;
      bestK = kn;
      top = listStart;
      counted = 0;
    } else if (precedence === 2) {
      if (kn < bestK) return;
      if (kn > bestK) {
        bestK = kn;
        top = listStart;
        counted = 0;
      }
    }
  }
  const from = cFrom;
  let flags = cKing ? FLAG_KING : 0;
  if (kind === 2 || (kind === 0 && onCrowningRow(to))) flags |= FLAG_CROWNS;
  // Men that capture forward only cannot reach one end by two paths over the same pieces (the pieces, row by row,
  // fix the path), so only kings and backward-capturing men need the check.
  const check = unique && (kind !== 0 || manBack);
  if (!check) {
    if (counting) {
      counted++;
      return;
    }
  } else {
    for (let p = MOVES + <usize>listStart * RECORD, e = MOVES + <usize>top * RECORD; p < e; p += RECORD) {
      if (
        load<u8>(p, R_TO) === to &&
        load<u8>(p, R_FROM) === from &&
        load<u64>(p) === cap &&
        load<u8>(p, R_FLAGS) === flags
      ) {
        return;
      }
    }
  }
  const slot = top;
  if (slot >= MOVE_SLOTS) full();
  const p = MOVES + <usize>slot * RECORD;
  let kx = cap & K;
  if (cKing) kx ^= bit(from) ^ bit(to);
  else if ((flags & FLAG_CROWNS) !== 0) kx ^= bit(to);
  store<u64>(p, cap);
  store<u64>(p, kx, R_KX);
  store<u8>(p, from, R_FROM);
  store<u8>(p, to, R_TO);
  store<u8>(p, flags, R_FLAGS);
  top = slot + 1;
}

/** Puts the move in slot `slot` of the side to move on the board, or takes it back (the same XORs). */
function toggle(slot: i32): void {
  const p = MOVES + <usize>slot * RECORD;
  const cap = load<u64>(p);
  const to = bit(<i32>load<u8>(p, R_TO));
  const x = bit(<i32>load<u8>(p, R_FROM)) ^ to;
  let kx: u64;
  if (cap === 0) {
    const flags = load<u8>(p, R_FLAGS);
    kx = (flags & FLAG_KING) !== 0 ? x : (flags & FLAG_CROWNS) !== 0 ? to : 0;
  } else {
    kx = load<u64>(p, R_KX);
  }
  if (side === 0) {
    W ^= x;
    B ^= cap;
  } else {
    B ^= x;
    W ^= cap;
  }
  K ^= kx;
}

export function make(slot: i32): void {
  toggle(slot);
  side ^= 1;
}

export function unmake(slot: i32): void {
  side ^= 1;
  toggle(slot);
}

export function zobrist(code: i32, b: i32): u64 {
  return load<u64>(ZOBRIST + (((code << 6) + b) << 3));
}

/** The hash after the move in slot `slot` (search-position.ts's `makeMove`): call before making it. */
function hashAfter(slot: i32): u64 {
  const p = MOVES + <usize>slot * RECORD;
  const from = <i32>load<u8>(p, R_FROM);
  const to = <i32>load<u8>(p, R_TO);
  const flags = <i32>load<u8>(p, R_FLAGS);
  const mover = side * 2 + (flags & FLAG_KING);
  const landed = side * 2 + (flags !== 0 ? 1 : 0);
  let h = hash ^ load<u64>(ZOBRIST, SIDE_KEY_OFFSET) ^ zobrist(mover, from) ^ zobrist(landed, to);
  const other = (side ^ 1) * 2;
  for (let x = load<u64>(p); x !== 0; x &= x - 1) {
    const b = <i32>ctz(x);
    h ^= zobrist(other + <i32>((K >> (<u64>b)) & 1), b);
  }
  return h;
}

/** Leaf count of the move tree to `depth` plies from the loaded position, with bulk counting at the last ply. */
function perftBulk(depth: i32): u64 {
  if (depth <= 0) return 1;
  if (depth === 1) return <u64>countMoves();
  const start = top;
  const end = generate(start);
  let total: u64 = 0;
  for (let slot = start; slot < end; slot++) {
    make(slot);
    total += perftBulk(depth - 1);
    unmake(slot);
  }
  top = start;
  return total;
}

/**
 * Leaf count without bulk counting, the way a search walks: every move generated, made with its hash update, unmade;
 * the leaves' hashes summed (sumLo, sumHi) so the host can check the updates.
 */
function perftHashed(depth: i32): u64 {
  if (depth <= 0) {
    sumLo += <u32>hash;
    sumHi += <u32>(hash >> 32);
    return 1;
  }
  const start = top;
  const end = generate(start);
  const before = hash;
  let total: u64 = 0;
  for (let slot = start; slot < end; slot++) {
    hash = hashAfter(slot);
    make(slot);
    total += perftHashed(depth - 1);
    unmake(slot);
    hash = before;
  }
  top = start;
  return total;
}

/** Perft from the loaded position, with bulk counting at the last ply (a double: counts pass 2^31). */
export function perft(depth: i32): f64 {
  return <f64>perftBulk(depth);
}

/** Perft from the loaded position making every move with its hash update; the leaves' hash sums in `leafHashSum`. */
export function perftMakingLeaves(depth: i32): f64 {
  return <f64>perftHashed(depth);
}

/** The leaves' hashes summed since the position was loaded, modulo 2^32: word 0 the low halves, 1 the high. */
export function leafHashSum(half: i32): i32 {
  return <i32>(half === 0 ? sumLo : sumHi);
}

/** Generates the moves of the loaded position from slot `top`; returns the end slot. */
export function generateMoves(): i32 {
  return generate(top);
}

/** Plays or takes back the move in slot `slot` (divide: make, perft, unmake at the root). */
export function makeMove(slot: i32): void {
  make(slot);
}

export function unmakeMove(slot: i32): void {
  unmake(slot);
}

/** A move record's start and end bits, flags (1 king, 2 crowns) and taken pieces' word halves. */
export function moveFrom(slot: i32): i32 {
  return <i32>load<u8>(MOVES + <usize>slot * RECORD, R_FROM);
}

export function moveTo(slot: i32): i32 {
  return <i32>load<u8>(MOVES + <usize>slot * RECORD, R_TO);
}

export function moveFlags(slot: i32): i32 {
  return <i32>load<u8>(MOVES + <usize>slot * RECORD, R_FLAGS);
}

export function moveTaken(slot: i32, half: i32): i32 {
  const cap = load<u64>(MOVES + <usize>slot * RECORD);
  return <i32>(half === 0 ? cap : cap >> 32);
}

// The same walk driven from the host a node at a time (the way a search in JS would use this generator), to measure
// what crossing the boundary costs per node.

/** The first free move slot (where `generateMoves` writes the next list). */
export function firstFreeSlot(): i32 {
  return top;
}

/** Drops the move lists from `slot` on (a node's list once its moves are searched). */
export function freeSlotsFrom(slot: i32): void {
  top = slot;
}

/** Plays the move in slot `slot` with its hash update (at most MAX_PLIES deep). */
export function makeMoveHashed(slot: i32): void {
  store<u64>(HASHES + ((<usize>ply) << 3), hash);
  ply++;
  hash = hashAfter(slot);
  make(slot);
}

/** Takes back the move in slot `slot`, the last one `makeMoveHashed` played. */
export function unmakeMoveHashed(slot: i32): void {
  unmake(slot);
  ply--;
  hash = load<u64>(HASHES + ((<usize>ply) << 3));
}

/** Adds the position's hash to the leaves' sums. */
export function countLeaf(): void {
  sumLo += <u32>hash;
  sumHi += <u32>(hash >> 32);
}
