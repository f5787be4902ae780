/**
 * The pipeline behind the learned draughts evaluation (`learned-eval.ts`; `npm run train:draughts`):
 *
 * 1. positions: self-play of the deep search (the hand-written evaluation, a node budget a move) from the ACF ballots
 *    (English) or seeded random openings, every game and every choice reproducible from the seed; the quiet positions
 *    (no capture for the side to move, no man about to crown: where the search's quiescence stands pat, so where the
 *    evaluation is asked) are kept with the search's score and the game's result;
 * 2. labels: the result (1, ½, 0 for White) blended with the search's score turned into an expected result,
 *    σ(score / K), K fitted so that σ(score / K) predicts the results best — which also puts the learned weights in
 *    the search's units (hundredths of a man); the score is the games' own shallow one, or a deeper search's on each
 *    position afterwards (`searchLabels`);
 * 3. fit: logistic regression of the label on the features (full-batch Adam, L2 on the weights) on a training share,
 *    the weights kept from the epoch with the lowest loss on the validation share (split by game, so positions of one
 *    game never sit on both sides).
 *
 * All of it pure and seeded; bench/train-draughts.js drives it and writes the weights module.
 */
import { createRng, type Rng } from '@tactica/core';
import {
  acfBallots,
  DraughtsSearchPosition,
  draughtsGame,
  evalTables,
  evaluate,
  RULE_SETS,
  stateFrom,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { DraughtsDeepSearcher, type DeepEvaluator } from './deep-search.js';
import {
  collectFeatures,
  ENDING_PLAIN,
  kingsToTrapOf,
  learnedLayout,
  SCALAR_FEATURES,
  type WindowShape,
} from './learned-eval.js';

/**
 * What plays the games and searches the labels: by default a `DraughtsDeepSearcher` of `TRAINING_TABLE_LOG2`; a
 * caller may give the WebAssembly one (`createWasmDeepSearcher`, deep-search-wasm.ts) made with the same table and
 * evaluation, whose trees are the same node for node, so the games and labels are too, at twice to 2.5 times the
 * speed (bench/RESULTS.md, "the trainer searches in WebAssembly").
 */
export type TrainingSearcher = Pick<DraughtsDeepSearcher, 'reset' | 'search'>;

/** The transposition table of the pipeline's searches (2^16 entries): part of what makes a run's games its own. */
export const TRAINING_TABLE_LOG2 = 16;

/** The searcher a run uses: the one given, or a JS one with the given evaluation. */
function trainingSearcher(o: {
  readonly searcher?: TrainingSearcher;
  readonly evaluator?: DeepEvaluator;
}): TrainingSearcher {
  if (o.searcher && o.evaluator) throw new Error('train: give the evaluator to the searcher, not beside it');
  return (
    o.searcher ??
    new DraughtsDeepSearcher({ ttLog2: TRAINING_TABLE_LOG2, ...(o.evaluator ? { evaluator: o.evaluator } : {}) })
  );
}

/** One quiet position of a self-play game. */
export interface TrainingPosition {
  readonly bits: readonly [number, number, number, number, number, number];
  readonly turn: 0 | 1;
  /** The search's score, from White's point of view (hundredths of a man). */
  readonly score: number;
  /** The game's result for White: 1, 0.5 or 0. */
  readonly result: number;
  /** The game it comes from (the validation split goes by game). */
  readonly game: number;
}

export interface GenerateOptions {
  readonly variant: VariantId;
  readonly seed: number;
  readonly games: number;
  /** Nodes the deep search spends a move (default 3000). */
  readonly nodes?: number;
  /** Games longer than this are drawn (default 250 plies) **(ours)**. */
  readonly maxPlies?: number;
  /** The game numbers to play (default all); workers play a share each. */
  readonly only?: (game: number) => boolean;
  /**
   * The evaluation both sides search with (default the hand-written one): the learned one for a second round, whose
   * games then show the positions that evaluation steers into.
   */
  readonly evaluator?: DeepEvaluator;
  /** The searcher that plays, instead of a JS one with `evaluator` (see `TrainingSearcher`). */
  readonly searcher?: TrainingSearcher;
  /** Asked before each game: false stops the run there (a time bound; the games played so far are returned). */
  readonly keepGoing?: () => boolean;
  readonly onGame?: (game: number, positions: number, result: number) => void;
}

/** The opening of game `i`: a ballot (English, then one or two random plies past it when the deck comes round) or random plies. */
function openingOf(variant: VariantId, i: number, rng: Rng): DraughtsState {
  const game = draughtsGame(variant);
  let s = game.initial();
  let random: number;
  if (variant === 'english') {
    const deck = acfBallots().filter((b) => !b.barred);
    const ballot = deck[i % deck.length] as (typeof deck)[number];
    for (const text of ballot.moves) {
      const m = game.parseMove(s, text);
      if (!m.ok) throw new Error(`ballot ${ballot.number}: ${m.error.message}`);
      s = game.play(s, m.value);
    }
    random = Math.floor(i / deck.length) === 0 ? 0 : 1 + rng.int(2);
  } else {
    random = (RULE_SETS[variant].size === 10 ? 4 : 3) + rng.int(4);
  }
  for (let k = 0; k < random; k++) {
    const moves = game.legalMoves(s);
    if (moves.length === 0) break;
    const next = game.play(s, rng.pick(moves));
    if (game.outcome(next)) break;
    s = next;
  }
  return s;
}

/** Plays self-play games and keeps their quiet positions (see the module's comment). */
export function generatePositions(o: GenerateOptions): TrainingPosition[] {
  const game = draughtsGame(o.variant);
  const nodes = o.nodes ?? 3000;
  const maxPlies = o.maxPlies ?? 250;
  const out: TrainingPosition[] = [];
  const searcher = trainingSearcher(o);
  for (let i = 0; i < o.games; i++) {
    if (o.only && !o.only(i)) continue;
    if (o.keepGoing && !o.keepGoing()) break;
    const rng = createRng(`train-draughts-${o.variant}-${o.seed}-${i}`);
    let s = openingOf(o.variant, i, rng);
    searcher.reset();
    const kept: { bits: TrainingPosition['bits']; turn: 0 | 1; score: number }[] = [];
    let plies = 0;
    while (!game.outcome(s) && plies < maxPlies) {
      const sp = new DraughtsSearchPosition(s);
      const r = searcher.search(sp, { nodes });
      if (r.bestMove === undefined) break;
      if (sp.status() === 0 && !sp.canCrown()) {
        const turn = s.position.turn;
        kept.push({ bits: s.position.bits, turn, score: turn === 0 ? r.score : -r.score });
      }
      s = game.play(s, sp.decode(r.bestMove));
      plies++;
    }
    const over = game.outcome(s);
    const result = over?.kind === 'win' ? (over.winner === 0 ? 1 : 0) : 0.5;
    for (const k of kept) out.push({ ...k, result, game: i });
    o.onGame?.(i, kept.length, result);
  }
  return out;
}

export interface LabelOptions {
  readonly variant: VariantId;
  /** Nodes the labelling search spends on each position. */
  readonly nodes: number;
  /** The evaluation it searches with (default the hand-written one). */
  readonly evaluator?: DeepEvaluator;
  /** The searcher that labels, instead of a JS one with `evaluator` (see `TrainingSearcher`). */
  readonly searcher?: TrainingSearcher;
  /**
   * The distinct positions this call searches, by the index of their first appearance in the list (default all);
   * workers take a share each and their answers are merged.
   */
  readonly only?: (first: number) => boolean;
  readonly onLabel?: (first: number, score: number) => void;
}

/** The key under which two entries of a list are the same position. */
export const trainingPositionKey = (p: TrainingPosition): string => `${p.bits.join(',')}/${p.turn}`;

/**
 * A deeper search's score for each position (White's point of view, hundredths of a man; NaN where `only` left it
 * out): a label better than the shallow score the games were played with, whose games' results are noisy. Each
 * distinct position is searched once, from an empty table, so the score depends on the position and the budget
 * alone — not on the order, the other positions or the number of workers — and repeats (the ballots' first moves)
 * cost nothing **(ours)**.
 */
export function searchLabels(positions: readonly TrainingPosition[], o: LabelOptions): Float64Array {
  const out = new Float64Array(positions.length).fill(Number.NaN);
  const first = new Map<string, number>();
  const searcher = trainingSearcher(o);
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as TrainingPosition;
    const key = trainingPositionKey(p);
    const seen = first.get(key);
    if (seen !== undefined) {
      out[i] = out[seen] as number;
      continue;
    }
    first.set(key, i);
    if (o.only && !o.only(i)) continue;
    const sp = new DraughtsSearchPosition(stateFrom({ variant: o.variant, bits: p.bits, turn: p.turn }, false));
    searcher.reset();
    const r = searcher.search(sp, { nodes: o.nodes });
    const score = p.turn === 0 ? r.score : -r.score;
    out[i] = score;
    o.onLabel?.(i, score);
  }
  return out;
}

