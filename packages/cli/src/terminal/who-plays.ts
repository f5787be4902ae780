import type { Seats } from './agent.js';

/** Who plays each seat: the computer agent's name (`Computer (Smart)`), or undefined for a person at the keyboard. */
export type SeatPlayers = readonly [string | undefined, string | undefined];

/** The seats' players by name (see SeatPlayers). */
export function seatPlayers<S, M>(seats: Seats<S, M>): SeatPlayers {
  return [seats[0]?.name, seats[1]?.name];
}

/**
 * Who plays whom, in a sentence for a game's introduction: `two players at one keyboard`, `you play Black against
 * Computer (Smart), which plays White`, `Computer (Dumb) plays White against Computer (Smart) as Black`.
 */
export function whoPlays(seatNames: readonly [string, string], players: SeatPlayers): string {
  const [first, second] = players;
  if (first === undefined && second === undefined) return 'two players at one keyboard';
  if (first !== undefined && second !== undefined) {
    return `${first} plays ${seatNames[0]} against ${second} as ${seatNames[1]}`;
  }
  const person = first === undefined ? 0 : 1;
  const computer = person === 0 ? 1 : 0;
  return `you play ${seatNames[person]} against ${players[computer] ?? ''}, which plays ${seatNames[computer]}`;
}

/**
 * The players a record names for these seats (`{ players: ['White', 'Computer (Smart)'] }`: a person by the seat's
 * name), or nothing when two people play: a loaded save then goes on against the same computer.
 */
export function recordPlayers(
  seatNames: readonly [string, string],
  players: SeatPlayers | undefined,
): { readonly players?: readonly [string, string] } {
  if (players === undefined || (players[0] === undefined && players[1] === undefined)) return {};
  return { players: [players[0] ?? seatNames[0], players[1] ?? seatNames[1]] };
}
