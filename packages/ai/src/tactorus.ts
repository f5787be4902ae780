/**
 * @tactica/ai/tactorus — the Tactorus computer opponent alone, for a page that plays Tactorus: its levels as plain
 * data, its factory, a ready engine made on first use, and self-play matches. Importing this allocates nothing and
 * loads no other game. The engine chooses from the player's own observation, never the whole state.
 *
 *   import { createTactorusEngine, TACTORUS_LEVELS } from '@tactica/ai/tactorus';
 *   const choice = createTactorusEngine().choose(observe(state, 1), '5', { seed: 7 });   // choice.move: Order[]
 */
export {
  TACTORUS_LEVELS,
  TactorusAi,
  createTactorusEngine,
  playOrders,
  playTactorusMatch,
  randomTactorusOpening,
  solveMatrixGame,
  tactorusEngine,
  type TactorusAiOptions,
  type TactorusChoice,
  type TactorusEngineOptions,
  type TactorusLevel,
} from './games/tactorus.js';
export { tactorusRoundJudge } from './games/tactorus-review.js';
