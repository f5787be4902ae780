// A game the computer plays against itself, for the review benches (bench/review.js, bench/review-server.js): from
// the standard start at its middle level, seeded, so the game is the same every run.
import { loadComputer } from '@tactica/catalogue';
import { current, pushMove, startHistory } from '@tactica/core';

/** `plies` moves long (or to the game's end); a game of simultaneous rounds plays plies / 2 of them. */
export async function selfPlay(setup, plies) {
  const computer = await loadComputer(setup, { threads: 1 });
  const level = computer.levels[Math.floor(computer.levels.length / 2)].id;
  let h = startHistory(setup.initial());
  const rounds = setup.dynamics === 'simultaneous' ? plies / 2 : plies;
  for (let i = 0; i < rounds; i++) {
    const s = current(h);
    const toMove = setup.game.toMove(s);
    if (toMove.length === 0) break;
    for (const p of toMove) {
      for (const m of computer.choose(current(h), p, level, { seed: i + 1 })) {
        h = pushMove(h, m, setup.game.play(current(h), m));
      }
    }
  }
  return h;
}
