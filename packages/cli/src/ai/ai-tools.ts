import type { Game } from '@tactica/core';
import {
  findLevel,
  playMatch,
  type AnalyseLimits,
  type Engine,
  type LevelInfo,
  type MatchOptions,
  type MatchResult,
} from '@tactica/ai';
import type { Command } from 'commander';
import { CliError } from '../io.js';

/** An analysis with its moves already in the game's notation. */
export interface TextAnalysis {
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly string[];
  /** The position's value for the side to move as an endgame database proves it (1 won, 0 drawn, -1 lost). */
  readonly proven?: -1 | 0 | 1;
}

/** What the generic `analyse` and `match` commands need of a game, with its state and move types hidden. */
export interface AiTools {
  readonly levels: readonly LevelInfo[];
  analyse(limits: AnalyseLimits): TextAnalysis;
  match(a: string, b: string, options: MatchOptions): MatchResult;
}

/** How a game's CLI offers its computer opponent to `tactica analyse` and `tactica match`. */
export interface GameAi {
  /** Adds the options that choose the game and position (`--variant`, `--fen`, `--position`…). */
  addOptions(cmd: Command): Command;
  /**
   * The tools for the game and position the options name (the catalogue's setup, and its engine, which loads
   * on demand); throws CliError for bad options.
   */
  setup(opts: Record<string, unknown>): AiTools | Promise<AiTools>;
}

export function aiTools<S, M>(game: Game<S, M>, start: S, engine: Engine<S, M>): AiTools {
  return {
    levels: engine.levels,
    analyse(limits) {
      const a = engine.analyse(start, limits);
      const pv: string[] = [];
      let s = start;
      for (const m of a.pv) {
        pv.push(game.formatMove(s, m));
        s = game.play(s, m);
      }
      const proven = a.proven === undefined ? {} : { proven: a.proven };
      return { score: a.score, depth: a.depth, nodes: a.nodes, timeMs: a.timeMs, pv, ...proven };
    },
    match(aSpec, bSpec, options) {
      const a = levelOf(engine.levels, aSpec);
      const b = levelOf(engine.levels, bSpec);
      return playMatch(
        game,
        { name: a.name, choose: (s, seed) => engine.choose(s, a.id, { seed }).move },
        { name: b.name, choose: (s, seed) => engine.choose(s, b.id, { seed }).move },
        options,
        start,
      );
    },
  };
}

/** Reads `ai:<level>` (or just `<level>`) against the engine's levels. */
export function levelOf(levels: readonly LevelInfo[], spec: string): LevelInfo {
  const text = spec.replace(/^ai:/i, '');
  const level = findLevel(levels, text);
  if (!level) {
    throw new CliError(`unknown level "${text}": choose one of ${levels.map((l) => l.id).join(', ')}`);
  }
  return level;
}
