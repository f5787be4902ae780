/**
 * What the catalogue says of a game: the shapes every interface (terminal, server, e-mail gateway, browser) reads.
 * Plain data where it can be (options, variants, levels, board models travel to workers, storage and the wire);
 * functions only where a game must compute something.
 */
import type {
  Dynamics,
  Game,
  History,
  InputError,
  Player,
  Result,
  Session,
  SessionClock,
  SessionSeats,
  SimultaneousSession,
  SimultaneousSnapshot,
  TimeMode,
} from '@tactica/core';
import type { Engine, GameReview, LevelInfo, ReviewScale, RoundJudge, ThinkOptions } from '@tactica/ai';

/** The game families, in menu order. */
export const GAME_FAMILIES = ['draughts', 'force400', 'tactrix', 'tactics', 'tactorus'] as const;
export type GameFamily = (typeof GAME_FAMILIES)[number];

export function isGameFamily(v: unknown): v is GameFamily {
  return (GAME_FAMILIES as readonly unknown[]).includes(v);
}

// ---------------------------------------------------------------------------------------------------------------
// Options

export type OptionValue = string | number | boolean;
/** A game's options, complete (every key of its schema present) once the catalogue has read them. */
export type OptionValues = Readonly<Record<string, OptionValue>>;

interface OptionBase {
  /** The key in option values and requests: `variant`, `giveaway`, `handicapWhite`. */
  readonly key: string;
  /** A short label for a form: `Rule set`. */
  readonly label: string;
  /** One sentence on what it does. */
  readonly help: string;
}

/**
 * One option of a game, as a schema a UI draws a form from and a server validates a request with. `text` options
 * with an empty default (a start position) mean "the standard one".
 */
export type OptionSpec =
  | (OptionBase & {
      readonly kind: 'choice';
      readonly choices: readonly { readonly id: string; readonly label: string }[];
      readonly default: string;
    })
  | (OptionBase & { readonly kind: 'flag'; readonly default: boolean })
  | (OptionBase & { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly default: number })
  | (OptionBase & { readonly kind: 'text'; readonly maxLength: number; readonly default: string });

/** A named preset of a family's options: each draughts rule set with and without give-away, one for the others. */
export interface VariantInfo {
  /** The game's `info.id` for these options: `draughts/russian-giveaway`, `force400`. */
  readonly id: string;
  readonly name: string;
  readonly options: OptionValues;
}

// ---------------------------------------------------------------------------------------------------------------
// Board models: what a UI renders, and how a click or drag becomes a move

/** A piece as a UI draws it. Each game extends it with its own attributes (force number, frozen face…). */
export interface PieceModel {
  /** The kind of piece in this game: `man`, `king`, `rook`, `verticon`, `soldier`… */
  readonly kind: string;
  readonly owner: Player;
  /** A short text for plain renderers and screen readers: `w`, `W`, `5`, `R`. */
  readonly symbol: string;
  /** Words for screen readers: `white king`, `Player 2 tank`. */
  readonly name: string;
}

export interface SquareModel<P extends PieceModel = PieceModel> {
  /** The game's own name of the square, as moves and `fromInput` take it: `32`, `c3`, `f1`, `A0`, `84`. */
  readonly id: string;
  /** 0-based, from Player 1's (seat 0's) left. */
  readonly file: number;
  /** 0-based, from Player 1's (seat 0's) side of the board. */
  readonly rank: number;
  readonly shade: 'light' | 'dark';
  /** False for squares no piece ever stands on (the light squares in draughts). */
  readonly playable: boolean;
  /** The number a game prints on the square (draughts square numbers, Tactorus 00–99), if any. */
  readonly label?: string;
  readonly piece?: P;
  /** Tactrix: chips lying on the square. */
  readonly chips?: number;
  /**
   * The areas of the board the game names that the square lies in, for a UI to mark: Tactorus `p1-left-flank`,
   * `p2-home-row`, `supply-lines`, `high-ground`.
   */
  readonly zones?: readonly string[];
}

/** The board as one viewer may see it. */
export interface BoardModel<P extends PieceModel = PieceModel> {
  readonly files: number;
  readonly ranks: number;
  /** Every square, rank 0 first, file 0 first within a rank: index `rank * files + file`. */
  readonly squares: readonly SquareModel<P>[];
  /** Who may act now (empty when the game is over). */
  readonly toMove: readonly Player[];
  /** Whose view this is (undefined: a spectator's). */
  readonly viewer: Player | undefined;
}

