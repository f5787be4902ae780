// A page that plays Force 400 against the computer, as the bundle check (bench/bundle-size.js) builds it: the rules,
// the engine, a game started and the computer's first move.
import { createForce400Engine, FORCE400_LEVELS } from '@tactica/ai/force400';
import { force400 } from '@tactica/force400';

const state = force400.initial();
const choice = createForce400Engine().choose(state, FORCE400_LEVELS[1].id, { seed: 1 });
console.log(force400.formatMove(state, choice.move));
