/**
 * The move generator: one generator over the rule-set records (rules.ts), on bitboards (geometry.ts), with
 * make/unmake on preallocated typed-array move buffers. This is the engine's private fast path: it is mutable and
 * allocates nothing per node. The public, immutable API (game.ts) loads a position into an engine, asks for the
 * moves and copies them out.
 *
 * Rules implemented here (manual section 2.2, table 2.3, `docs/rules/draughts.md`):
 * - capturing is compulsory and continues while possible; a move is one complete path (2.2.2);
 * - a king that has several landing squares behind a taken piece must choose one from which it can go on
 *   capturing, if there is one (continued capture is compulsory, 2.2.2);
 * - precedence: free, most pieces, most pieces then most kings (2.2.4);
 * - taken pieces removed at the end (they stay, block, and cannot be jumped twice) or at once (Thai) (2.2.5);
 * - crowning at the end of the move, or at once with the capture going on as a king (Russian) (2.2.6);
 * - kings: one step, flying, or flying but landing right behind the taken piece (Thai) (2.2.7);
 * - men capture backward where the rule set says so (2.3);
 * - two paths with the same start, end and taken pieces are one move (docs/rules/draughts.md "What counts as one
 *   move"), unless `unique` is off.
 */
import { lowBit, pop } from './bits.js';
import { DOWN_LEFT, DOWN_RIGHT, geometryOf, UP_LEFT, UP_RIGHT, type Geometry } from './geometry.js';
import type { RuleSet } from './rules.js';

/**
 * Fields of a move record in `Engine.moves` (STRIDE int32 per move). Besides start, end and taken pieces, a capture's
 * record holds the XOR masks that play it: the mover's own bitboard (start and end squares) and the kings' bitboard
 * (taken kings, a moving king, a crowning), so make/unmake are six XORs; a quiet move's masks (fields 4, 5, 8, 9)
 * are not written, `make` works them out from its two squares.
 */
export const STRIDE = 10;
export const M_FROM = 0;
export const M_TO = 1;
export const M_CAP_LO = 2;
export const M_CAP_HI = 3;
/** @public a slot of the record (the hot loops write its offset as a literal) */
export const M_KX_LO = 4;
/** @public a slot of the record (the hot loops write its offset as a literal) */
export const M_KX_HI = 5;
export const M_FLAGS = 6;
/* Field 7 is unused (it held the pieces taken, which nothing read). */
/** @public a slot of the record (the hot loops write its offset as a literal) */
export const M_X_LO = 8;
/** @public a slot of the record (the hot loops write its offset as a literal) */
export const M_X_HI = 9;
/** The moving piece is a king. */
export const FLAG_KING = 1;
/** The moving man is crowned by this move. */
export const FLAG_CROWNS = 2;
/** Path records: [length, landing bits...] per move slot. */
export const PATH_STRIDE = 32;

/**
 * Move keys (the search's names for moves, `DraughtsSearchPosition`): start bit | end bit << 6 | capture << 12 |
 * pieces taken << 13 | crowns << 18 | n << 19 (captures: earlier moves with the same start and end) | index in the
 * list << 22 (when below `KEY_INDEXED`). The generator writes every move's key as it writes the move, so that the
 * search's pass over a new list has nothing left to compute for it **(ours)**.
 */
export const KEY_CAPTURE = 1 << 12;
export const KEY_CROWNS = 1 << 18;
export const KEY_INDEX_SHIFT = 22;
/** Moves of a list from this index on have no index in their key. */
const KEY_INDEXED = 512;

const KING_ONE_STEP = 0;
const KING_FLYING = 1;
const KING_LAND_BEHIND = 2;

export class Engine {
  readonly rules: RuleSet;
  readonly geometry: Geometry;

  // Rule flags, read from the record once.
  private readonly manBack: boolean;
  private readonly kingKind: number;
  private readonly immediate: boolean;
  private readonly crownMid: boolean;
  /** 0 free, 1 most pieces, 2 most pieces then most kings. */
  private readonly precedence: number;

