/**
 * A game played at the terminal the way most games' `play` command and menu entry play it, for games whose
 * terminal adapter needs only the setup and the save library.
 */
import type { GameEntry, PieceModel, SequentialSetup, StatusBase } from '@tactica/catalogue';
import { askSeats } from './ai/ask-opponent.js';
import { seatOptionsGiven, seatsFromOptions, seatsFromRecord } from './ai/seats.js';
import type { Io } from './io.js';
import { gameToPlay, seedOrClock } from './play-options.js';
import { setupFrom } from './setup-options.js';
import { SaveLibrary } from './storage/save-library.js';
import { runTerminalGame, type TerminalAdapter } from './terminal/loop.js';

export type AdapterOf<S, M, V, St extends StatusBase, P extends PieceModel> = (
  setup: SequentialSetup<S, M, V, St, P>,
  library: SaveLibrary,
) => TerminalAdapter<S, M, St>;

/**
 * `play` with the options `addPlayOptions` reads: the game `--load` names (a record file or a named save) or the one
 * `--position` sets up, the seats the options give (a loaded game's own players when they give none), and the board seen from Black's side when a person plays Black
 * alone against the computer.
 */
export async function playFromOptions<S, M, V, St extends StatusBase, P extends PieceModel>(
  entry: GameEntry<S, M, V, St, P>,
  adapterOf: AdapterOf<S, M, V, St, P>,
  io: Io,
  opts: { position?: string; load?: string } & Record<string, unknown>,
): Promise<void> {
  const library = new SaveLibrary();
  const { setup, history, players } = await gameToPlay(
    entry,
    opts.load,
    library,
    opts.position === undefined ? {} : { position: opts.position },
    { position: '--position' },
  );
  const engine = await setup.loadEngine();
  const seed = seedOrClock(opts['seed']);
  // A save goes on with the players it recorded (the computer at its level) unless the options name the seats.
  const seats =
    history && !seatOptionsGiven(opts, setup.game.info.players)
      ? seatsFromRecord<S, M>(players, engine, seed)
      : seatsFromOptions(opts, setup.game, engine, seed);
  const flipped = seats[0] !== undefined && seats[1] === undefined;
  await runTerminalGame(adapterOf(setup, library), io, { ...(history ? { history } : {}), seats, flipped });
}

/** `tactica play` menu: asks for the opponent (a person at the same keyboard or a computer level) and a colour. */
export async function playFromMenu<S, M, V, St extends StatusBase, P extends PieceModel>(
  entry: GameEntry<S, M, V, St, P>,
  adapterOf: AdapterOf<S, M, V, St, P>,
  io: Io,
): Promise<void> {
  const setup = setupFrom(entry, {});
  const seats = await askSeats(io, await setup.loadEngine(), setup.game.info.players);
  if (seats) await runTerminalGame(adapterOf(setup, new SaveLibrary()), io, seats);
}
