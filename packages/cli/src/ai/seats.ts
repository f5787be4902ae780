import type { Game, Player } from '@tactica/core';
import { findLevel, type Engine } from '@tactica/ai';
import type { Command } from 'commander';
import type { Agent, Seats } from '../terminal/agent.js';
import { levelOf } from './ai-tools.js';

/** `White` → `white`, `Player 1` → `player-1`: the option that says who plays that seat. */
export function seatOptionName(seat: string): string {
  return seat
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

/** Adds `--<seat> <who>` for both seats of the game (`--white ai:smart`, `--black human`). */
export function addSeatOptions(
  cmd: Command,
  seatNames: readonly [string, string],
  levelIds: readonly string[],
): Command {
  for (const seat of seatNames) {
    cmd.option(
      `--${seatOptionName(seat)} <who>`,
      `who plays ${seat}: human (default) or ai:<level>, levels ${levelIds.join(', ')}`,
    );
  }
  return cmd;
}

/** The terminal loop's seats from `--white`/`--black`-style options; throws CliError for an unknown level. */
export function seatsFromOptions<S, M>(
  opts: Record<string, unknown>,
  game: Game<S, M>,
  engine: Engine<S, M>,
  seed = Date.now() >>> 0,
): Seats<S, M> {
  const seat = (p: Player): Agent<S, M> | undefined => {
    const key = camel(seatOptionName(game.info.players[p]));
    const spec = opts[key];
    if (typeof spec !== 'string' || /^human$/i.test(spec.trim())) return undefined;
    return engineAgent(engine, spec, seed + p);
  };
  return [seat(0), seat(1)];
}

/** Whether the command line names who plays any seat (`--white`, `--black`, `--player-1`, …). */
export function seatOptionsGiven(opts: Record<string, unknown>, seatNames: readonly [string, string]): boolean {
  return seatNames.some((seat) => opts[camel(seatOptionName(seat))] !== undefined);
}

/**
 * The seats a save recorded (its players, as the terminal's `save` writes them): a side named `Computer (<level>)`
 * is the computer at that level again, any other name a person at the keyboard.
 */
export function seatsFromRecord<S, M>(
  players: readonly [string | undefined, string | undefined] | undefined,
  engine: Engine<S, M>,
  seed = Date.now() >>> 0,
): Seats<S, M> {
  const seat = (p: Player): Agent<S, M> | undefined => {
    const level = /^Computer \((.+)\)$/.exec(players?.[p]?.trim() ?? '')?.[1];
    const known = level === undefined ? undefined : findLevel(engine.levels, level);
    return known ? engineAgent(engine, known.id, seed + p) : undefined;
  };
  return [seat(0), seat(1)];
}

/** A computer seat: the engine at a level, choosing with a fresh seed per move (reproducible from `seed`). */
export function engineAgent<S, M>(engine: Engine<S, M>, spec: string, seed: number): Agent<S, M> {
  const level = levelOf(engine.levels, spec);
  let moveNumber = 0;
  return {
    name: `Computer (${level.name})`,
    chooseMove: async (s, timeMs) =>
      engine.choose(s, level.id, {
        seed: (seed + 7919 * moveNumber++) >>> 0,
        ...(timeMs !== undefined ? { timeMs } : {}),
      }).move,
    acceptsDraw: () => false,
  };
}

function camel(option: string): string {
  return option.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
