/**
 * The deep draughts search's node loop (src/games/draughts/deep-search.ts, `DraughtsDeepSearcher`) in
 * AssemblyScript, over the module's one search position (packages/draughts/assembly/lib/search-position.ts):
 * principal-variation search with null windows, late-move reductions, the reduced-depth probe, the frontier's static
 * cut, the single-move extension, quiescence with crowning moves and exchange offers, the table and the move order of
 * table.ts and move-order.ts. Every decision is the JS searcher's, in the same order, so that at a fixed node count
 * the two search the same tree: same depth, score, PV, nodes, selDepth and counters (deep-search-wasm.test.ts).
 *
 * The host drives the iterations and the aspiration windows (`searchRoot` a window) and keeps the clock: every 256
 * nodes a search with a time limit, a time manager or a stop flag calls the host's `mustStop`, as `checkLimits`
 * reads the clock; the node limit is checked here at every node. The static evaluation is the hand one, or the
 * learned one (lib/learned-eval.ts) once the host has set it up and called `searchUseLearned`. The endgame databases
 * live in the host: it limits the root (`searchDatabase`, `rootInDatabase`'s moves and material), and a node that the
 * database may answer (`inDatabase`, tested here) asks it with one call of the imported `probe`; no other node calls
 * out. Not here: any other evaluator.
 */
import { learnedEvaluate } from './learned-eval';
import { W, B, K, side } from '../../../draughts/assembly/lib/generator';
import {
  positionDecided,
  positionEvaluate,
  positionExchangeOffers,
  positionCanCrown,
  positionGenerate,
  positionGenerateCaptures,
  positionHashHi,
  positionHashLo,
  positionIsExchangeOffer,
  positionIsTactical,
  positionMake,
  positionMen,
  positionNoMovesResult,
  positionPieceCount,
  positionStatus,
  positionUnmake,
  UNDECIDED,
} from '../../../draughts/assembly/lib/search-position';
import {
  isEarly,
  KEY_CROWNS,
  KEY_IDENTITY,
  MAX_MOVES,
  moveAt,
  moves,
  orderAt,
  orderInit,
  pvTable,
  pickNext,
  pvLengthAt,
  rememberCutoff,
  scoreMoves,
  setMoveAt,
  setPvLength,
  updatePv,
} from './move-order';
import { EXACT, hitBound, hitDepth, hitMove, hitScore, LOWER, tableInit, tableProbe, tableStore, UPPER } from './table';

/** A won game's score (src/search-position.ts), and the bound above which a score is a win. */
const WIN: i32 = 1_000_000;
const WIN_BOUND: i32 = WIN - 10_000;
/** An endgame database's win (deep-search.ts `DB_WIN`): `DB_WIN - ply`, below a win seen on the board. */
const DB_WIN: i32 = WIN_BOUND - 1;

/** Asks the host whether the search must stop (the clock, the time manager, the stop flag): imported. */
declare function mustStop(): bool;

/**
 * Asks the host's endgame database about the position (the generator's words): 1 won, 0 drawn, -1 lost for the side
 * to move, 2 unknown. Imported; called only for positions `inDatabase`.
 */
declare function probe(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): i32;

// Settings (`searchInit`), fixed for the searcher.
let maxPly: i32 = 128;
let tableMinDepth: i32 = 1;
let probeCut = false;
let reductions = true;
let probeMargin: i32 = 3;
let probeShare: f64 = 0.34;
let lateMoves: i32 = 0;
let futilityMargin: i32 = 0;
/** Late-move reductions by [min(depth, 63) * 64 + min(move index, 63)]: 8x8's, then 10x10's (the host fills them). */
let lmrTables: usize = 0;
/** The root moves a search is restricted to (`rootOnlyCount` < 0: none). */
let rootOnly: usize = 0;
let rootOnlyCount: i32 = -1;
/** The root moves the database allows (`rootAllowedCount` 0: no limit), and its bounds (`searchDatabase`). */
let rootAllowed: usize = 0;
let rootAllowedCount: i32 = 0;
let dbMax: i32 = -1;
let dbPieces: i32 = i32.MAX_VALUE;
let dbMen: i32 = i32.MAX_VALUE;
let dbHits: i64 = 0;

// This search's settings (`searchBegin`).
let lmr: usize = 0;
let extendAll = true;
let extendPv = true;
let staticCut: i32 = 0;
let exchanges: i32 = 0;
let limitNodes: i64 = i64.MAX_VALUE;
let timed = false;

