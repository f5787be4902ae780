/**
 * The draughts network's forward pass (packages/ai/src/games/draughts/network.ts, `DraughtsNetwork.evaluateJs`) in
 * WebAssembly with SIMD: the same additions in the same order, so the same number to the last bit. Shared by the
 * modules that need it (draughts-network.ts: the pass alone, called from the JS evaluation; lib/learned-eval.ts: the
 * whole learned evaluation). One instance holds one network: the host lays it out (`networkLayout`, once), writes the
 * input-square table and the weights (as doubles) where it says, calls `networkReady`, then `networkCorrection` for
 * each position — nothing is allocated or copied per call.
 *
 * Exact by construction: each hidden unit's sum starts at its bias and adds the rows of the inputs that are on in
 * `inputsFrom`'s order (own men, own kings, opposing men, opposing kings; bit 0 to 63 — the JS's low word then high,
 * low bit first), two units to a 128-bit lane pair (lanes never mix); clipping is `max(x, 0)` then `min(·, 1)` (−0
 * gives +0 as the JS does); the output adds, to its bias, the two products of each pair of units in one addition,
 * eight units a step, then each unit left over alone — `evaluateJs`'s expression tree. IEEE doubles without fused
 * multiply-adds on both sides.
 *
 * Memory: one block from the stub runtime's heap (`heap.alloc`) at `networkLayout`, so that a module holding other
 * data (the learned evaluation's tables, a search's) lays them out beside it.
 */

/** The input-square table: [mover 0|1][bit] → square or −1, 128 i32 written by the host. */
let table: usize = 0;
/** Each (mover, kind, bit)'s row address: [mover][kind][bit], 2 × 4 × 64 i32 computed by `networkReady`. */
let rows: usize = 0;
/** Scratch: the row addresses of the inputs that are on (at most 64). */
let on: usize = 0;
/** Where the weights start (doubles, `DraughtsNetwork.weights`' order). */
let weights: usize = 0;

let squares: i32 = 0;
let hidden: i32 = 0;
/** Byte addresses of the hidden biases, the output weights and the output bias. */
let biases: usize = 0;
let outputs: usize = 0;
let outputBias: usize = 0;

/**
 * Lays out a network of `units` hidden units on `boardSquares` squares (once an instance): allocates its memory,
 * returns where the weights go.
 */
export function networkLayout(boardSquares: i32, units: i32): usize {
  squares = boardSquares;
  hidden = units;
  const count = <usize>(4 * boardSquares * units + 2 * units + 1);
  // One block, 16-byte aligned (the stub runtime's alignment): the tables, then the weights on a 16-byte boundary.
  table = heap.alloc((128 + 512 + 64) * 4 + count * 8);
  rows = table + 128 * 4;
  on = rows + 512 * 4;
  weights = on + 64 * 4;
  biases = weights + <usize>(4 * boardSquares * units) * 8;
  outputs = biases + <usize>units * 8;
  outputBias = outputs + <usize>units * 8;
  return weights;
}

/** Where the host writes the input-square table (`DraughtsNetwork.table`, as i32). */
export function networkTableAt(): usize {
  return table;
}

/** Computes every (mover, kind, bit)'s row address once the table is written. */
export function networkReady(): void {
  const rowBytes = <usize>hidden * 8;
  for (let mover = 0; mover < 2; mover++) {
    for (let kind = 0; kind < 4; kind++) {
      for (let bit = 0; bit < 64; bit++) {
        const sq = load<i32>(table + <usize>(64 * mover + bit) * 4);
        const row = sq < 0 ? weights : weights + <usize>(kind * squares + sq) * rowBytes;
        store<i32>(rows + <usize>((mover * 4 + kind) * 64 + bit) * 4, <i32>row);
      }
    }
  }
}

/** Appends the row addresses of one board's pieces of one kind (`at`: its entries in `rows`), low bit first. */
function gather(board: u64, at: usize, n: i32): i32 {
  while (board != 0) {
    const bit = <usize>ctz<u64>(board);
    board &= board - 1;
    store<i32>(on + <usize>n * 4, load<i32>(at + bit * 4));
    n++;
  }
  return n;
}

/** The row addresses of the inputs that are on, in `inputsFrom`'s order: how many. */
function inputs(white: u64, black: u64, kings: u64, turn: i32): i32 {
  const own = turn === 0 ? white : black;
  const opp = turn === 0 ? black : white;
  const at = rows + <usize>(turn === 0 ? 0 : 4 * 64 * 4);
  let n = gather(own & ~kings, at, 0);
  n = gather(own & kings, at + 64 * 4, n);
  n = gather(opp & ~kings, at + 128 * 4, n);
  return gather(opp & kings, at + 192 * 4, n);
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

/**
 * The correction for the side to move (`turn` 0: White), in hundredths of a man, for the boards of White's pieces,
 * Black's and the kings (bit b of the JS's words: lo | hi << 32): `evaluateJs`'s number.
 */
export function networkCorrection(white: u64, black: u64, kings: u64, turn: i32): f64 {
  const n = inputs(white, black, kings, turn);
  const h = hidden;
  const start = on;
  const end = start + <usize>n * 4;
  let o = load<f64>(outputBias);
  let k = 0;
  // Eight units a step, as evaluateJs: four lane pairs of sums over the rows.
  for (; k + 8 <= h; k += 8) {
    const off = <usize>k * 8;
    let a0 = v128.load(biases + off);
    let a1 = v128.load(biases + off, 16);
    let a2 = v128.load(biases + off, 32);
    let a3 = v128.load(biases + off, 48);
    for (let p = start; p < end; p += 4) {
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
    for (let p = start; p < end; p += 4) {
      const r = <usize>load<i32>(p) + off;
      a = f64x2.add(a, two ? v128.load(r) : f64x2.splat(load<f64>(r)));
    }
    const c = clipped(a);
    o += f64x2.extract_lane(c, 0) * load<f64>(outputs + off);
    if (two) o += f64x2.extract_lane(c, 1) * load<f64>(outputs + off, 8);
  }
  return o;
}
