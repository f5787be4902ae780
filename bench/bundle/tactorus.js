// A page that plays Tactorus against the computer, as the bundle check (bench/bundle-size.js) builds it: the rules,
// the engine, a game started and the computer's orders for the first round (from its own view of the board).
import { createTactorusEngine, TACTORUS_LEVELS } from '@tactica/ai/tactorus';
import { formatOrder, observe, tactorus } from '@tactica/tactorus';

const state = tactorus.initial();
const choice = createTactorusEngine().choose(observe(state, 1), TACTORUS_LEVELS[1].id, { seed: 1 });
console.log(choice.move.map(formatOrder).join(' '));