// This search's state.
let nodes: i64 = 0;
let stopped = false;
let selDepth: i32 = 0;
let rootScore: i32 = 0;
/** Counters (`DraughtsDeepSearcher.stats`' order). */
let qNodes: i64 = 0;
let probes: i64 = 0;
let hits: i64 = 0;
let ttCuts: i64 = 0;
let failHighs: i64 = 0;
let firstCuts: i64 = 0;
let researches: i64 = 0;
let reduced: i64 = 0;
let noTableMove: i64 = 0;
let staticCuts: i64 = 0;

/** Lays out the searcher: its table of 2^ttLog2 buckets, its move lists for `plies` plies, its settings. */
export function searchInit(
  ttLog2: i32,
  plies: i32,
  minDepth: i32,
  probe: bool,
  reduce: bool,
  margin: i32,
  share: f64,
  late: i32,
  futility: i32,
): void {
  maxPly = plies;
  tableMinDepth = minDepth;
  probeCut = probe;
  reductions = reduce;
  probeMargin = margin;
  probeShare = share;
  lateMoves = late;
  futilityMargin = futility;
  tableInit(ttLog2);
  orderInit(plies);
  lmrTables = heap.alloc(2 * 64 * 64);
  rootOnly = heap.alloc((<usize>MAX_MOVES) << 2);
  rootAllowed = heap.alloc((<usize>MAX_MOVES) << 2);
}

/** Where the host writes the root moves the endgame database allows (before `searchDatabase`). */
export function searchRootAllowed(): usize {
  return rootAllowed;
}

/**
 * This search's endgame database (after `searchBegin`): the pieces up to which it answers (-1: none), the material
 * below which the tree probes (`pieces`, `men`; i32.MAX_VALUE: no bound) and how many root moves it allows (0: all).
 */
export function searchDatabase(maxPieces: i32, pieces: i32, men: i32, allowed: i32): void {
  dbMax = maxPieces;
  dbPieces = pieces;
  dbMen = men;
  rootAllowedCount = allowed;
}

/** The database's answers in the tree in this search. */
export function searchDbHits(): f64 {
  return <f64>dbHits;
}

/** Where the host writes the two reduction tables (64 × 64 i8 each: 8x8's, then 10x10's). */
export function searchLmrTables(): usize {
  return lmrTables;
}

/** Where the host writes the keys of the root moves a search is restricted to. */
export function searchRootOnly(): usize {
  return rootOnly;
}

/** A new search: its settings and limits; the counters start again. `rootCount` < 0: every root move. */
export function searchBegin(
  large: bool,
  all: bool,
  pv: bool,
  cut: i32,
  offers: i32,
  nodeLimit: f64,
  clock: bool,
  rootCount: i32,
): void {
  lmr = large ? lmrTables + 64 * 64 : lmrTables;
  extendAll = all;
  extendPv = pv;
  staticCut = cut;
  exchanges = offers;
  // As the JS compares its count with the limit: a fraction rounds up, no number (NaN) or a huge one is no limit.
  limitNodes = nodeLimit >= 9e18 || isNaN(nodeLimit) ? i64.MAX_VALUE : <i64>Math.ceil(nodeLimit);
  timed = clock;
  rootOnlyCount = rootCount;
  nodes = 0;
  stopped = false;
  selDepth = 0;
  rootScore = 0;
  dbMax = -1;
  dbPieces = dbMen = i32.MAX_VALUE;
  rootAllowedCount = 0;
  dbHits = 0;
  qNodes = probes = hits = ttCuts = failHighs = firstCuts = researches = reduced = noTableMove = staticCuts = 0;
}

/** The root's moves, restricted as `searchBegin` said, at the start of the move list: how many. */
export function searchRootMoves(): i32 {
  return keepRootMoves(positionGenerate(moves));
}

/** One window of one iteration: the root's score (0 when stopped). */
export function searchRoot(depth: i32, alpha: i32, beta: i32): i32 {
  return alphaBeta(depth, alpha, beta, 0, true);
}

export function searchStopped(): bool {
  return stopped;
}

export function searchNodes(): f64 {
  return <f64>nodes;
}

export function searchSelDepth(): i32 {
  return selDepth;
}

export function searchRootScore(): i32 {
  return rootScore;
}