  // Geometry, copied into fields for the hot paths.
  private readonly s: number;
  private readonly s1: number;
  private readonly vLo: number;
  private readonly vHi: number;
  private readonly topLo: number;
  private readonly topHi: number;
  private readonly botLo: number;
  private readonly botHi: number;
  private readonly next: Int8Array;
  private readonly bitLo: Int32Array;
  private readonly bitHi: Int32Array;

  // The position: white, black and king bitboards, side to move (0 White, 1 Black).
  wLo = 0;
  wHi = 0;
  bLo = 0;
  bHi = 0;
  kLo = 0;
  kHi = 0;
  side = 0;

  /** Move records, STRIDE ints each; a ply's moves are the slots [start, end). */
  moves: Int32Array;
  /** Landing squares per move slot (only filled while `recordPaths` is on). */
  paths: Int8Array;
  /** Move keys per slot, written with the moves. */
  keys: Int32Array;
  /** The first free move slot. */
  top = 0;
  /** Record each move's landing squares (for notation); off in perft. */
  recordPaths = false;
  /** Count two paths with the same start, end and taken pieces once (the project's rule); off only to compare. */
  unique = true;

  // Capture search state.
  private capacity: number;
  private srcLo = 0;
  private srcHi = 0;
  private ksHi = 0;
  /** Counting only (bulk count at the last ply): records that need no duplicate check are counted, not written. */
  private counting = false;
  private counted = 0;
  private cFrom = 0;
  private cKing = false;
  private oLo = 0;
  private oHi = 0;
  private eLo = 0;
  private eHi = 0;
  private listStart = 0;
  private bestN = 0;
  private bestK = 0;
  private readonly pathBuf = new Int8Array(PATH_STRIDE);

  constructor(rules: RuleSet, capacity = 1 << 14) {
    this.rules = rules;
    const g = geometryOf(rules.size);
    this.geometry = g;
    this.manBack = rules.manCapturesBackward;
    this.kingKind =
      rules.king === 'one-step' ? KING_ONE_STEP : rules.king === 'flying' ? KING_FLYING : KING_LAND_BEHIND;
    this.immediate = rules.removal === 'immediate';
    this.crownMid = rules.crownsMidCapture;
    this.precedence = rules.precedence === 'free' ? 0 : rules.precedence === 'quantity' ? 1 : 2;
    this.s = g.half;
    this.s1 = g.half + 1;
    this.vLo = g.validLo;
    this.vHi = g.validHi;
    this.topLo = g.topLo;
    this.topHi = g.topHi;
    this.botLo = g.bottomLo;
    this.botHi = g.bottomHi;
    this.next = g.next;
    this.bitLo = g.bitLo;
    this.bitHi = g.bitHi;
    this.capacity = capacity;
    this.moves = new Int32Array(capacity * STRIDE);
    this.paths = new Int8Array(capacity * PATH_STRIDE);
    this.keys = new Int32Array(capacity);
  }

  /** Sets the position: six bitboard words and the side to move. */
  load(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, side: number): void {
    this.wLo = wLo | 0;
    this.wHi = wHi | 0;
    this.bLo = bLo | 0;
    this.bHi = bHi | 0;
    this.kLo = kLo | 0;
    this.kHi = kHi | 0;
    this.side = side;
    this.top = 0;
  }