/**
 * A deeper search's scores kept outside the repository (`--label-cache`): the search they come from, as a JSON key
 * `{ variant, nodes, evaluation, searched }` (`searched`: the command of the learned weights searched with), and the
 * scores by `trainingPositionKey`.
 */
export interface LabelCache {
  readonly key: string;
  readonly scores: readonly (readonly [string, number])[];
}

/** What `mergeLabelCaches` found: the scores to fit to, which of them are the run's own, and what each other cache gave. */
export interface MergedLabels {
  readonly scores: Map<string, number>;
  /** The scores of the cache made under the run's own key (the ones a run writes back to its cache). */
  readonly own: Map<string, number>;
  /** Per other cache used, its key and how many positions it scored that the run's own cache had not. */
  readonly borrowed: readonly { readonly key: string; readonly count: number }[];
}

/**
 * The labels a run can use: the scores of the cache made under its own `key`, then, for positions those lack, the
 * scores of `others` made by the same search (rule set, node budget, evaluation) with earlier weights, the first
 * listed first. Relabelling every earlier round's positions whenever new weights are committed would cost most of a
 * round's CPU time; a score from the weights before is still a search many plies deeper than the games' own
 * **(ours)**. A cache of another rule set, budget or evaluation is not read (`borrowed` leaves it out).
 */
