import type { GameCli } from './game-cli.js';
import { CliError, type Io } from './io.js';
import { ask } from './terminal/line-reader.js';

/** `tactica play` with no game: list the games and start the one chosen. */
export async function chooseAndLaunch(games: readonly GameCli[], io: Io): Promise<void> {
  const playable = games.filter((g) => g.launch);
  if (playable.length === 0) throw new CliError('no playable game is installed');
  io.output.write('Tactica — choose a game:\n');
  playable.forEach((g, i) => io.output.write(`  ${i + 1}. ${g.summary}\n`));
  for (;;) {
    const answer = await ask(io, 'Game number or name (q to quit): ');
    if (answer === undefined || /^\s*q(uit)?\s*$/i.test(answer)) return;
    const key = answer.trim().toLowerCase();
    const n = Number(key);
    const chosen = Number.isInteger(n) && n > 0 ? playable[n - 1] : playable.find((g) => g.id === key);
    if (chosen) return chosen.launch?.(io);
    io.output.write(`"${answer.trim()}" is not on the list.\n`);
  }
}
