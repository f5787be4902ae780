/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012), one rating period per game: a player's rating,
 * deviation and volatility after a result against one opponent. Scale: 1500 ± 350 for a new player.
 */
export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export const NEW_PLAYER: Glicko = { rating: 1500, deviation: 350, volatility: 0.06 };

/** The system constant τ: how much volatility may change (Glickman suggests 0.3 to 1.2). */
const TAU = 0.5;
const SCALE = 173.7178;
const EPSILON = 0.000001;
/** Deviations never fall below this, so a rating can always still move (ours). */
const MIN_DEVIATION = 45;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/**
 * The player's new rating after games against `opponents` with `scores` (1 win, 0.5 draw, 0 loss), as one rating
 * period (steps 1–8 of the paper).
 */
export function updateGlicko(player: Glicko, results: readonly { opponent: Glicko; score: number }[]): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    const grown = Math.sqrt(phi * phi + sigma * sigma);
    return { rating: player.rating, deviation: Math.min(350, grown * SCALE), volatility: sigma };
  }
  let vInverse = 0;
  let deltaSum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.deviation / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInverse += gJ * gJ * e * (1 - e);
    deltaSum += gJ * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * deltaSum;
  // Step 5: the new volatility, by the Illinois algorithm.
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * deltaSum;
  return {
    rating: muNew * SCALE + 1500,
    deviation: Math.max(MIN_DEVIATION, phiNew * SCALE),
    volatility: sigmaNew,
  };
}
