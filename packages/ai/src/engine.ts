/**
 * The shape every game's computer opponent takes, so interfaces (terminal, server, match runner) treat them alike.
 * Each game's engine lives in `src/games/<game>.ts` and names its levels weakest first; the last is the strongest.
 */
export interface LevelInfo {
  /** What users type: `dumb`, `smart`, `0`…`6`. */
  readonly id: string;
  /** What users read: `Smart`, `Level 3`. */
  readonly name: string;
  /** One line on how it plays. */
  readonly description: string;
}

export interface ThinkOptions {
  /** Makes any randomness in the level reproducible. */
  readonly seed?: number;
  /** An upper bound from the clock; the level may use less. */
  readonly timeMs?: number;
  /**
   * The time the move should take on average (a clock's share for it), for a level with a time manager (draughts
   * Master); `timeMs` stays the hard limit. Default: `timeMs`.
   */
  readonly targetMs?: number;
  /** Shared stop flag (`Atomics.store(stop, 0, 1)` from another thread). */
  readonly stop?: Int32Array;
  /** Short messages about what the engine is thinking (Force 400 shows them). */
  readonly onThought?: (text: string) => void;
  /**
   * Called after each completed iteration of the level's search with the analysis so far (its `pv` holds game
   * moves, and its first move is one the level may play). Levels that do not deepen a search report none: random
   * moves, picks among scored moves, Tactorus. A worker client that cannot share a stop flag answers `stop()` with
   * the last of these.
   */
  readonly onIteration?: (a: Analysis<unknown>) => void;
}

export interface MoveChoice<M> {
  readonly move: M;
  /** Score for the side that moved, from the search (absent for levels that do not search). */
  readonly score?: number;
  readonly depth?: number;
  readonly nodes?: number;
  readonly pv?: readonly M[];
  /** Positions the endgame databases answered in the search (draughts Master; absent where none were probed). */
  readonly endgameHits?: number;
}

export interface AnalyseLimits {
  readonly depth?: number;
  readonly timeMs?: number;
  readonly nodes?: number;
  /** Shared stop flag, as for `choose`. */
  readonly stop?: Int32Array;
  /** Called after each completed iteration with the analysis so far (its `pv` holds the game's moves). */
  readonly onIteration?: (a: Analysis<unknown>) => void;
}

export interface Analysis<M> {
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly M[];
  /**
   * The position's value for the side to move as an endgame database proves it (1 won, 0 drawn, -1 lost), where the
   * engine has one that holds the position (draughts Master); absent otherwise.
   */
  readonly proven?: -1 | 0 | 1;
}

export interface Engine<S, M> {
  readonly levels: readonly LevelInfo[];
  /** Chooses a move for the side to move (or the given player in a simultaneous game). */
  choose(s: S, level: string, options?: ThinkOptions): MoveChoice<M>;
  /** The strongest search to the given limits, with its principal variation. */
  analyse(s: S, limits: AnalyseLimits): Analysis<M>;
  /**
   * Loads what the engine plays this position's game with at its best, when that comes in parts (the draughts rule
   * set's learned evaluation). Hosts call it before `choose` and `analyse`; without it they play with what
   * is already loaded.
   */
  prepare?(s: S): Promise<void>;
}

/** Finds a level by id or name, case-insensitively. */
export function findLevel(levels: readonly LevelInfo[], text: string): LevelInfo | undefined {
  const key = text.trim().toLowerCase();
  return levels.find((l) => l.id.toLowerCase() === key || l.name.toLowerCase() === key);
}
