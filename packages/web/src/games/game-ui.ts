/**
 * What each game's own module gives the app: its art, how its board is turned, its status panel and controls as
 * its manual draws them, its help page, and (Tactorus) how the computer's round and the round report come about.
 * Each module is loaded with its game (`loadGameUi`), so a page pays for the games it opens.
 *
 * A module is written against its own game's types (`GameUiOf<DraughtsSetup>`: the catalogue's status, positions
 * and moves of that game) and registered through `defineGameUi`, which checks it against them and hands the app
 * the erased form (`GameUi`) it holds for every game alike.
 */
import type { ComponentChildren, FunctionComponent } from 'preact';
import type { GameFamily } from '@tactica/catalogue';
import type { Player, Session, SimultaneousSession } from '@tactica/core';
import type { Analysis } from '@tactica/ai';
import type { AnyGameSetup, BoardInput } from '@tactica/catalogue';
import type { AmountAsked, AmountQuestion, Arrow, Orientation, PieceArt } from '../board/types.js';
import type { GameView } from '../online/api.js';
import type { LocalGame } from '../app/local-game.js';

/** What a game's setup says beside the board (`DraughtsStatus`, `TactorusStatus`…). */
export type StatusOf<Setup extends AnyGameSetup> = ReturnType<Setup['status']>;
/** A position of the game (`DraughtsState`…). */
export type PositionOf<Setup extends AnyGameSetup> = ReturnType<Setup['initial']>;
/** A move of the game (Tactorus: an order, a withdrawal or `done`). */
export type MoveOf<Setup extends AnyGameSetup> = Parameters<Setup['board']['squaresOf']>[1];
/** The session the game's setup makes: sequential or simultaneous, with its own positions, moves and status. */
type SessionOf<Setup extends AnyGameSetup> = Setup extends { readonly dynamics: 'sequential' }
  ? Session<PositionOf<Setup>, MoveOf<Setup>, StatusOf<Setup>>
  : SimultaneousSession<PositionOf<Setup>, MoveOf<Setup>, StatusOf<Setup>, ReturnType<Setup['game']['observe']>>;

/** A game in play with its setup and session, each setup (of a union) with its own kind of session. */
type PlayOf<Setup extends AnyGameSetup> = Setup extends AnyGameSetup
  ? { readonly dynamics: Setup['dynamics']; readonly setup: Setup; readonly session: SessionOf<Setup> }
  : never;

/**
 * A game played in this browser as a game's own module sees it: the app's `LocalGame`, its status, positions and
 * session those of the module's game. (Of every game at once, `LocalGameOf<AnyGameSetup>`, `LocalGame` is one:
 * the app's call sites check that it still fits.)
 */
export interface LocalGameOf<Setup extends AnyGameSetup> extends Omit<
  LocalGame,
  'play' | 'status' | 'position' | 'ownPosition'
> {
  readonly play: PlayOf<Setup>;
  /** The status of the position on the board. */
  status(): StatusOf<Setup>;
  /** The position on the board (a past one while looking back). */
  position(): PositionOf<Setup>;
  /** A player's own position in a simultaneous round: the round's start with their own pending moves. */
  ownPosition(p: Player): PositionOf<Setup>;
}

/** The server's view of a game, its `state` the status of the view's game (the server sends its setup's status). */
type GameViewOf<ViewStatus> = Omit<GameView, 'state'> & { readonly state: ViewStatus };

interface AnalysisRequest {
  readonly state: unknown;
  readonly names: {
    readonly side: string;
    readonly depthName: string;
    readonly nodesName: string;
    readonly lineName: string;
  };
  describe(a: Analysis<unknown>): { readonly line: readonly string[]; readonly arrows: readonly Arrow[] };
}

export interface PanelProps<Setup extends AnyGameSetup = AnyGameSetup> {
  readonly game: LocalGameOf<Setup>;
}

/** What a game's own online controls are given: the server's view and the ways to act on the game. */
export interface OnlineControlsProps<ViewStatus = Readonly<Record<string, unknown>>> {
  readonly view: GameViewOf<ViewStatus>;
  /** Runs an act, its refusal shown under the board. */
  act(f: () => Promise<unknown>): Promise<void>;
  /** Sends an input (a move, or a simultaneous game's order or `done`). */
  send(input: BoardInput): void;
  /** Withdraws all this round's orders. */
  withdraw(): Promise<unknown>;
  /** Arrows to draw on the board (a recommendation's), until the view changes. */
  showArrows(arrows: readonly Arrow[]): void;
  /** Whether engine help (recommended orders) may be offered: not in a game in progress between people. */
  readonly engineHelp: boolean;
}

