// A page that plays Tactics against the computer, as the bundle check (bench/bundle-size.js) builds it: the rules,
// the engine, a game started and the computer's first move.
import { createTacticsEngine, TACTICS_LEVELS } from '@tactica/ai/tactics';
import { tactics } from '@tactica/tactics';

const state = tactics.initial();
const choice = createTacticsEngine().choose(state, TACTICS_LEVELS[1].id, { seed: 1 });
console.log(tactics.formatMove(state, choice.move));
