/**
 * @tactica/ai/force400 — the Force 400 computer opponent alone, for a page that plays Force 400: its levels as plain
 * data, its factory, and a ready engine made on first use. Importing this allocates nothing and loads no other game.
 *
 *   import { createForce400Engine, FORCE400_LEVELS } from '@tactica/ai/force400';
 *   const engine = createForce400Engine();
 *   const choice = engine.choose(state, '3', { seed: 7, onThought: (text) => show(text) });
 */
export {
  FORCE400_LEVELS,
  createForce400Engine,
  force400Engine,
  type Force400EngineOptions,
  type Force400Level,
} from './games/force400.js';