export function mergeLabelCaches(
  key: string,
  own: LabelCache | undefined,
  others: readonly LabelCache[],
): MergedLabels {
  const want = JSON.parse(key) as Record<string, unknown>;
  const sameSearch = (k: string): boolean => {
    const o = JSON.parse(k) as Record<string, unknown>;
    return o['variant'] === want['variant'] && o['nodes'] === want['nodes'] && o['evaluation'] === want['evaluation'];
  };
  const mine = new Map<string, number>(own && own.key === key ? own.scores : []);
  const scores = new Map(mine);
  const borrowed: { key: string; count: number }[] = [];
  for (const c of others) {
    if (c.key === key || !sameSearch(c.key)) continue;
    let count = 0;
    for (const [k, v] of c.scores) {
      if (scores.has(k)) continue;
      scores.set(k, v);
      count++;
    }
    borrowed.push({ key: c.key, count });
  }
  return { scores, own: mine, borrowed };
}

/** Positions as the fit reads them: features per position, flat. */
export interface FeatureSet {
  readonly variant: VariantId;
  readonly shape: WindowShape;
  readonly count: number;
  readonly params: number;
  /** Scalar feature values, SCALARS per position. */
  readonly scalars: Int8Array;
  /** Per position and window: the parameter, or -1. */
  readonly patterns: Int32Array;
  readonly signs: Int8Array;
  /** Opening share of the phase mix, 0..1. */
  readonly phase: Float32Array;
  readonly result: Float32Array;
  readonly score: Float32Array;
  /** The hand-written evaluation from White's point of view (the baseline the fit is compared with). */
  readonly hand: Float32Array;
  readonly game: Int32Array;
  /** Index of each row's position in the list it was made from. */
  readonly source: Int32Array;
}

