import { createInterface } from 'node:readline/promises';
import type { GameCli } from './game-cli.js';
import { CliError, type Io } from './io.js';

/** `tactica play` with no game: list the games and start the one chosen. */
export async function chooseAndLaunch(games: readonly GameCli[], io: Io): Promise<void> {
  const playable = games.filter((g) => g.launch);
  if (playable.length === 0) throw new CliError('no playable game is installed');
  const rl = createInterface({ input: io.input, output: io.output, terminal: false });
  io.output.write('Tactica — choose a game:\n');
  playable.forEach((g, i) => io.output.write(`  ${i + 1}. ${g.summary}\n`));
  let chosen: GameCli | undefined;
  try {
    while (!chosen) {
      io.output.write('Game number (or q to quit): ');
      const answer = await nextLine(rl);
      if (answer === undefined || /^q(uit)?$/i.test(answer.trim())) return;
      const n = Number(answer.trim());
      chosen = Number.isInteger(n) ? playable[n - 1] : playable.find((g) => g.id === answer.trim().toLowerCase());
      if (!chosen) io.output.write(`"${answer.trim()}" is not on the list.\n`);
    }
  } finally {
    rl.close();
  }
  await chosen.launch?.(io);
}

/** Reads one line, or undefined at end of input. */
export async function nextLine(rl: ReturnType<typeof createInterface>): Promise<string | undefined> {
  const it = rl[Symbol.asyncIterator]();
  const r = await it.next();
  return r.done ? undefined : (r.value as string);
}
