/**
 * The draughts network's forward pass (packages/ai/src/games/draughts/network.ts, `DraughtsNetwork.evaluateJs`) in
 * WebAssembly with SIMD: the same additions in the same order, so the same number to the last bit. One instance holds
 * one network: the host lays it out (`layout`), writes the input-square table and the weights (as doubles) where it
 * says, calls `ready`, then `evaluate` for each position — nothing is allocated or copied per call.
 *
 * Exact by construction: each hidden unit's sum starts at its bias and adds the rows of the inputs that are on in
 * `inputsFrom`'s order (own men, own kings, opposing men, opposing kings; low word then high, low bit first), two
 * units to a 128-bit lane pair (lanes never mix); clipping is `max(x, 0)` then `min(·, 1)` (−0 gives +0 as the JS
 * does); the output adds, to its bias, the two products of each pair of units in one addition, eight units a
 * step, then each unit left over alone — `evaluateJs`'s expression tree. IEEE doubles without fused multiply-adds
 * on both sides.
 */

/** Where the input-square table starts: [mover 0|1][bit] → square or −1, 128 i32 written by the host. */
const TABLE: usize = (__heap_base + 15) & ~15;
/** Each (mover, kind, bit)'s row address: [mover][kind][bit], 2 × 4 × 64 i32 computed by `ready`. */
const ROWS: usize = TABLE + 128 * 4;
/** Scratch: the row addresses of the inputs that are on (at most 64). */
const ON: usize = ROWS + 512 * 4;
/** Where the weights start (doubles, `DraughtsNetwork.weights`' order). */
const WEIGHTS: usize = ON + 64 * 4;

let squares: i32 = 0;
let hidden: i32 = 0;
/** Byte addresses of the hidden biases, the output weights and the output bias. */
let biases: usize = 0;
let outputs: usize = 0;
let outputBias: usize = 0;

/** Lays out a network of `hidden` units on `boardSquares` squares: grows the memory, returns where the weights go. */
export function layout(boardSquares: i32, units: i32): usize {
  squares = boardSquares;
  hidden = units;
  const count = 4 * boardSquares * units + 2 * units + 1;
  const end = WEIGHTS + <usize>count * 8;
  const pages = <i32>((end + 0xffff) >> 16);
  if (pages > memory.size()) memory.grow(pages - memory.size());
  biases = WEIGHTS + <usize>(4 * boardSquares * units) * 8;
  outputs = biases + <usize>units * 8;
  outputBias = outputs + <usize>units * 8;
  return WEIGHTS;
}

/** Where the host writes the input-square table (`DraughtsNetwork.table`, as i32). */
export function tableAt(): usize {
  return TABLE;
}

/** Computes every (mover, kind, bit)'s row address once the table is written. */
export function ready(): void {
  const rowBytes = <usize>hidden * 8;
  for (let mover = 0; mover < 2; mover++) {
    for (let kind = 0; kind < 4; kind++) {
      for (let bit = 0; bit < 64; bit++) {
        const sq = load<i32>(TABLE + <usize>(64 * mover + bit) * 4);
        const row = sq < 0 ? WEIGHTS : WEIGHTS + <usize>(kind * squares + sq) * rowBytes;
        store<i32>(ROWS + <usize>((mover * 4 + kind) * 64 + bit) * 4, <i32>row);
      }
    }
  }
}

/** Appends the row addresses of one word's pieces of one kind (`at`: its entries in ROWS), low bit first. */
function gather(word: i32, at: usize, n: i32): i32 {
  while (word !== 0) {
    const bit = ctz<i32>(word);
    word &= word - 1;
    store<i32>(ON + <usize>n * 4, load<i32>(at + <usize>bit * 4));
    n++;
  }
  return n;
}

/** The row addresses of the inputs that are on, in `inputsFrom`'s order: how many. */
function inputs(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): i32 {
  const ownLo = turn === 0 ? wLo : bLo;
  const ownHi = turn === 0 ? wHi : bHi;
  const oppLo = turn === 0 ? bLo : wLo;
  const oppHi = turn === 0 ? bHi : wHi;
  const rows = ROWS + <usize>(turn === 0 ? 0 : 4 * 64 * 4);
  let n = gather(ownLo & ~kLo, rows, 0);
  n = gather(ownHi & ~kHi, rows + 32 * 4, n);
  n = gather(ownLo & kLo, rows + 64 * 4, n);
  n = gather(ownHi & kHi, rows + 96 * 4, n);
  n = gather(oppLo & ~kLo, rows + 128 * 4, n);
  n = gather(oppHi & ~kHi, rows + 160 * 4, n);
  n = gather(oppLo & kLo, rows + 192 * 4, n);
  return gather(oppHi & kHi, rows + 224 * 4, n);
}

/** NNUE's clipped ReLU on both lanes: 0 below 0 (+0 for −0), 1 above 1. */
function clipped(x: v128): v128 {
  return f64x2.min(f64x2.max(x, f64x2.splat(0)), f64x2.splat(1));
}

/** Both lanes' products with their output weights, added: `clipped(a0) * w0 + clipped(a1) * w1`. */
function pairOut(a: v128, at: usize): f64 {
  const p = f64x2.mul(clipped(a), v128.load(at));
  return f64x2.extract_lane(p, 0) + f64x2.extract_lane(p, 1);
}

/** The correction for the side to move (`turn` 0: White), in hundredths of a man: `evaluateJs`'s number. */
export function evaluate(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): f64 {
  const n = inputs(wLo, wHi, bLo, bHi, kLo, kHi, turn);
  const h = hidden;
  const end = ON + <usize>n * 4;
  let o = load<f64>(outputBias);
  let k = 0;
  // Eight units a step, as evaluateJs: four lane pairs of sums over the rows.
  for (; k + 8 <= h; k += 8) {
    const off = <usize>k * 8;
    let a0 = v128.load(biases + off);
    let a1 = v128.load(biases + off, 16);
    let a2 = v128.load(biases + off, 32);
    let a3 = v128.load(biases + off, 48);
    for (let p = ON; p < end; p += 4) {
      const r = <usize>load<i32>(p) + off;
      a0 = f64x2.add(a0, v128.load(r));
      a1 = f64x2.add(a1, v128.load(r, 16));
      a2 = f64x2.add(a2, v128.load(r, 32));
      a3 = f64x2.add(a3, v128.load(r, 48));
    }
    const w = outputs + off;
    o += pairOut(a0, w);
    o += pairOut(a1, w + 16);
    o += pairOut(a2, w + 32);
    o += pairOut(a3, w + 48);
  }
  // The units left over, one at a time in the output (their sums two to a lane pair).
  for (; k < h; k += 2) {
    const off = <usize>k * 8;
    const two = k + 1 < h;
    let a = two ? v128.load(biases + off) : f64x2.splat(load<f64>(biases + off));
    for (let p = ON; p < end; p += 4) {
      const r = <usize>load<i32>(p) + off;
      a = f64x2.add(a, two ? v128.load(r) : f64x2.splat(load<f64>(r)));
    }
    const c = clipped(a);
    o += f64x2.extract_lane(c, 0) * load<f64>(outputs + off);
    if (two) o += f64x2.extract_lane(c, 1) * load<f64>(outputs + off, 8);
  }
  return o;
}