/** The features of the positions the fit can use (scaled endings are left out: the model does not see them). */
export function featureSet(
  variant: VariantId,
  positions: readonly TrainingPosition[],
  shape: WindowShape = '2x4',
): FeatureSet {
  const layout = learnedLayout(RULE_SETS[variant].size, shape);
  const trap = kingsToTrapOf(variant);
  const S = SCALAR_FEATURES.length;
  const W = layout.patternFeatures;
  const fields = new Int32Array(18);
  const f = new Int32Array(S + W);
  const keep: number[] = [];
  const infos: number[] = [];
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as TrainingPosition;
    const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
    const info = collectFeatures(layout, trap, wLo, wHi, bLo, bHi, kLo, kHi, p.turn, fields, f);
    if ((info & 31) !== ENDING_PLAIN) continue;
    keep.push(i);
    infos.push(info);
  }
  const n = keep.length;
  const set: FeatureSet = {
    variant,
    shape,
    count: n,
    params: layout.params,
    scalars: new Int8Array(n * S),
    patterns: new Int32Array(n * W),
    signs: new Int8Array(n * W),
    phase: new Float32Array(n),
    result: new Float32Array(n),
    score: new Float32Array(n),
    hand: new Float32Array(n),
    game: new Int32Array(n),
    source: Int32Array.from(keep),
  };
  for (let j = 0; j < n; j++) {
    const p = positions[keep[j] as number] as TrainingPosition;
    const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
    collectFeatures(layout, trap, wLo, wHi, bLo, bHi, kLo, kHi, p.turn, fields, f);
    for (let k = 0; k < S; k++) set.scalars[j * S + k] = f[k] as number;
    for (let w = 0; w < W; w++) {
      const key = (layout.patternBase[w] as number) + (f[S + w] as number);
      set.patterns[j * W + w] = layout.patternParam[key] as number;
      set.signs[j * W + w] = layout.patternSign[key] as number;
    }
    set.phase[j] = Math.min((infos[j] as number) >> 5, layout.startMen) / layout.startMen;
    set.result[j] = p.result;
    set.score[j] = p.score;
    const hand = evaluate({ variant, bits: p.bits, turn: p.turn }, false);
    set.hand[j] = p.turn === 0 ? hand : -hand;
    set.game[j] = p.game;
  }
  return set;
}

/**
 * The model's score for position `i` of a feature set under `weights` ([opening…, ending…], hundredths of a man,
 * White's point of view): what `LearnedDraughtsEvaluator` computes, before its rounding.
 */
export function predictScore(set: FeatureSet, weights: ArrayLike<number>, i: number): number {
  const S = SCALAR_FEATURES.length;
  const W = learnedLayout(RULE_SETS[set.variant].size, set.shape).patternFeatures;
  const P = set.params;
  const ph = set.phase[i] as number;
  let so = 0;
  let se = 0;
  for (let k = 0; k < S; k++) {
    const x = set.scalars[i * S + k] as number;
    so += x * (weights[k] as number);
    se += x * (weights[P + k] as number);
  }
  for (let w = 0; w < W; w++) {
    const p = set.patterns[i * W + w] as number;
    if (p < 0) continue;
    const sg = set.signs[i * W + w] as number;
    so += sg * (weights[p] as number);
    se += sg * (weights[P + p] as number);
  }
  return so * ph + se * (1 - ph);
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Cross-entropy of predicting `p` for a label `t` (both in 0..1), clamped away from log 0. */
export function crossEntropy(p: number, t: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return -(t * Math.log(q) + (1 - t) * Math.log(1 - q));
}

/** The K that makes σ(value / K) predict the results best over `rows` (a golden-section search). */
export function fitScale(values: Float32Array, result: Float32Array, rows: readonly number[]): number {
  const loss = (k: number): number => {
    let sum = 0;
    for (const i of rows) sum += crossEntropy(sigmoid((values[i] as number) / k), result[i] as number);
    return sum / Math.max(1, rows.length);
  };
  let a = Math.log(10);
  let b = Math.log(5000);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let it = 0; it < 60; it++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (loss(Math.exp(c)) < loss(Math.exp(d))) b = d;
    else a = c;
  }
  return Math.exp((a + b) / 2);
}

