/**
 * @tactica/ai/tactrix — the Tactrix! computer opponent alone, for a page that plays Tactrix!: its levels as plain
 * data, its factory, and a ready engine made on first use. Importing this allocates nothing and loads no other game.
 *
 *   import { createTactrixEngine, TACTRIX_LEVELS } from '@tactica/ai/tactrix';
 *   const choice = createTactrixEngine().choose(state, 'smart', { seed: 7 });
 */
export {
  BlurredTactrixPosition,
  TACTRIX_LEVELS,
  createTactrixEngine,
  tactrixEngine,
  type TactrixEngineOptions,
  type TactrixLevel,
} from './games/tactrix.js';