/** Counter i of `DraughtsDeepSearcher.stats` (its order). */
export function searchStat(i: i32): f64 {
  let c: i64 = 0;
  if (i === 0) c = qNodes;
  else if (i === 1) c = probes;
  else if (i === 2) c = hits;
  else if (i === 3) c = ttCuts;
  else if (i === 4) c = failHighs;
  else if (i === 5) c = firstCuts;
  else if (i === 6) c = researches;
  else if (i === 7) c = reduced;
  else if (i === 8) c = noTableMove;
  else if (i === 9) c = staticCuts;
  return <f64>c;
}

/** The i-th move of the root's list (after `searchRootMoves`). */
export function searchMoveAt(i: i32): i32 {
  return moveAt(i);
}

/** The PV's length at the root. */
export function searchPvLength(): i32 {
  return pvLengthAt(0);
}

/** Where the root's PV is (the PV table's row 0, i32 keys). */
export function searchPv(): usize {
  return pvTable;
}

function checkLimits(): void {
  if (nodes >= limitNodes) stopped = true;
  // The clock every 256 nodes, as the JS searcher reads it; the host call stays off the other nodes.
  else if (timed && (nodes & 255) === 0 && mustStop()) stopped = true;
}

/** The static evaluation, side to move's view: the one place another evaluator (the learned one) switches in. */
function evaluate(): i32 {
  return learnedOn ? learnedEvaluate(W, B, K, side) : positionEvaluate();
}

let learnedOn = false;
/** Has the search evaluate with the learned evaluation (lib/learned-eval.ts), set up by the host beforehand. */
export function searchUseLearned(): void {
  learnedOn = true;
}

function resultScore(result: i32, ply: i32): i32 {
  return result === 0 ? 0 : result > 0 ? WIN - ply : -WIN + ply;
}

function toTable(score: i32, ply: i32): i32 {
  return score >= WIN_BOUND - 200 ? score + ply : score <= -WIN_BOUND + 200 ? score - ply : score;
}

function fromTable(score: i32, ply: i32): i32 {
  return score >= WIN_BOUND - 200 ? score - ply : score <= -WIN_BOUND + 200 ? score + ply : score;
}

/** Keeps, of the root's `n` moves at the start of the list, those the host named (all when it named none). */
function keepRootMoves(n: i32): i32 {
  if (rootOnlyCount < 0) return n;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const m = moveAt(i);
    for (let k = 0; k < rootOnlyCount; k++) {
      if ((load<i32>(rootOnly + ((<usize>k) << 2)) & KEY_IDENTITY) === (m & KEY_IDENTITY)) {
        setMoveAt(kept++, m);
        break;
      }
    }
  }
  return kept;
}

function rootAllows(move: i32): bool {
  for (let i = 0; i < rootAllowedCount; i++) if (load<i32>(rootAllowed + ((<usize>i) << 2)) === move) return true;
  return false;
}

/** A position the database may be asked about: few enough pieces, and below the root's material. */
function inDatabase(): bool {
  const pieces = positionPieceCount();
  if (pieces > dbMax) return false;
  return pieces < dbPieces || (pieces === dbPieces && positionMen() < dbMen);
}

/** The database's value of the position as a score (`DB_WIN - ply` a win), or 2 when it does not know. */
function probeScore(ply: i32): i32 {
  const r = probe(<i32>W, <i32>(W >>> 32), <i32>B, <i32>(B >>> 32), <i32>K, <i32>(K >>> 32), side);
  if (r === 2) return 2;
  dbHits++;
  return r === 0 ? 0 : r > 0 ? DB_WIN - ply : -DB_WIN + ply;
}