export interface FitOptions {
  readonly seed: number;
  /** Share of the games held out for validation (default 0.2). */
  readonly validation?: number;
  readonly epochs?: number;
  /** Adam's step (hundredths of a man; default 1). */
  readonly rate?: number;
  /**
   * The step at the last epoch, reached geometrically from `rate` (default `rate`: a constant step). Adam moves every
   * weight by about the step each epoch whatever its gradient, so a constant step of 2 leaves the weights hopping
   * ±2 about their optimum — as large as most pattern weights — and the loss flat after a few dozen epochs
   * **(ours)**.
   */
  readonly rateEnd?: number;
  /** L2 penalty per weight (default 1e-6 of the squared weight, in hundredths of a man). */
  readonly l2?: number;
  /**
   * Weight of the game's result in the label, the rest the search's score (default 1: on held-out games the results
   * alone predicted results better, International 0.614 against 0.622 with 0.5; bench/RESULTS.md) **(ours)**.
   */
  readonly lambda?: number;
  /**
   * Adam's epsilon (default 1e-5): well above the gradient of a pattern seen in a handful of positions, so rare
   * patterns move slowly instead of taking full steps on little evidence **(ours)**.
   */
  readonly epsilon?: number;
  /**
   * Pull of the material weights (men, kings) toward the hand-written evaluation's values, per squared hundredth of
   * a man (default 1e-5; 0: toward 0 like every other weight). Self-play at a small node budget seldom shows what a
   * king is worth — a king usually comes with men traded and the game drawn — and the first fit, blind to that,
   * valued an International king below a man and lost its games **(ours)**.
   */
  readonly materialPrior?: number;
  /**
   * Scalar features held at a value (hundredths of a man, the hand-written evaluation's units, both phases) instead
   * of fitted: the fit then sets every other weight around them. Results alone teach a mobility that follows from
   * winning rather than leads to it: International fitted on 542 000 positions weighted the men's forward steps and
   * free men 15 times the hand-written evaluation's 2 and 4, and scored 24% at equal nodes against it; the same
   * weights with the mobility set back to 2 and 4 scored 50% (bench/RESULTS.md) **(ours)**.
   */
  readonly fixed?: Readonly<Partial<Record<(typeof SCALAR_FEATURES)[number], number>>>;
  /**
   * Other weights to score on the same split (the committed ones, when fitting their successor): their validation
   * loss against the results, with their own fitted K, comes back as `compareValidationResult` (when they have the
   * set's window shape).
   */
  readonly compare?: ArrayLike<number>;
  /** The games whose held-out positions `compare` and the fit are both scored on (default all). */
  readonly compareGames?: (game: number) => boolean;
  /** Called every `every` epochs (default 10) with the losses. */
  readonly every?: number;
  readonly onEpoch?: (e: EpochLoss) => void;
}

export interface EpochLoss {
  readonly epoch: number;
  /** Mean cross-entropy against the blended labels. */
  readonly train: number;
  readonly validation: number;
  /** Validation loss against the game results alone. */
  readonly validationResult: number;
}