  /**
   * True when the side to move has a capture (compulsory, so then only captures are legal). Leaves in
   * `srcLo`/`srcHi` the pieces a capture search must start from: the men and the kings that can capture now.
   */
  anyCapture(): boolean {
    const s = this.s;
    const s1 = this.s1;
    const rs = 32 - s;
    const rs1 = 32 - s1;
    const white = this.side === 0;
    const oLo = white ? this.wLo : this.bLo;
    const oHi = white ? this.wHi : this.bHi;
    const pLo = white ? this.bLo : this.wLo;
    const pHi = white ? this.bHi : this.wHi;
    const eLo = ~(oLo | pLo) & this.vLo;
    const eHi = ~(oHi | pHi) & this.vHi;
    const mLo = oLo & ~this.kLo;
    const mHi = oHi & ~this.kHi;
    let srcLo = 0;
    let srcHi = 0;
    let tLo: number;
    let tHi: number;
    if ((mLo | mHi) !== 0) {
      if (!white || this.manBack) {
        // Down the board: a man on b jumps b+s (or b+s+1) when that holds an opponent and the square beyond is empty.
        tLo = ((eLo >>> s) | (eHi << rs)) & pLo;
        tHi = (eHi >>> s) & pHi;
        srcLo |= ((tLo >>> s) | (tHi << rs)) & mLo;
        srcHi |= (tHi >>> s) & mHi;
        tLo = ((eLo >>> s1) | (eHi << rs1)) & pLo;
        tHi = (eHi >>> s1) & pHi;
        srcLo |= ((tLo >>> s1) | (tHi << rs1)) & mLo;
        srcHi |= (tHi >>> s1) & mHi;
      }
      if (white || this.manBack) {
        tLo = (eLo << s) & pLo;
        tHi = ((eHi << s) | (eLo >>> rs)) & pHi;
        srcLo |= (tLo << s) & mLo;
        srcHi |= ((tHi << s) | (tLo >>> rs)) & mHi;
        tLo = (eLo << s1) & pLo;
        tHi = ((eHi << s1) | (eLo >>> rs1)) & pHi;
        srcLo |= (tLo << s1) & mLo;
        srcHi |= ((tHi << s1) | (tLo >>> rs1)) & mHi;
      }
    }
    const KLo = oLo & this.kLo;
    const KHi = oHi & this.kHi;
    if ((KLo | KHi) !== 0) {
      srcLo |= this.kingSources(KLo, KHi, pLo, pHi, eLo, eHi);
      srcHi |= this.ksHi;
    }
    this.srcLo = srcLo;
    this.srcHi = srcHi;
    return (srcLo | srcHi) !== 0;
  }

  /**
   * The kings among K that can capture now: for each direction, the pieces of P with an empty square behind them,
   * traced back over empty squares (flying kinds) or one step (single-step kings) to a king. Returns the low word in
   * the result and leaves the high word in `ksHi`.
   */
  private kingSources(KLo: number, KHi: number, pLo: number, pHi: number, eLo: number, eHi: number): number {
    const flying = this.kingKind !== KING_ONE_STEP;
    let srcLo = 0;
    let srcHi = 0;
    for (let d = 0; d < 4; d++) {
      const sh = d === DOWN_LEFT || d === UP_RIGHT ? this.s : this.s1;
      const rsh = 32 - sh;
      let bLo: number;
      let bHi: number;
      if (d < 2) {
        // Capturing down the board (toward higher bits): trace back toward lower bits.
        const tLo = ((eLo >>> sh) | (eHi << rsh)) & pLo;
        const tHi = (eHi >>> sh) & pHi;
        bLo = (tLo >>> sh) | (tHi << rsh);
        bHi = tHi >>> sh;
        srcLo |= bLo & KLo;
        srcHi |= bHi & KHi;
        while (flying) {
          const nLo = ((bLo & eLo) >>> sh) | ((bHi & eHi) << rsh) | 0;
          const nHi = (bHi & eHi) >>> sh;
          if ((nLo | nHi) === 0) break;
          srcLo |= nLo & KLo;
          srcHi |= nHi & KHi;
          bLo = nLo;
          bHi = nHi;
        }
      } else {
        const tLo = (eLo << sh) & pLo;
        const tHi = ((eHi << sh) | (eLo >>> rsh)) & pHi;
        bLo = tLo << sh;
        bHi = (tHi << sh) | (tLo >>> rsh);
        srcLo |= bLo & KLo;
        srcHi |= bHi & KHi;
        while (flying) {
          const nLo = (bLo & eLo) << sh;
          const nHi = ((bHi & eHi) << sh) | ((bLo & eLo) >>> rsh);
          if ((nLo | nHi) === 0) break;
          srcLo |= nLo & KLo;
          srcHi |= nHi & KHi;
          bLo = nLo;
          bHi = nHi;
        }
      }
    }
    this.ksHi = srcHi;
    return srcLo;
  }

