// A page that plays draughts against the computer in a Web Worker, as the bundle check (bench/bundle-size.js) builds
// it: the worker loads each game's engine by family, each game a chunk of its own.
import { webWorkerEngine } from '@tactica/ai/web-worker';
import { draughtsGame } from '@tactica/draughts';

const game = draughtsGame('international');
const state = game.initial();
const engine = webWorkerEngine({ family: 'draughts' });
const choice = await engine.choose(state, 'novice', { seed: 1 });
console.log(game.formatMove(state, choice.move));
await engine.close();
