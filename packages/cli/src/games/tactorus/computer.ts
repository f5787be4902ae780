/**
 * The Tactorus computer on the command line: the engine of @tactica/ai behind the play loop's `TactorusComputer`
 * hook, and the tools `tactica analyse tactorus` and `tactica match tactorus` use.
 *
 * The computer is handed its own observation only (the play loop builds it after the human is done), so it never
 * sees the human's orders.
 */
import type { Command } from 'commander';
import { describeError, type Player } from '@tactica/core';
import { findLevel, playTactorusMatch, TactorusAi, type LevelInfo } from '@tactica/ai';
import { formatOrder, newGame, observe, parsePosition, type Order, type TactorusObservation } from '@tactica/tactorus';
import type { AiTools, GameAi } from '../../ai/ai-tools.js';
import { CliError } from '../../io.js';
import type { TactorusComputer } from './play.js';
import { addNewGameOptions, flanksOf, rulesOf, type NewGameOptions } from './setup.js';

/** One engine for the command line (it is not re-entrant, and the command line runs one thing at a time). */
export const engine = new TactorusAi();

/** The level ids users may choose: 1–5 (the manual's) and 6. */
export const LEVEL_IDS: readonly string[] = engine.levels.map((l) => l.id);

/** Reads `ai:<level>`, `<level>` or `Level <n>`; throws CliError naming the levels when it is not one. */
export function tactorusLevel(spec: string): LevelInfo {
  const text = spec.trim().replace(/^ai:/i, '');
  const level = findLevel(engine.levels, text);
  if (!level) throw new CliError(`unknown level "${text}": choose one of ${LEVEL_IDS.join(', ')}`);
  return level;
}

/**
 * The computer at a level. Each round's choice is seeded from `seed` and the round number, so a game replays the
 * same when it is played the same.
 */
export function tactorusComputer(level: number, seed: number = Date.now() >>> 0): TactorusComputer {
  const info = tactorusLevel(String(level));
  return {
    name: `the computer (${info.name})`,
    chooseOrders: (view: TactorusObservation): Promise<readonly Order[]> =>
      Promise.resolve(engine.choose(view, info.id, { seed: (seed + 7919 * view.round + view.viewer) >>> 0 }).move),
  };
}

/** `--position` (analyse, and where match games start), `--player` (analyse) and the new-game options. */
interface AiOptions extends NewGameOptions {
  readonly position?: string;
  readonly player?: string;
}

/** `tactica analyse tactorus` and `tactica match tactorus`. */
export const tactorusAi: GameAi = {
  addOptions(cmd: Command): Command {
    return addNewGameOptions(cmd)
      .option('--position <text>', 'position text (default: the starting position of the rules and flanks given)')
      .option('--player <n>', 'analyse: whose orders, 1 or 2', '1');
  },
  setup(opts: Record<string, unknown>): AiTools {
    const o = opts as AiOptions;
    if (o.player !== undefined && o.player !== '1' && o.player !== '2') throw new CliError('--player is 1 or 2');
    const player: Player = o.player === '2' ? 1 : 0;
    const setup = { rules: rulesOf(o), flanks: flanksOf(o) };
    let start = newGame(setup);
    if (o.position !== undefined) {
      const r = parsePosition(o.position);
      if (!r.ok) throw new CliError(`bad --position: ${describeError(r.error)}`);
      start = r.value;
    }
    if (start.ended) throw new CliError('the game in --position is over');
    return {
      levels: engine.levels,
      analyse(limits) {
        // Level 6 made anytime (see TactorusAi.analyse): --depth is refinement passes (one more noise variant of
        // every strategy a side each), --nodes rounds carried out, --time the time it may take.
        const a = engine.analyse(observe(start, player), limits);
        return { ...a, pv: (a.pv[0] ?? []).map(formatOrder) };
      },
      match(a, b, options) {
        // Games start from --position when it is given (its scheduled orders dropped), else a new game.
        return playTactorusMatch(engine, a, b, { ...options, setup, start });
      },
    };
  },
};