  /**
   * The number of legal moves of the side to move, without generating quiet moves: popcounts of the men's steps and
   * the kings' slides when no capture exists (bulk counting at the leaves); captures are generated and counted.
   */
  countMoves(): number {
    if (this.anyCapture()) {
      // Captures that need no duplicate check are only counted, not written (see `record`).
      const start = this.top;
      this.counting = true;
      this.counted = 0;
      const end = this.genCaptures(start);
      this.counting = false;
      this.top = start;
      return end - start + this.counted;
    }
    const s = this.s;
    const s1 = this.s1;
    const rs = 32 - s;
    const rs1 = 32 - s1;
    const white = this.side === 0;
    const oLo = white ? this.wLo : this.bLo;
    const oHi = white ? this.wHi : this.bHi;
    const eLo = ~(this.wLo | this.bLo) & this.vLo;
    const eHi = ~(this.wHi | this.bHi) & this.vHi;
    const mLo = oLo & ~this.kLo;
    const mHi = oHi & ~this.kHi;
    let n: number;
    if (white) {
      n =
        pop(((mLo >>> s) | (mHi << rs)) & eLo) +
        pop((mHi >>> s) & eHi) +
        pop(((mLo >>> s1) | (mHi << rs1)) & eLo) +
        pop((mHi >>> s1) & eHi);
    } else {
      n =
        pop((mLo << s) & eLo) +
        pop(((mHi << s) | (mLo >>> rs)) & eHi) +
        pop((mLo << s1) & eLo) +
        pop(((mHi << s1) | (mLo >>> rs1)) & eHi);
    }
    const KLo = oLo & this.kLo;
    const KHi = oHi & this.kHi;
    if ((KLo | KHi) !== 0) n += this.kingQuietCount(KLo, KHi, eLo, eHi);
    return n;
  }

  private kingQuietCount(KLo: number, KHi: number, eLo: number, eHi: number): number {
    const flying = this.kingKind !== KING_ONE_STEP;
    let n = 0;
    for (let d = 0; d < 4; d++) {
      const sh = d === DOWN_LEFT || d === UP_RIGHT ? this.s : this.s1;
      const rsh = 32 - sh;
      let rLo = KLo;
      let rHi = KHi;
      do {
        let nLo: number;
        let nHi: number;
        if (d < 2) {
          nLo = (rLo << sh) & eLo;
          nHi = ((rHi << sh) | (rLo >>> rsh)) & eHi;
        } else {
          nLo = ((rLo >>> sh) | (rHi << rsh)) & eLo;
          nHi = (rHi >>> sh) & eHi;
        }
        if ((nLo | nHi) === 0) break;
        n += pop(nLo) + pop(nHi);
        rLo = nLo;
        rHi = nHi;
      } while (flying);
    }
    return n;
  }

  /** Generates every legal move of the side to move into slots from `start`; returns the end (also left in `top`). */
  generate(start: number): number {
    let end = start;
    if (this.anyCapture()) end = this.genCaptures(start);
    if (end === start) end = this.genQuiet(start);
    this.top = end;
    return end;
  }

  private ensure(slot: number): void {
    if (slot < this.capacity) return;
    // Rare: a position with more moves than the buffers hold. Grow once; never on the common path.
    const capacity = Math.max(this.capacity * 2, slot + 1);
    const moves = new Int32Array(capacity * STRIDE);
    moves.set(this.moves);
    const paths = new Int8Array(capacity * PATH_STRIDE);
    paths.set(this.paths);
    const keys = new Int32Array(capacity);
    keys.set(this.keys);
    this.moves = moves;
    this.paths = paths;
    this.keys = keys;
    this.capacity = capacity;
  }

  /**
   * A quiet move's record: start, end, no capture and the flags. Its XOR masks are left out (`make` works them out
   * from the squares): most moves a search generates are never made.
   */
  private addQuiet(from: number, to: number, king: boolean): void {
    const slot = this.top;
    this.ensure(slot);
    const m = this.moves;
    const i = slot * STRIDE;
    const flags = king ? FLAG_KING : this.onCrowningRow(to) ? FLAG_CROWNS : 0;
    m[i] = from;
    m[i + 1] = to;
    m[i + 2] = 0;
    m[i + 3] = 0;
    m[i + 6] = flags;
    const index = slot - this.listStart;
    this.keys[slot] =
      from |
      (to << 6) |
      (flags === FLAG_CROWNS ? KEY_CROWNS : 0) |
      (index < KEY_INDEXED ? index << KEY_INDEX_SHIFT : 0);
    if (this.recordPaths) {
      const p = slot * PATH_STRIDE;
      this.paths[p] = 1;
      this.paths[p + 1] = to;
    }
    this.top = slot + 1;
  }