function alphaBeta(depth: i32, alpha: i32, beta: i32, ply: i32, prune: bool): i32 {
  setPvLength(ply, ply);
  if (ply > 0) {
    const decided = positionDecided(ply);
    if (decided !== UNDECIDED) return resultScore(decided, ply);
    if (alpha < -WIN + ply) alpha = -WIN + ply;
    if (beta > WIN - ply - 1) beta = WIN - ply - 1;
    if (alpha >= beta) return alpha;
  }
  // The draw by repetition or by the move counter is settled above: a leaf's quiescence need not look again.
  if (depth <= 0 || ply >= maxPly) return quiesce(alpha, beta, ply, exchanges, true);

  nodes++;
  checkLimits();
  if (stopped) return 0;
  if (ply > selDepth) selDepth = ply;

  const isPv = beta - alpha > 1;
  const useTable = isPv || depth >= tableMinDepth;
  const lo = positionHashLo();
  const hi = positionHashHi();
  let hashMove = 0;
  if (useTable) probes++;
  if (useTable && tableProbe(lo, hi)) {
    hits++;
    hashMove = hitMove;
    if (!isPv && hitDepth >= depth && ply > 0) {
      const s = fromTable(hitScore, ply);
      const bound = hitBound;
      if (bound === EXACT || (bound === LOWER && s >= beta) || (bound === UPPER && s <= alpha)) {
        ttCuts++;
        return s;
      }
    }
  }
  if (hashMove === 0 && depth >= 3) noTableMove++;

  // The endgame database answers exactly, once no capture is pending (its values are for quiet positions).
  if (ply > 0 && dbMax >= 0 && inDatabase() && positionStatus() === 0) {
    const s = probeScore(ply);
    if (s !== 2) return s;
  }

  // The frontier's static cut (`staticCutMargin`): the children would only be resolved by quiescence.
  if (depth === 1 && !isPv && ply > 0 && staticCut > 0 && beta < WIN_BOUND && beta > -WIN_BOUND) {
    if (positionStatus() === 0) {
      const s = evaluate() - staticCut;
      if (s >= beta) {
        staticCuts++;
        return s;
      }
    }
  }

  const base = ply * MAX_MOVES;
  const all = positionGenerate(moves + ((<usize>base) << 2));
  if (all === 0) return resultScore(positionNoMovesResult(), ply);
  const restricted = ply === 0 && rootOnlyCount >= 0;
  const n = restricted ? keepRootMoves(all) : all;

  // A search at a share of the depth that beats beta by a margin: cut (never at PV nodes, near wins, or in probes).
  if (probeCut && prune && !isPv && depth >= 3 && beta < WIN_BOUND && beta > -WIN_BOUND) {
    const margin = depth * probeMargin;
    const probeBeta = beta + margin;
    const scaled = <f64>depth * probeShare;
    const probeDepth = <i32>(scaled > 1 ? scaled : 1);
    const s = alphaBetaAt(n, base, hashMove, probeDepth, probeBeta - 1, probeBeta, ply, false, false, 0, 0);
    if (stopped) return 0;
    if (s >= probeBeta) return s - margin;
  }

  // A root restricted to some moves has no score of its own to store; nor does a node below `tableMinDepth`.
  const storing = !restricted && useTable;
  return alphaBetaAt(n, base, hashMove, depth, alpha, beta, ply, prune, storing, lo, hi);
}

/** The move loop of a node whose moves are at `base` (count `n`); stores in the table when `storing`. */
function alphaBetaAt(
  n: i32,
  base: i32,
  hashMove: i32,
  depth: i32,
  alpha: i32,
  beta: i32,
  ply: i32,
  prune: bool,
  storing: bool,
  lo: i32,
  hi: i32,
): i32 {
  const isPv = beta - alpha > 1;
  const captures = positionIsTactical(moveAt(base));
  scoreMoves(base, n, hashMove, ply, captures);
  const next = n === 1 && (extendAll || (extendPv && isPv)) ? depth : depth - 1;

  const alphaIn = alpha;
  let bestScore = -WIN - 1;
  let bestMove = moveAt(base);
  // Shallow non-PV nodes: late quiet moves are not searched at all, nor any quiet move when the position stands
  // far below alpha (futility).
  let moveLimit = n;
  let futile = false;
  if (!isPv && !captures && depth <= 3 && ply > 0 && alpha > -WIN_BOUND && beta < WIN_BOUND) {
    if (lateMoves > 0) {
      const limit = lateMoves + depth * depth * 2;
      moveLimit = n < limit ? n : limit;
    }
    if (futilityMargin > 0 && evaluate() + futilityMargin * depth <= alpha) futile = true;
  }
  for (let i = 0; i < n; i++) {
    const move = i === 0 ? moveAt(base) : pickNext(base, i, n);
    if (ply === 0 && rootAllowedCount > 0 && !rootAllows(move)) continue;
    // Moves are picked best first: the table's move, then crowning moves (still searched), then the quiet rest.
    if (i > 0 && (i >= moveLimit || futile) && !isEarly(orderAt(base + i))) break;
    positionMake(move);
    let score: i32;
    if (i === 0) {
      score = -alphaBeta(next, -beta, -alpha, ply + 1, prune);
    } else {
      let reduce = 0;
      if (reductions && !captures && depth >= 3 && (move & KEY_CROWNS) === 0 && i >= (isPv ? 3 : 1)) {
        reduce = <i32>load<i8>(lmr + <usize>((depth < 63 ? depth : 63) * 64 + (i < 63 ? i : 63)));
        if (isPv) reduce = reduce > 1 ? reduce - 1 : 1;
        if (reduce >= next) reduce = next - 1;
      }
      if (reduce > 0) reduced++;
      score = -alphaBeta(next - reduce, -1 - alpha, -alpha, ply + 1, prune);
      if (score > alpha && (reduce > 0 || score < beta)) {
        if (reduce > 0) researches++;
        score = -alphaBeta(next, -beta, -alpha, ply + 1, prune);
      }
    }
    positionUnmake();
    if (stopped) return 0;
    if (score > bestScore) {
      bestScore = score;
      bestMove = move;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, move);
        if (ply === 0) rootScore = score;
        if (score >= beta) {
          failHighs++;
          if (i === 0) firstCuts++;
          if (!captures) rememberCutoff(move, depth, ply, base, i);
          break;
        }
      }
    }
  }
  if (storing) {
    const bound = bestScore >= beta ? LOWER : bestScore > alphaIn ? EXACT : UPPER;
    tableStore(lo, hi, depth, bound, toTable(bestScore, ply), bestScore > alphaIn ? bestMove : 0);
  }
  return bestScore;
}

