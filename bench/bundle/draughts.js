// A page that plays draughts against the computer, as the bundle check (bench/bundle-size.js) builds it: the rules,
// the engine, a game started and the computer's first move.
import { createDraughtsEngine, DRAUGHTS_LEVELS } from '@tactica/ai/draughts';
import { draughtsGame } from '@tactica/draughts';

const game = draughtsGame('international');
const state = game.initial();
const choice = createDraughtsEngine().choose(state, DRAUGHTS_LEVELS[1].id, { seed: 1 });
console.log(game.formatMove(state, choice.move));