  private onCrowningRow(b: number): boolean {
    return this.side === 0
      ? ((this.topLo & (this.bitLo[b] as number)) | (this.topHi & (this.bitHi[b] as number))) !== 0
      : ((this.botLo & (this.bitLo[b] as number)) | (this.botHi & (this.bitHi[b] as number))) !== 0;
  }

  private genQuiet(start: number): number {
    this.top = start;
    this.listStart = start;
    const s = this.s;
    const s1 = this.s1;
    const rs = 32 - s;
    const rs1 = 32 - s1;
    const white = this.side === 0;
    const oLo = white ? this.wLo : this.bLo;
    const oHi = white ? this.wHi : this.bHi;
    const eLo = ~(this.wLo | this.bLo) & this.vLo;
    const eHi = ~(this.wHi | this.bHi) & this.vHi;
    const mLo = oLo & ~this.kLo;
    const mHi = oHi & ~this.kHi;
    // Men step forward (manual 2.2.3).
    for (let k = 0; k < 2; k++) {
      const sh = k === 0 ? s : s1;
      const rsh = k === 0 ? rs : rs1;
      let tLo: number;
      let tHi: number;
      if (white) {
        tLo = ((mLo >>> sh) | (mHi << rsh)) & eLo;
        tHi = (mHi >>> sh) & eHi;
      } else {
        tLo = (mLo << sh) & eLo;
        tHi = ((mHi << sh) | (mLo >>> rsh)) & eHi;
      }
      const delta = white ? sh : -sh;
      while (tLo !== 0) {
        const b = lowBit(tLo);
        tLo &= tLo - 1;
        this.addQuiet(b + delta, b, false);
      }
      while (tHi !== 0) {
        const b = lowBit(tHi) + 32;
        tHi &= tHi - 1;
        this.addQuiet(b + delta, b, false);
      }
    }
    // Kings: one step or any distance along a free diagonal (manual 2.2.7).
    let KLo = oLo & this.kLo;
    let KHi = oHi & this.kHi;
    const flying = this.kingKind !== KING_ONE_STEP;
    const next = this.next;
    const bl = this.bitLo;
    const bh = this.bitHi;
    while ((KLo | KHi) !== 0) {
      let b: number;
      if (KLo !== 0) {
        b = lowBit(KLo);
        KLo &= KLo - 1;
      } else {
        b = lowBit(KHi) + 32;
        KHi &= KHi - 1;
      }
      for (let d = 0; d < 4; d++) {
        const base = d << 6;
        let t = next[base + b] as number;
        while (t >= 0 && ((eLo & (bl[t] as number)) | (eHi & (bh[t] as number))) !== 0) {
          this.addQuiet(b, t, true);
          if (!flying) break;
          t = next[base + t] as number;
        }
      }
    }
    return this.top;
  }

  /**
   * Generates the legal captures (after precedence and de-duplication) from `start`; returns the end.
   * Call after `anyCapture()` returned true: it searches from the pieces that left in `srcLo`/`srcHi`.
   */
  genCaptures(start: number): number {
    this.top = start;
    this.listStart = start;
    this.bestN = 0;
    this.bestK = 0;
    const white = this.side === 0;
    const pLo = white ? this.bLo : this.wLo;
    const pHi = white ? this.bHi : this.wHi;
    const eLo = ~(this.wLo | this.bLo) & this.vLo;
    const eHi = ~(this.wHi | this.bHi) & this.vHi;
    let lo = this.srcLo;
    let hi = this.srcHi;
    while ((lo | hi) !== 0) {
      let b: number;
      if (lo !== 0) {
        b = lowBit(lo);
        lo &= lo - 1;
      } else {
        b = lowBit(hi) + 32;
        hi &= hi - 1;
      }
      const bLo = this.bitLo[b] as number;
      const bHi = this.bitHi[b] as number;
      const king = ((this.kLo & bLo) | (this.kHi & bHi)) !== 0;
      this.cFrom = b;
      this.cKing = king;
      this.oLo = pLo;
      this.oHi = pHi;
      // The capturing piece has left its square: it may pass over or land on it (manual 2.2.5).
      this.eLo = eLo | bLo;
      this.eHi = eHi | bHi;
      if (king) this.kingJumps(b, 1, 0, 0, 0);
      else this.manJumps(b, 0, 0, 0);
    }
    return this.top;
  }