/**
 * Captures until none is left; then the side to move may stand pat, crown, or (with `offers` left and no king on
 * the board) offer an exchange. `decided`: the caller has already looked for a draw by repetition or the counter.
 */
function quiesce(alpha: i32, beta: i32, ply: i32, offers: i32, decided: bool): i32 {
  setPvLength(ply, ply);
  nodes++;
  qNodes++;
  checkLimits();
  if (stopped) return 0;
  if (ply > selDepth) selDepth = ply;
  if (ply > 0 && !decided) {
    const result = positionDecided(ply);
    if (result !== UNDECIDED) return resultScore(result, ply);
  }
  const status = positionStatus();
  if (status < 0) return resultScore(positionNoMovesResult(), ply);
  if (ply >= maxPly) return evaluate();
  const base = ply * MAX_MOVES;
  let n: i32;
  let bestScore = -WIN - 1;
  if (status === 0) {
    if (dbMax >= 0 && inDatabase()) {
      const s = probeScore(ply);
      if (s !== 2) return s;
    }
    const stand = evaluate();
    if (stand >= beta) return stand;
    // Most quiet positions have neither an offer nor a crowning move: their moves are then not generated at all.
    const found = offers > 0 ? positionExchangeOffers() : 0;
    if (found === 0 && !positionCanCrown()) return stand;
    bestScore = stand;
    if (stand > alpha) alpha = stand;
    n = quietTries(base, found);
  } else {
    n = positionGenerateCaptures(moves + ((<usize>base) << 2));
    if (n > 1) scoreMoves(base, n, 0, ply, true);
  }
  for (let i = 0; i < n; i++) {
    const move = i > 0 && status !== 0 ? pickNext(base, i, n) : moveAt(base + i);
    positionMake(move);
    // A quiet try that does not crown is an exchange offered: one fewer is left for the line.
    const left = status === 0 && (move & KEY_CROWNS) === 0 ? offers - 1 : offers;
    const score = -quiesce(-beta, -alpha, ply + 1, left, false);
    positionUnmake();
    if (stopped) return 0;
    if (score > bestScore) {
      bestScore = score;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, move);
        if (score >= beta) break;
      }
    }
  }
  return bestScore;
}

/**
 * The quiet moves quiescence tries, written at `base`: the crowning moves, then the `found` moves that offer an
 * exchange (those `positionExchangeOffers` found). Returns how many.
 */
function quietTries(base: i32, found: i32): i32 {
  const all = positionGenerate(moves + ((<usize>base) << 2));
  let n = 0;
  for (let i = 0; i < all; i++) {
    const m = moveAt(base + i);
    if ((m & KEY_CROWNS) !== 0) {
      setMoveAt(base + i, moveAt(base + n));
      setMoveAt(base + n++, m);
    }
  }
  if (found === 0) return n;
  for (let i = n; i < all; i++) {
    const m = moveAt(base + i);
    if (positionIsExchangeOffer(m)) setMoveAt(base + n++, m);
  }
  return n;
}
