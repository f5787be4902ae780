import type { Engine, LevelInfo } from '@tactica/ai';
import { findLevel } from '@tactica/ai';
import type { Player } from '@tactica/core';
import type { Io } from '../io.js';
import type { Seats } from '../terminal/agent.js';
import { ask } from '../terminal/line-reader.js';
import { engineAgent } from './seats.js';

/**
 * The menu's question "who is the opponent?": a person at this keyboard (`null`) or one of the engine's levels,
 * by number, id or name. Undefined when the input ends.
 */
async function askOpponent(io: Io, levels: readonly LevelInfo[]): Promise<LevelInfo | null | undefined> {
  io.output.write(
    `Opponent: 0 a person at this keyboard, ${levels.map((l, i) => `${i + 1} ${l.name}`).join(', ')} (the computer).\n`,
  );
  for (;;) {
    const answer = await ask(io, 'Opponent [0]: ');
    if (answer === undefined) return undefined;
    const text = answer.trim().replace(/^ai:/i, '');
    if (text === '' || text === '0' || /^(human|person)$/i.test(text)) return null;
    const n = Number(text);
    const level = Number.isInteger(n) && n >= 1 ? levels[n - 1] : findLevel(levels, text);
    if (level) return level;
    io.output.write(`"${answer.trim()}" is not on the list.\n`);
  }
}

/** "Play White (moves first) or Black?": the seat the person takes (seat 0 by default); undefined at end of input. */
async function askSeat(io: Io, seatNames: readonly [string, string]): Promise<Player | undefined> {
  const [first, second] = seatNames;
  for (;;) {
    const answer = await ask(io, `Play ${first} (moves first) or ${second}? [${first}]: `);
    if (answer === undefined) return undefined;
    const text = answer.trim().toLowerCase();
    if (text === '' || first.toLowerCase().startsWith(text)) return 0;
    if (second.toLowerCase().startsWith(text)) return 1;
    io.output.write(`Answer ${first} or ${second}.\n`);
  }
}

/**
 * The menu's opponent and colour questions together: the seats for the terminal loop and whether to show the board
 * from the second seat's side. Undefined when the input ends.
 */
export async function askSeats<S, M>(
  io: Io,
  engine: Engine<S, M>,
  seatNames: readonly [string, string],
  seed = Date.now() >>> 0,
): Promise<{ seats: Seats<S, M>; flipped: boolean } | undefined> {
  const level = await askOpponent(io, engine.levels);
  if (level === undefined) return undefined;
  if (level === null) return { seats: [undefined, undefined], flipped: false };
  const seat = await askSeat(io, seatNames);
  if (seat === undefined) return undefined;
  const computer = engineAgent(engine, level.id, seed);
  return { seats: seat === 1 ? [computer, undefined] : [undefined, computer], flipped: seat === 1 };
}