  /**
   * Explores every capture of a man from bit `b` (table 2.3 "Pawn captures back"); complete sequences are recorded.
   * Returns whether any capture exists from `b`. The search state (capturable pieces, empty squares) lives in fields
   * and every recursive call restores it, so it is read once into locals here.
   */
  private manJumps(b: number, capLo: number, capHi: number, depth: number): boolean {
    const next = this.next;
    const bl = this.bitLo;
    const bh = this.bitHi;
    const oLo = this.oLo;
    const oHi = this.oHi;
    const eLo = this.eLo;
    const eHi = this.eHi;
    let dFirst = 0;
    let dLast = 3;
    if (!this.manBack) {
      if (this.side === 0) dFirst = UP_LEFT;
      else dLast = DOWN_RIGHT;
    }
    let any = false;
    for (let d = dFirst; d <= dLast; d++) {
      const base = d << 6;
      const n = next[base + b] as number;
      if (n < 0) continue;
      const nLo = bl[n] as number;
      const nHi = bh[n] as number;
      if (((oLo & nLo) | (oHi & nHi)) === 0) continue;
      const l = next[base + n] as number;
      if (l < 0 || ((eLo & (bl[l] as number)) | (eHi & (bh[l] as number))) === 0) continue;
      any = true;
      // Take n: it can no longer be captured; removed at once (Thai) it also frees its square (manual 2.2.5).
      this.oLo = oLo ^ nLo;
      this.oHi = oHi ^ nHi;
      if (this.immediate) {
        this.eLo = eLo ^ nLo;
        this.eHi = eHi ^ nHi;
      }
      this.pathBuf[depth] = l;
      const cLo = capLo | nLo;
      const cHi = capHi | nHi;
      if (this.crownMid && this.onCrowningRow(l)) {
        // Russian: a man reaching the far row mid-capture is crowned and goes on as a king (manual 2.2.6).
        if (!this.kingJumps(l, 2, cLo, cHi, depth + 1)) this.record(l, cLo, cHi, depth + 1, 2);
      } else if (!this.manJumps(l, cLo, cHi, depth + 1)) {
        this.record(l, cLo, cHi, depth + 1, 0);
      }
      this.oLo = oLo;
      this.oHi = oHi;
      this.eLo = eLo;
      this.eHi = eHi;
    }
    return any;
  }

