/**
 * A small neural network added to the learned draughts evaluation (GuiNN's idea, kept small): what the linear model
 * of windows and scalars cannot express — how its features combine — learned as a correction to its score.
 *
 * Inputs, seen from the side to move (the board turned half a turn and the colours swapped when Black moves, so one
 * set of weights serves both sides and a position and its mirror score the same for the side to move): for every
 * square, four bits — own man, own king, opposing man, opposing king. One hidden layer of `hidden` units, each
 * clipped to 0..1 (NNUE's clipped ReLU), then one linear output in hundredths of a man. The hidden sums are read
 * from the pieces on the board at each call, a row of weights a piece, with no allocation; a position of 24 pieces
 * and 32 units costs about 800 additions (0.7 µs in Node 20 on the machine of bench/RESULTS.md).
 *
 * Where the platform runs WebAssembly with SIMD, the evaluations that play (`loadLearnedEvaluator`, the Lazy SMP
 * helpers) run the same pass there (network-wasm.ts, about 4× cheaper, the same numbers to the last bit);
 * `evaluateJs` is the reference and the fallback.
 *
 * The weights travel as float32 (base64, little-endian) in the rule set's weights module
 * (`DraughtsWeights.network`), fitted by `fitNetwork` (train.ts) over the linear model's score.
 */
import { geometryOf } from '@tactica/draughts';

/** A network as the weights module stores it. */
export interface DraughtsNetworkData {
  /** Hidden units. */
  readonly hidden: number;
  /**
   * Float32, little-endian, base64: the input rows (4 × squares rows of `hidden`: own men, own kings, opposing men,
   * opposing kings, each by square from the mover's side), the hidden biases, the output weights, the output bias.
   */
  readonly values: string;
}

/** How many numbers a network of `hidden` units has on a board of `squares` squares. */
export function networkSize(squares: number, hidden: number): number {
  return 4 * squares * hidden + 2 * hidden + 1;
}

export function decodeNetwork(data: DraughtsNetworkData): Float32Array {
  const bin = atob(data.values);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  if (bytes.length % 4 !== 0) throw new Error(`network: ${bytes.length} bytes is not a whole number of float32`);
  const view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(4 * i, true);
  return out;
}

export function encodeNetwork(hidden: number, values: ArrayLike<number>): DraughtsNetworkData {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(4 * i, values[i] as number, true);
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i] as number);
  return { hidden, values: btoa(bin) };
}

/**
 * Per board size, the input square of every bit for the side to move: [mover 0|1][bit] (−1 for a ghost bit). Black's
 * view turns the board half a turn.
 */
const inputSquares = new Map<number, Int16Array>();

function inputSquaresOf(size: 8 | 10): Int16Array {
  const known = inputSquares.get(size);
  if (known) return known;
  const g = geometryOf(size);
  const out = new Int16Array(2 * 64).fill(-1);
  for (let b = 0; b < 64; b++) {
    const sq = g.squareOf[b] as number;
    if (sq < 0) continue;
    out[b] = sq;
    out[64 + b] = g.squares - 1 - sq;
  }
  inputSquares.set(size, out);
  return out;
}

/**
 * The network's inputs that are on for a position, into `out` from 0: kind × squares + square, the kinds own man 0,
 * own king 1, opposing man 2, opposing king 3, own meaning White's when `turn` is 0. Returns how many. The one
 * definition of the inputs: the evaluation and the fit both read them here.
 */
export function networkInputs(
  size: 8 | 10,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  out: Int16Array | Int32Array,
): number {
  return inputsFrom(inputSquaresOf(size), (size * size) / 2, wLo, wHi, bLo, bHi, kLo, kHi, turn, out);
}