/**
 * One legal move as the input that makes it: a piece picked up on `from` and put down on `to`, with `choice`
 * telling apart moves that share both (two capture paths, a transfer's amount, the piece bought).
 */
export interface MoveInput<M> {
  readonly move: M;
  /** The move in the game's notation. */
  readonly notation: string;
  /** What kind of act it is: `move`, `capture`, `transfer`, `abdicate`, `buy`, `order`, `withdraw`, `done`… */
  readonly action: string;
  readonly from?: string;
  readonly to?: string;
  readonly choice?: string;
  /** How a "which one?" question names it: `via 24, 15`, `transfer 3`. */
  readonly label: string;
  /** The squares the piece stops on after `from` (captures), ending with `to`. */
  readonly path?: readonly string[];
  /** The squares whose pieces the move takes. */
  readonly captures?: readonly string[];
  /**
   * What the move costs the mover besides the move (Force 400's long move: 1 unit), absent when free: a board marks
   * the targets of such moves apart from the free ones.
   */
  readonly cost?: number;
}

/** What a click or a drag says: the square picked up, the square put down on, the choice among moves sharing both. */
export interface BoardInput {
  readonly action?: string;
  readonly from?: string;
  readonly to?: string;
  readonly choice?: string;
}

/** An act of a game besides moving a piece (Force 400 transfer and abdication, Tactrix purchase, Tactorus done). */
export interface ActionInfo {
  readonly id: string;
  readonly label: string;
  readonly help: string;
  /** What the act's inputs carry: `from`, `to`, and what `choice` means (`amount`, `piece`). */
  readonly uses: readonly ('from' | 'to' | 'choice')[];
  readonly choiceLabel?: string;
}

/** A game's board: the model to draw, and every legal move as an input. No rules of its own. */
export interface BoardAdapter<S, M, P extends PieceModel = PieceModel> {
  model(s: S, viewer?: Player): BoardModel<P>;
  /** Every move `player` may make now (default: the player to move), each as the input that makes it. */
  inputs(s: S, player?: Player): readonly MoveInput<M>[];
  /**
   * The game's own reason an input matches no legal move (`move/capture-required`), when it has one; the
   * catalogue's generic reasons (an empty square, the opponent's piece, no such target) cover the rest.
   */
  explain?(s: S, input: BoardInput, player?: Player): InputError | undefined;
}

/** The board adapter with `fromInput`, which the catalogue builds once over `inputs`. */
export interface Board<S, M, P extends PieceModel = PieceModel> extends BoardAdapter<S, M, P> {
  /** Turns a click or a drag into a legal move, or a coded error saying why not. */
  fromInput(s: S, input: BoardInput, player?: Player): Result<M, InputError>;
  /** The squares touched by a move, for highlighting and animation. */
  squaresOf(s: S, m: M): MoveSquares;
}

