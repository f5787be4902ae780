// A page that plays Tactrix! against the computer, as the bundle check (bench/bundle-size.js) builds it: the rules,
// the engine, a game started and the computer's first move.
import { createTactrixEngine, TACTRIX_LEVELS } from '@tactica/ai/tactrix';
import { tactrix } from '@tactica/tactrix';

const state = tactrix.initial();
const choice = createTactrixEngine().choose(state, TACTRIX_LEVELS[1].id, { seed: 1 });
console.log(tactrix.formatMove(state, choice.move));