  /**
   * Explores every capture of a king from bit `b`; `kind` is 1 for a king, 2 for a man crowned during this capture
   * (Russian). Complete sequences are recorded. Returns whether any capture exists from `b`.
   */
  private kingJumps(b: number, kind: number, capLo: number, capHi: number, depth: number): boolean {
    const next = this.next;
    const bl = this.bitLo;
    const bh = this.bitHi;
    const oLo = this.oLo;
    const oHi = this.oHi;
    const eLo = this.eLo;
    const eHi = this.eHi;
    const slide = this.kingKind !== KING_ONE_STEP;
    const landAnywhere = this.kingKind === KING_FLYING;
    let any = false;
    for (let d = 0; d < 4; d++) {
      const base = d << 6;
      let n = next[base + b] as number;
      if (slide) {
        while (n >= 0 && ((eLo & (bl[n] as number)) | (eHi & (bh[n] as number))) !== 0) n = next[base + n] as number;
      }
      if (n < 0) continue;
      const nLo = bl[n] as number;
      const nHi = bh[n] as number;
      if (((oLo & nLo) | (oHi & nHi)) === 0) continue;
      const l = next[base + n] as number;
      if (l < 0 || ((eLo & (bl[l] as number)) | (eHi & (bh[l] as number))) === 0) continue;
      any = true;
      const tLo = oLo ^ nLo;
      const tHi = oHi ^ nHi;
      const fLo = this.immediate ? eLo ^ nLo : eLo;
      const fHi = this.immediate ? eHi ^ nHi : eHi;
      this.oLo = tLo;
      this.oHi = tHi;
      this.eLo = fLo;
      this.eHi = fHi;
      const cLo = capLo | nLo;
      const cHi = capHi | nHi;
      if (landAnywhere) {
        // A flying king may land on any free square behind the taken piece, but must pick one from which the
        // capture goes on when there is one (capturing goes on while possible, manual 2.2.2).
        let goesOn = false;
        for (let x = l; x >= 0 && ((fLo & (bl[x] as number)) | (fHi & (bh[x] as number))) !== 0;) {
          this.pathBuf[depth] = x;
          if (this.kingJumps(x, kind, cLo, cHi, depth + 1)) goesOn = true;
          x = next[base + x] as number;
        }
        if (!goesOn) {
          for (let x = l; x >= 0 && ((fLo & (bl[x] as number)) | (fHi & (bh[x] as number))) !== 0;) {
            this.pathBuf[depth] = x;
            this.record(x, cLo, cHi, depth + 1, kind);
            x = next[base + x] as number;
          }
        }
      } else {
        // One step, or (Thai) right behind the taken piece.
        this.pathBuf[depth] = l;
        if (!this.kingJumps(l, kind, cLo, cHi, depth + 1)) this.record(l, cLo, cHi, depth + 1, kind);
      }
      this.oLo = oLo;
      this.oHi = oHi;
      this.eLo = eLo;
      this.eHi = eHi;
    }
    return any;
  }

  /** Adds a complete capture, applying the precedence rule and de-duplication. */
  private record(to: number, capLo: number, capHi: number, pathLength: number, kind: number): void {
    let n = 0;
    if (this.precedence !== 0) {
      n = pop(capLo) + pop(capHi);
      if (n < this.bestN) return;
      let kn = 0;
      if (this.precedence === 2) kn = pop(capLo & this.kLo) + pop(capHi & this.kHi);
      if (n > this.bestN) {
        this.bestN = n;
        this.bestK = kn;
        this.top = this.listStart;
        this.counted = 0;
      } else if (this.precedence === 2) {
        if (kn < this.bestK) return;
        if (kn > this.bestK) {
          this.bestK = kn;
          this.top = this.listStart;
          this.counted = 0;
        }
      }
    }
    const from = this.cFrom;
    let flags = this.cKing ? FLAG_KING : 0;
    if (kind === 2 || (kind === 0 && this.onCrowningRow(to))) flags |= FLAG_CROWNS;
    const m = this.moves;
    // Men that capture forward only cannot reach one end by two paths over the same pieces (the pieces, row by row,
    // fix the path), so only kings and backward-capturing men need the check.
    const check = this.unique && (kind !== 0 || this.manBack);
    if (this.counting && !check) {
      this.counted++;
      return;
    }
    // Captures along different pieces may share start and end: the key numbers them in generation order.
    let same = 0;
    for (let i = this.listStart * STRIDE, e = this.top * STRIDE; i < e; i += STRIDE) {
      if (m[i + 1] !== to || m[i] !== from) continue;
      if (check && m[i + 2] === capLo && m[i + 3] === capHi && m[i + 6] === flags) return;
      same++;
    }
    const slot = this.top;
    this.ensure(slot);
    const mm = this.moves;
    const i = slot * STRIDE;
    const xLo = (this.bitLo[from] as number) ^ (this.bitLo[to] as number);
    const xHi = (this.bitHi[from] as number) ^ (this.bitHi[to] as number);
    let kxLo = capLo & this.kLo;
    let kxHi = capHi & this.kHi;
    if (this.cKing) {
      kxLo ^= xLo;
      kxHi ^= xHi;
    } else if ((flags & FLAG_CROWNS) !== 0) {
      kxLo ^= this.bitLo[to] as number;
      kxHi ^= this.bitHi[to] as number;
    }
    mm[i] = from;
    mm[i + 1] = to;
    mm[i + 2] = capLo;
    mm[i + 3] = capHi;
    mm[i + 4] = kxLo;
    mm[i + 5] = kxHi;
    mm[i + 6] = flags;
    mm[i + 8] = xLo;
    mm[i + 9] = xHi;
    const index = slot - this.listStart;
    this.keys[slot] =
      from |
      (to << 6) |
      ((flags & FLAG_CROWNS) !== 0 ? KEY_CROWNS : 0) |
      KEY_CAPTURE |
      ((this.precedence !== 0 ? n : pop(capLo) + pop(capHi)) << 13) |
      ((same < 7 ? same : 7) << 19) |
      (index < KEY_INDEXED ? index << KEY_INDEX_SHIFT : 0);
    if (this.recordPaths) {
      const p = slot * PATH_STRIDE;
      this.paths[p] = pathLength;
      for (let k = 0; k < pathLength; k++) this.paths[p + 1 + k] = this.pathBuf[k] as number;
    }
    this.top = slot + 1;
  }