/** A help page: headed sections of the game's rules and its controls here. */
export interface HelpPage {
  readonly title: string;
  readonly sections: readonly { readonly heading: string; readonly body: ComponentChildren }[];
}

/**
 * A game's own module, typed by its game's setup (`DraughtsSetup`…): its panels get that game's status, positions
 * and session, its online panels the server's view of such a game (`ViewStatus`: the setup's status).
 */
export interface GameUiOf<Setup extends AnyGameSetup, ViewStatus = StatusOf<Setup>> {
  readonly family: GameFamily;
  readonly art: PieceArt;
  /** The board as the game's own screen drew it, for a viewer (a spectator: undefined). */
  orientation(viewer: Player | undefined, boardView: 'first' | 'viewer'): Orientation;
  /** Letters and numbers along the edges. */
  readonly coordinates: boolean;
  /** How the game asks for an amount on the board (Force 400: the units a transfer sends). */
  amountQuestion?(asked: AmountAsked): AmountQuestion | undefined;
  /** The status line and counters beside the board, from the platform's status of the position. */
  readonly Status: FunctionComponent<PanelProps<Setup>>;
  /** What the game's screen drew under its board (Tactorus: the chain of Chain moves), if anything. */
  readonly UnderBoard?: FunctionComponent<PanelProps<Setup>>;
  /** The game's own acts and tools (transfers, purchases, the Tutor, order entry), if any. */
  readonly Controls?: FunctionComponent<PanelProps<Setup>>;
  /** A status of a view from the server (its `state` fields), for online games. */
  readonly OnlineStatus?: FunctionComponent<{
    readonly state: ViewStatus;
    readonly names: readonly [string, string];
  }>;
  /** Online: the game's own controls in place of the generic ones (Tactorus: order entry, the Movement Check). */
  readonly OnlineControls?: FunctionComponent<OnlineControlsProps<ViewStatus>>;
  /** Online: what the game's screen drew under its board, from the view's status. */
  readonly OnlineUnderBoard?: FunctionComponent<{ readonly state: ViewStatus }>;
  readonly help: HelpPage;
  /** The name of each side as the game says it. */
  readonly sides: readonly [string, string];
  /** Simultaneous games: the computer's moves for a seat's part of the round (run in a worker). */
  computerMoves?(game: LocalGameOf<Setup>, player: Player, level: string): Promise<readonly MoveOf<Setup>[]>;
  /** Simultaneous games: the movement check's lines for a player's orders of the round under way. */
  ordersText?(game: LocalGameOf<Setup>, player: Player): string;
  /**
   * Simultaneous games: what the analysis engine is given for a player at the screen (their own observation) and
   * how its answer reads (the orders it recommends, written out and as arrows).
   */
  analysisOf?(game: LocalGameOf<Setup>, player: Player): AnalysisRequest | undefined;
  /** Simultaneous games: the report of the round just played. */
  roundReport?(game: LocalGameOf<Setup>): string | undefined;
}

/**
 * A game's module as the app holds it, whatever its game: its panels take any `LocalGame`, its online panels any
 * server view.
 */
export type GameUi = GameUiOf<AnyGameSetup, Readonly<Record<string, unknown>>>;

/**
 * A game's module, checked against its game's own types, in the erased form the registry (`loadGameUi`) and the app
 * hold. The one unchecked step of the web's game modules, and why it holds: the app gives a module only games of
 * its own family (`loadGameUi(setup.family)` for a local game, `loadGameUi(view.family)` for a server's view), so
 * the `LocalGame` a panel gets plays this setup (its status, positions and moves are the setup's) and a view's
 * `state` is this setup's status (the server sends `setup.status(…)` there, as JSON: a field left undefined comes
 * absent, which reads the same). No type can say "this family's" of a value chosen at run time, so the erasure is
 * a cast, here and nowhere else.
 */
export function defineGameUi<Setup extends AnyGameSetup>(ui: GameUiOf<Setup>): GameUi {
  return ui as unknown as GameUi;
}

export async function loadGameUi(family: GameFamily): Promise<GameUi> {
  switch (family) {
    case 'draughts':
      return (await import('./draughts.js')).draughtsUi;
    case 'force400':
      return (await import('./force400.js')).force400Ui;
    case 'tactics':
      return (await import('./tactics.js')).tacticsUi;
    case 'tactrix':
      return (await import('./tactrix.js')).tactrixUi;
    case 'tactorus':
      return (await import('./tactorus.js')).tactorusUi;
  }
}