export interface MoveSquares {
  readonly from?: string;
  readonly to?: string;
  readonly path?: readonly string[];
  readonly captures?: readonly string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Records

export interface RecordFormatInfo {
  /** `pdn`, `force400-record`, `tactics-record`, `tactrix-record`, `tactorus-game`. */
  readonly id: string;
  readonly name: string;
  /** File name extension without the dot. */
  readonly extension: string;
  readonly mediaType: string;
}

/** Who played and where, for the records that say it (PDN tags). */
export interface RecordMeta {
  readonly players?: readonly [string, string];
  readonly event?: string;
  readonly site?: string;
  /** `YYYY.MM.DD`. */
  readonly date?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions

export interface NewSessionOptions {
  readonly seats?: SessionSeats;
  /** Sequential games only. */
  readonly clock?: SessionClock;
  readonly seed: number | string;
  readonly now: number;
}

/** What a game's position says beside the board: each game's own fields, plus these. */
export interface StatusBase {
  /** The move (or round) number as the game counts it. */
  readonly moveNumber: number;
  readonly toMove: readonly Player[];
}

/** Where in its line a position stands, for the status hook. */
export interface LinePlace<S> {
  readonly start: S;
  /** Moves (or rounds) played from `start`. */
  readonly ply: number;
}

/**
 * A game drawn as plain text — a mail, any text-only interface: each game's own drawing beside its board model (the
 * Tactics board as its manual draws it, the others as their terminal boards).
 */
export interface TextBoard<S> {
  /**
   * A position as text, with the lines its board does not show (Tactrix!'s chips). `viewer`: the seat whose view it
   * is where seats see differently (Tactorus: that seat's own orders); undefined, a neutral view. `seatName` names
   * the seats in those lines.
   */
  draw(s: S, seatName: (p: Player) => string, viewer?: Player): string;
  /**
   * What the step from `before` to `after` did, in words, where the board alone does not say it (a Force 400
   * combat, a Tactorus round's losses); undefined when it says nothing more. `round`: the round the step carried
   * out (simultaneous games).
   */
  change?(before: S, after: S, seatName: (p: Player) => string, round: number): string | undefined;
}

/**
 * One player's orders of a round sent sealed, with or without their key, in the body of a mail (Tactorus's
 * `++TacMoves` memos and `++TacKey` releases), for a gateway that is the referee: it knows the sender by their
 * credentials, so the memo's own checks apply but not a signature. Every refusal is coded.
 */
export interface SealedOrders<S> {
  /** A memo or a key release in a mail's body, from its header line to the end; undefined when there is none. */
  find(body: string): { readonly kind: 'orders' | 'key'; readonly text: string } | undefined;
  /** The orders a memo holds, as move texts of the round starting at `roundStart`, opened with its key or `key`. */
  open(roundStart: S, seat: Player, memo: string, key?: string): Promise<Result<string[], InputError>>;
  /** Whether a memo that fits the round carries its key (else it waits for its release). */
  hasKey(roundStart: S, seat: Player, memo: string): Promise<Result<boolean, InputError>>;
  /** The key a release gives for `heldMemo`: it must name that memo, its round and its player. */
  keyFor(release: string, heldMemo: string): Promise<Result<string, InputError>>;
}

/** A game set up with its options: everything an interface needs to play it. */
interface SetupBase<S, M, V, St extends StatusBase, P extends PieceModel> {
  readonly family: GameFamily;
  /** The options, complete. */
  readonly options: OptionValues;
  /** `game.info.id`. */
  readonly variantId: string;
  readonly game: Game<S, M, V>;
  /** The start position (the option's, or the game's standard one). */
  initial(): S;
  /** The game's fields beside the board: move number, side, counters, chips, forces… */
  status(s: S, place: LinePlace<S>): St;
  readonly board: Board<S, M, P>;
  /** The game's acts besides moving a piece. */
  readonly actions: readonly ActionInfo[];
  readonly levels: readonly LevelInfo[];
  readonly records: readonly RecordFormatInfo[];
  /** The game drawn as plain text (mails). */
  readonly text: TextBoard<S>;
  /** How a review reads the computer's scores: the unit, the clamp, the marks' thresholds, the default depth. */
  readonly review: ReviewScale;
}

/** How the host runs the computer's engine. */
export interface EngineLoadOptions {
  /**
   * Threads a search may use (draughts Master's Lazy SMP helpers); default: the engine's own (the cores the platform
   * reports). A server with a pool of engine workers asks for 1, so that N workers use N cores.
   */
  readonly threads?: number;
  /**
   * The draughts endgame databases Master probes: their folder (Node), the address a page fetches them from
   * (`{ url }`), or `false` for none; default the process's (`useDraughtsEndgames`, which the command line sets). A
   * server's engine workers pass theirs here.
   */
  readonly endgames?: string | false | { readonly url: string; readonly maxBytes?: number };
  /** The most memory one search table may take, in megabytes (draughts; default: each level's own). */
  readonly hashMb?: number;
}

export interface SequentialSetup<S, M, V, St extends StatusBase, P extends PieceModel> extends SetupBase<
  S,
  M,
  V,
  St,
  P
> {
  readonly dynamics: 'sequential';
  /** The computer opponent, loaded (and its tables allocated) on first call (one per distinct `options`). */
  loadEngine(options?: EngineLoadOptions): Promise<Engine<S, M>>;
  /**
   * A fresh engine for a review (tables its own, one thread), so that a review at a depth is the same every time;
   * `reviewGame` searches every position with it. `endgames` as for `loadEngine` (a server's engine workers pass
   * theirs, so that a review probes the databases the computer plays with).
   */
  loadReviewEngine(options?: Pick<EngineLoadOptions, 'endgames'>): Promise<Engine<S, M>>;
  /** What the Draughts Galore clock's "auto" mode means for this game. */
  readonly autoTimeMode: TimeMode;
  /** A game's own rule on takeback, beside the clock's. */
  takebackAllowed?(h: History<S, M>): boolean;
  newSession(options: NewSessionOptions): Result<Session<S, M, St>, InputError>;
  restoreSession(snapshot: unknown): Result<Session<S, M, St>, InputError>;
  /** The line of play (moves taken back left out) as record text. */
  exportRecord(format: string, h: History<S, M>, meta?: RecordMeta): Promise<Result<string, InputError>>;
}

/**
 * The computer as every interface asks it: the move (sequential games) or a round's orders (simultaneous games,
 * ending with the act that submits them) of `player` in `state`.
 */
export interface Computer<S, M> {
  readonly levels: readonly LevelInfo[];
  choose(state: S, player: Player, level: string, options?: ThinkOptions): readonly M[];
  /** Positions the endgame databases answered in its searches so far (draughts Master); absent where none can. */
  readonly endgameHits?: number;
}

export interface SimultaneousSetup<S, M, V, St extends StatusBase, P extends PieceModel> extends SetupBase<
  S,
  M,
  V,
  St,
  P
> {
  readonly dynamics: 'simultaneous';
  /**
   * The game's own computer opponent, loaded (and its tables allocated) on first call. It chooses from what a seat
   * observes (`V`, what `observe` gives), and its moves are the game's own for a whole round (Tactorus: an order
   * set), so interfaces ask `loadComputer` instead, which turns its choice into moves to submit.
   */
  loadEngine(): Promise<Engine<V, unknown>>;
  /** The computer's orders for a round, seeing only what `observe` shows its seat. */
  loadComputer(): Promise<Computer<S, M>>;
  /** Orders sent sealed in a mail's body, where the game has such a form. */
  readonly sealedOrders?: SealedOrders<S>;
  /** What a review judges each side's orders of a round with (a fresh engine, as `loadReviewEngine`). */
  loadRoundJudge(): Promise<RoundJudge<S, M, unknown>>;
  newSession(options: NewSessionOptions): Result<SimultaneousSession<S, M, St, V>, InputError>;
  restoreSession(snapshot: unknown): Result<SimultaneousSession<S, M, St, V>, InputError>;
  /** The rounds played as record text. */
  exportRecord(
    format: string,
    session: SimultaneousSession<S, M, St, V>,
    meta?: RecordMeta,
  ): Promise<Result<string, InputError>>;
}

export type GameSetup<S, M, V, St extends StatusBase, P extends PieceModel> =
  SequentialSetup<S, M, V, St, P> | SimultaneousSetup<S, M, V, St, P>;

/** A record read back: the options of the game it is of, and its line of play. */
export interface ImportedRecord<S, M> {
  readonly options: OptionValues;
  /**
   * The line of play as the game's moves, one after another. A simultaneous game's rounds are written as First's
   * moves then Second's, and what a line of moves cannot hold (Tactorus: a command that customizes the board or
   * changes the rules) starts the line afresh after it: `snapshot` holds the whole game.
   */
  readonly history: History<S, M>;
  readonly meta: RecordMeta;
  /**
   * Simultaneous games only: the session snapshot of the record's game (every round, command and ending), which
   * `setup.restoreSession` of the setup made from `options` restores, for a server to continue the game. Its seats
   * are the record's (two people unless it names the computer's seat); a server sets its own.
   */
  readonly snapshot?: SimultaneousSnapshot;
}

/** A game family in the catalogue. */
export interface GameEntry<S, M, V, St extends StatusBase, P extends PieceModel> {
  readonly family: GameFamily;
  readonly name: string;
  readonly summary: string;
  /** The original program the game comes from. */
  readonly origin: string;
  readonly dynamics: Dynamics;
  readonly options: readonly OptionSpec[];
  readonly variants: readonly VariantInfo[];
  readonly levels: readonly LevelInfo[];
  readonly records: readonly RecordFormatInfo[];
  /** Sets the game up from untrusted options (missing keys take their defaults); a coded error names the field. */
  setup(options?: unknown): Result<GameSetup<S, M, V, St, P>, InputError>;
  /** Reads a record of this family: the options of its game and its line of play. */
  importRecord(format: string, text: string): Promise<Result<ImportedRecord<S, M>, InputError>>;
  /**
   * The record text written again with a review of its game as comments, for the formats that have comments (PDN);
   * absent in a game whose records have none. A format without them is refused (`record/no-comments`).
   */
  annotateRecord?(format: string, text: string, review: GameReview): Promise<Result<string, InputError>>;
}

/** Any game's entry or setup, for code that handles every game alike (states, moves and views opaque). */
export type AnyGameEntry = GameEntry<unknown, unknown, unknown, StatusBase, PieceModel>;
export type AnyGameSetup = GameSetup<unknown, unknown, unknown, StatusBase, PieceModel>;
export type AnySequentialSetup = SequentialSetup<unknown, unknown, unknown, StatusBase, PieceModel>;
export type AnySimultaneousSetup = SimultaneousSetup<unknown, unknown, unknown, StatusBase, PieceModel>;

export type { Dynamics };