  /** Plays the move in slot `slot` (XOR updates, so `unmake` is the same operation). */
  make(slot: number): void {
    this.toggle(slot);
    this.side ^= 1;
  }

  unmake(slot: number): void {
    this.side ^= 1;
    this.toggle(slot);
  }

  /** Puts the move in slot `slot` of the side to move on the board, or takes it back (the same XORs). */
  private toggle(slot: number): void {
    const m = this.moves;
    const i = slot * STRIDE;
    const capLo = m[i + 2] as number;
    const capHi = m[i + 3] as number;
    let xLo: number;
    let xHi: number;
    let kxLo: number;
    let kxHi: number;
    if ((capLo | capHi) === 0) {
      // A quiet move: its masks from its squares (see `addQuiet`).
      const to = m[i + 1] as number;
      const flags = m[i + 6] as number;
      const toLo = this.bitLo[to] as number;
      const toHi = this.bitHi[to] as number;
      xLo = (this.bitLo[m[i] as number] as number) ^ toLo;
      xHi = (this.bitHi[m[i] as number] as number) ^ toHi;
      kxLo = (flags & FLAG_KING) !== 0 ? xLo : (flags & FLAG_CROWNS) !== 0 ? toLo : 0;
      kxHi = (flags & FLAG_KING) !== 0 ? xHi : (flags & FLAG_CROWNS) !== 0 ? toHi : 0;
    } else {
      xLo = m[i + 8] as number;
      xHi = m[i + 9] as number;
      kxLo = m[i + 4] as number;
      kxHi = m[i + 5] as number;
    }
    if (this.side === 0) {
      this.wLo ^= xLo;
      this.wHi ^= xHi;
      this.bLo ^= capLo;
      this.bHi ^= capHi;
    } else {
      this.bLo ^= xLo;
      this.bHi ^= xHi;
      this.wLo ^= capLo;
      this.wHi ^= capHi;
    }
    this.kLo ^= kxLo;
    this.kHi ^= kxHi;
  }

  /** Leaf count of the move tree to `depth` plies from the loaded position, with bulk counting at the last ply. */
  perft(depth: number): number {
    if (depth <= 0) return 1;
    if (depth === 1) return this.countMoves();
    const start = this.top;
    const end = this.generate(start);
    let total = 0;
    for (let slot = start; slot < end; slot++) {
      this.make(slot);
      total += this.perft(depth - 1);
      this.unmake(slot);
    }
    this.top = start;
    return total;
  }
}

const engines = new Map<string, Engine>();

/** The shared engine of a rule set (engines are stateful scratch space; every caller loads its own position). */
export function engineFor(rules: RuleSet): Engine {
  let e = engines.get(rules.id);
  if (!e) {
    e = new Engine(rules);
    engines.set(rules.id, e);
  }
  return e;
}