export interface FitResult {
  /** Weights in hundredths of a man, [opening…, ending…] (`LearnedDraughtsEvaluator`'s order). */
  readonly weights: Float64Array;
  readonly scale: number;
  readonly history: readonly EpochLoss[];
  readonly best: EpochLoss;
  /** The hand-written evaluation's validation loss against the results (with its own fitted K), for comparison. */
  readonly handValidationResult: number;
  /** The K that fits the hand-written evaluation to the results. */
  readonly handScale: number;
  readonly trainCount: number;
  readonly validationCount: number;
  /** `FitOptions.compare`'s validation loss against the results (with its own K), when given, and the fit's own. */
  readonly compareValidationResult?: number;
  readonly fitComparedResult?: number;
}

/**
 * The rows of a feature set split into training and held-out shares by game (positions of one game never sit on both
 * sides), drawn from the seed game by game in the order the games first appear: the same split for every fit of the
 * same set and seed.
 */
export function splitByGame(
  set: FeatureSet,
  seed: number,
  share: number,
): { readonly train: number[]; readonly valid: number[] } {
  const rng = createRng(`train-split-${seed}`);
  const held = new Map<number, boolean>();
  const train: number[] = [];
  const valid: number[] = [];
  for (let i = 0; i < set.count; i++) {
    const g = set.game[i] as number;
    let v = held.get(g);
    if (v === undefined) {
      v = rng.float() < share;
      held.set(g, v);
    }
    (v ? valid : train).push(i);
  }
  return { train, valid };
}

