// The time controls the server benchmarks give their games (`--control`): a clock makes every move set the game's
// deadline (its row's deadline and the timeout's timer) and restart the clock.
const CONTROLS = {
  none: { kind: 'none' },
  // Live: 30 minutes a game and 2 s a move, long enough that no benchmark game runs out of time.
  live: { kind: 'live', mode: 'game', limit: 'normal', increment: 2 },
  correspondence: { kind: 'correspondence', daysPerMove: 3 },
};

/** The time control named `name` (default none), as the challenge and game routes take it. */
export function controlOf(name = 'none') {
  if (!Object.hasOwn(CONTROLS, name)) throw new Error('--control is none, live or correspondence');
  return CONTROLS[name];
}