/** `networkInputs` with the board's table and squares at hand (the evaluation's hot path: no lookup). */
function inputsFrom(
  table: Int16Array,
  s: number,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  out: Int16Array | Int32Array,
): number {
  const ownLo = turn === 0 ? wLo : bLo;
  const ownHi = turn === 0 ? wHi : bHi;
  const oppLo = turn === 0 ? bLo : wLo;
  const oppHi = turn === 0 ? bHi : wHi;
  const flip = turn === 0 ? 0 : 64;
  let n = gather(table, ownLo & ~kLo, flip, 0, out, 0);
  n = gather(table, ownHi & ~kHi, flip + 32, 0, out, n);
  n = gather(table, ownLo & kLo, flip, s, out, n);
  n = gather(table, ownHi & kHi, flip + 32, s, out, n);
  n = gather(table, oppLo & ~kLo, flip, 2 * s, out, n);
  n = gather(table, oppHi & ~kHi, flip + 32, 2 * s, out, n);
  n = gather(table, oppLo & kLo, flip, 3 * s, out, n);
  return gather(table, oppHi & kHi, flip + 32, 3 * s, out, n);
}

/** Appends the inputs of the pieces on one word (`at`: the table's entry for its first bit) of one kind (`offset`). */
function gather(
  table: Int16Array,
  word: number,
  at: number,
  offset: number,
  out: Int16Array | Int32Array,
  n: number,
): number {
  while (word !== 0) {
    const low = word & -word;
    word ^= low;
    out[n++] = offset + (table[at + 31 - Math.clz32(low)] as number);
  }
  return n;
}

/** A forward pass over a position's bitboards: `DraughtsNetwork.evaluate`'s arguments and number. */
export type NetworkForwardPass = (
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
) => number;

/** The network of one board size, ready to evaluate (see the module's comment). */
export class DraughtsNetwork {
  readonly hidden: number;
  readonly squares: number;
  /** The numbers it was made from: a Lazy SMP helper thread builds the same network. */
  readonly values: Float32Array;
  /**
   * The same numbers as doubles: read in the hot loop with no conversion (and by the search's accumulators,
   * network-accumulator.ts, which add and take away the rows).
   */
  readonly weights: Float64Array;
  /** The input square of every bit, for either mover (`inputSquaresOf`): `table[64 * turn + bit]`. */
  readonly table: Int16Array;
  /** Scratch: the inputs that are on. */
  private readonly inputs: Int32Array;
  /** The forward pass `evaluate` runs: `evaluateJs` until `useForwardPass` gives another (network-wasm.ts). */
  private forward: NetworkForwardPass | undefined = undefined;

  constructor(size: 8 | 10, hidden: number, values: Float32Array) {
    const squares = (size * size) / 2;
    if (!Number.isInteger(hidden) || hidden < 1) throw new Error(`network: ${hidden} hidden units`);
    if (values.length !== networkSize(squares, hidden)) {
      throw new Error(`network: ${values.length} numbers for ${hidden} hidden units on ${squares} squares`);
    }
    this.hidden = hidden;
    this.squares = squares;
    this.values = values;
    this.weights = Float64Array.from(values);
    this.table = inputSquaresOf(size);
    this.inputs = new Int32Array(squares);
  }

  /**
   * Has `evaluate` run `pass`, which must give `evaluateJs`'s numbers to the last bit (the WebAssembly forward pass,
   * network-wasm.ts: the Lazy SMP helpers and the main thread then write the same scores into the shared table
   * whichever each runs).
   */
  useForwardPass(pass: NetworkForwardPass): void {
    this.forward = pass;
  }

  /** Whether `evaluate` runs another forward pass than `evaluateJs` (`useForwardPass`). */
  get forwardPassGiven(): boolean {
    return this.forward !== undefined;
  }

  /** The correction for the side to move (`turn` 0: White), in hundredths of a man, before rounding. */
  evaluate(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, turn: number): number {
    const forward = this.forward;
    if (forward) return forward(wLo, wHi, bLo, bHi, kLo, kHi, turn);
    return this.evaluateJs(wLo, wHi, bLo, bHi, kLo, kHi, turn);
  }