/** Fits the weights (see the module's comment). */
export function fitWeights(set: FeatureSet, o: FitOptions): FitResult {
  const S = SCALAR_FEATURES.length;
  const W = learnedLayout(RULE_SETS[set.variant].size, set.shape).patternFeatures;
  const P = set.params;
  const { train, valid } = splitByGame(set, o.seed, o.validation ?? 0.2);
  const scale = fitScale(set.score, set.result, train);
  const handScale = fitScale(set.hand, set.result, train);
  let handValidationResult = 0;
  for (const i of valid) {
    handValidationResult += crossEntropy(sigmoid((set.hand[i] as number) / handScale), set.result[i] as number);
  }
  handValidationResult /= Math.max(1, valid.length);
  let compareValidationResult: number | undefined;
  const compared = valid.filter((i) => !o.compareGames || o.compareGames(set.game[i] as number));
  if (o.compare && o.compare.length === 2 * P) {
    const values = new Float32Array(set.count);
    for (let i = 0; i < set.count; i++) values[i] = predictScore(set, o.compare, i);
    const k = fitScale(values, set.result, train);
    let sum = 0;
    for (const i of compared) sum += crossEntropy(sigmoid((values[i] as number) / k), set.result[i] as number);
    compareValidationResult = sum / Math.max(1, compared.length);
  }
  const lambda = o.lambda ?? 1;
  const label = new Float32Array(set.count);
  for (let i = 0; i < set.count; i++) {
    label[i] = lambda * (set.result[i] as number) + (1 - lambda) * sigmoid((set.score[i] as number) / scale);
  }

  const theta = new Float64Array(2 * P);
  // The prior, in the model's units: σ(hand / handScale) and σ(model / scale) both predict the results.
  const prior = new Float64Array(2 * P);
  const priorWeight = new Float64Array(2 * P).fill(o.l2 ?? 1e-6);
  const hand = evalTables(RULE_SETS[set.variant], false);
  const units = scale / handScale;
  for (const phase of [0, P]) {
    prior[phase] = hand.manValue * units;
    prior[phase + 1] = hand.kingValue * units;
    priorWeight[phase] = o.materialPrior ?? 1e-5;
    priorWeight[phase + 1] = o.materialPrior ?? 1e-5;
  }
  const frozen = new Uint8Array(2 * P);
  for (const [name, value] of Object.entries(o.fixed ?? {})) {
    const k = SCALAR_FEATURES.indexOf(name as (typeof SCALAR_FEATURES)[number]);
    if (k < 0 || value === undefined) throw new Error(`fixed: no scalar feature ${name}`);
    for (const phase of [0, P]) {
      prior[phase + k] = value * units;
      frozen[phase + k] = 1;
    }
  }
  theta.set(prior);
  const grad = new Float64Array(2 * P);
  const m = new Float64Array(2 * P);
  const v = new Float64Array(2 * P);
  const rate = o.rate ?? 1;
  const rateEnd = o.rateEnd ?? rate;
  const epochs = o.epochs ?? 300;
  const every = o.every ?? 10;
  const b1 = 0.9;
  const b2 = 0.999;
  const eps = o.epsilon ?? 1e-5;

  const predict = (i: number): number => predictScore(set, theta, i);
  const lossOf = (rows: readonly number[], target: Float32Array): number => {
    let sum = 0;
    for (const i of rows) sum += crossEntropy(sigmoid(predict(i) / scale), target[i] as number);
    return sum / Math.max(1, rows.length);
  };

  const lossOfWeights = (w: Float64Array, rows: readonly number[]): number => {
    let sum = 0;
    for (const i of rows) {
      sum += crossEntropy(sigmoid(predictScore(set, w, i) / scale), set.result[i] as number);
    }
    return sum / Math.max(1, rows.length);
  };
  const history: EpochLoss[] = [];
  const record = (epoch: number): EpochLoss => {
    const e: EpochLoss = {
      epoch,
      train: lossOf(train, label),
      validation: lossOf(valid, label),
      validationResult: lossOf(valid, set.result),
    };
    history.push(e);
    o.onEpoch?.(e);
    return e;
  };
  let best = record(0);
  let bestTheta = Float64Array.from(theta);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    grad.fill(0);
    for (const i of train) {
      const ph = set.phase[i] as number;
      // d(loss)/d(score) for the cross-entropy of σ(score / K).
      const d = (sigmoid(predict(i) / scale) - (label[i] as number)) / scale;
      const dO = d * ph;
      const dE = d * (1 - ph);
      for (let k = 0; k < S; k++) {
        const x = set.scalars[i * S + k] as number;
        if (x === 0) continue;
        grad[k] = (grad[k] as number) + x * dO;
        grad[P + k] = (grad[P + k] as number) + x * dE;
      }
      for (let w = 0; w < W; w++) {
        const p = set.patterns[i * W + w] as number;
        if (p < 0) continue;
        const sg = set.signs[i * W + w] as number;
        grad[p] = (grad[p] as number) + sg * dO;
        grad[P + p] = (grad[P + p] as number) + sg * dE;
      }
    }
    const n = Math.max(1, train.length);
    const step = rate * (rateEnd / rate) ** ((epoch - 1) / Math.max(1, epochs - 1));
    const c1 = 1 - b1 ** epoch;
    const c2 = 1 - b2 ** epoch;
    for (let k = 0; k < 2 * P; k++) {
      if (frozen[k] === 1) continue;
      const g =
        (grad[k] as number) / n + 2 * (priorWeight[k] as number) * ((theta[k] as number) - (prior[k] as number));
      m[k] = b1 * (m[k] as number) + (1 - b1) * g;
      v[k] = b2 * (v[k] as number) + (1 - b2) * g * g;
      theta[k] = (theta[k] as number) - (step * ((m[k] as number) / c1)) / (Math.sqrt((v[k] as number) / c2) + eps);
    }
    if (epoch % every === 0 || epoch === epochs) {
      const e = record(epoch);
      if (e.validation < best.validation) {
        best = e;
        bestTheta = Float64Array.from(theta);
      }
    }
  }
  return {
    weights: bestTheta,
    scale,
    history,
    best,
    handValidationResult,
    handScale,
    trainCount: train.length,
    validationCount: valid.length,
    ...(compareValidationResult === undefined
      ? {}
      : { compareValidationResult, fitComparedResult: lossOfWeights(bestTheta, compared) }),
  };
}