  /** `evaluate` in JavaScript: the reference, and the forward pass where WebAssembly is not run. */
  evaluateJs(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, turn: number): number {
    const rows = this.inputs;
    const n = inputsFrom(this.table, this.squares, wLo, wHi, bLo, bHi, kLo, kHi, turn, rows);
    const h = this.hidden;
    // Each input's row of weights.
    for (let j = 0; j < n; j++) rows[j] = (rows[j] as number) * h;
    const v = this.weights;
    const biases = 4 * this.squares * h;
    const out = biases + h;
    let o = v[out + h] as number;
    // Eight hidden units at a time, their sums in locals over the pieces' rows: the loop V8 compiles best (more than
    // twice as fast as one unit's sum at a time in an array) **(ours)**.
    let k = 0;
    for (; k + 8 <= h; k += 8) {
      let a0 = v[biases + k] as number;
      let a1 = v[biases + k + 1] as number;
      let a2 = v[biases + k + 2] as number;
      let a3 = v[biases + k + 3] as number;
      let a4 = v[biases + k + 4] as number;
      let a5 = v[biases + k + 5] as number;
      let a6 = v[biases + k + 6] as number;
      let a7 = v[biases + k + 7] as number;
      for (let j = 0; j < n; j++) {
        const r = (rows[j] as number) + k;
        a0 += v[r] as number;
        a1 += v[r + 1] as number;
        a2 += v[r + 2] as number;
        a3 += v[r + 3] as number;
        a4 += v[r + 4] as number;
        a5 += v[r + 5] as number;
        a6 += v[r + 6] as number;
        a7 += v[r + 7] as number;
      }
      o += clipped(a0) * (v[out + k] as number) + clipped(a1) * (v[out + k + 1] as number);
      o += clipped(a2) * (v[out + k + 2] as number) + clipped(a3) * (v[out + k + 3] as number);
      o += clipped(a4) * (v[out + k + 4] as number) + clipped(a5) * (v[out + k + 5] as number);
      o += clipped(a6) * (v[out + k + 6] as number) + clipped(a7) * (v[out + k + 7] as number);
    }
    for (; k < h; k++) {
      let a = v[biases + k] as number;
      for (let j = 0; j < n; j++) a += v[(rows[j] as number) + k] as number;
      o += clipped(a) * (v[out + k] as number);
    }
    return o;
  }
}

/**
 * The hidden sums of a position for the side to move `turn` into `sums` from `at`: the biases, then the rows of its
 * inputs in `inputsFrom`'s order — the order of `DraughtsNetwork.evaluate`, so the sums are the same numbers.
 */
export function hiddenSumsInto(
  net: DraughtsNetwork,
  sums: Float64Array,
  at: number,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  scratch: Int32Array,
): void {
  const n = inputsFrom(net.table, net.squares, wLo, wHi, bLo, bHi, kLo, kHi, turn, scratch);
  const h = net.hidden;
  const v = net.weights;
  const biases = 4 * net.squares * h;
  for (let k = 0; k < h; k++) sums[at + k] = v[biases + k] as number;
  for (let j = 0; j < n; j++) {
    const r = (scratch[j] as number) * h;
    for (let k = 0; k < h; k++) sums[at + k] = (sums[at + k] as number) + (v[r + k] as number);
  }
}

/**
 * The network's output from hidden sums kept elsewhere (`sums` from `at`): the same operations in the same order as
 * the end of `DraughtsNetwork.evaluate`, so equal sums give the same number to the last bit.
 */
export function outputOfSums(net: DraughtsNetwork, sums: Float64Array, at: number): number {
  const h = net.hidden;
  const v = net.weights;
  const out = 4 * net.squares * h + h;
  let o = v[out + h] as number;
  let k = 0;
  for (; k + 8 <= h; k += 8) {
    const s = at + k;
    o +=
      clipped(sums[s] as number) * (v[out + k] as number) + clipped(sums[s + 1] as number) * (v[out + k + 1] as number);
    o +=
      clipped(sums[s + 2] as number) * (v[out + k + 2] as number) +
      clipped(sums[s + 3] as number) * (v[out + k + 3] as number);
    o +=
      clipped(sums[s + 4] as number) * (v[out + k + 4] as number) +
      clipped(sums[s + 5] as number) * (v[out + k + 5] as number);
    o +=
      clipped(sums[s + 6] as number) * (v[out + k + 6] as number) +
      clipped(sums[s + 7] as number) * (v[out + k + 7] as number);
  }
  for (; k < h; k++) o += clipped(sums[at + k] as number) * (v[out + k] as number);
  return o;
}

/** NNUE's clipped ReLU: 0 below 0, 1 above 1. */
function clipped(x: number): number {
  return x <= 0 ? 0 : x >= 1 ? 1 : x;
}
