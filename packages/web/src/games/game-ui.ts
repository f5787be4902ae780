/**
 * What each game's own module gives the app: its art, how its board is turned, its status panel and controls as
 * its manual draws them, its help page, and (Tactorus) how the computer's round and the round report come about.
 * Each module is loaded with its game (`loadGameUi`), so a page pays for the games it opens.
 */
import type { ComponentChildren, FunctionComponent } from 'preact';
import type { GameFamily } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import type { Analysis } from '@tactica/ai';
import type { BoardInput } from '@tactica/catalogue';
import type { AmountAsked, AmountQuestion, Arrow, Orientation, PieceArt } from '../board/types.js';
import type { GameView } from '../online/api.js';
import type { LocalGame } from '../app/local-game.js';

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

export interface PanelProps {
  readonly game: LocalGame;
}

/** What a game's own online controls are given: the server's view and the ways to act on the game. */
export interface OnlineControlsProps {
  readonly view: GameView;
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

export interface GameUi {
  readonly family: GameFamily;
  readonly art: PieceArt;
  /** The board as the game's own screen drew it, for a viewer (a spectator: undefined). */
  orientation(viewer: Player | undefined, boardView: 'first' | 'viewer'): Orientation;
  /** Letters and numbers along the edges. */
  readonly coordinates: boolean;
  /** How the game asks for an amount on the board (Force 400: the units a transfer sends). */
  amountQuestion?(asked: AmountAsked): AmountQuestion | undefined;
  /** The status line and counters beside the board, from the platform's status of the position. */
  readonly Status: FunctionComponent<PanelProps>;
  /** What the game's screen drew under its board (Tactorus: the chain of Chain moves), if anything. */
  readonly UnderBoard?: FunctionComponent<PanelProps>;
  /** The game's own acts and tools (transfers, purchases, the Tutor, order entry), if any. */
  readonly Controls?: FunctionComponent<PanelProps>;
  /** A status of a view from the server (its `state` fields), for online games. */
  readonly OnlineStatus?: FunctionComponent<{
    readonly state: Readonly<Record<string, unknown>>;
    readonly names: readonly [string, string];
  }>;
  /** Online: the game's own controls in place of the generic ones (Tactorus: order entry, the Movement Check). */
  readonly OnlineControls?: FunctionComponent<OnlineControlsProps>;
  /** Online: what the game's screen drew under its board, from the view's status. */
  readonly OnlineUnderBoard?: FunctionComponent<{ readonly state: Readonly<Record<string, unknown>> }>;
  readonly help: HelpPage;
  /** The name of each side as the game says it. */
  readonly sides: readonly [string, string];
  /** Simultaneous games: the computer's moves for a seat's part of the round (run in a worker). */
  computerMoves?(game: LocalGame, player: Player, level: string): Promise<readonly unknown[]>;
  /** Simultaneous games: the movement check's lines for a player's orders of the round under way. */
  ordersText?(game: LocalGame, player: Player): string;
  /**
   * Simultaneous games: what the analysis engine is given for a player at the screen (their own observation) and
   * how its answer reads (the orders it recommends, written out and as arrows).
   */
  analysisOf?(game: LocalGame, player: Player): AnalysisRequest | undefined;
  /** Simultaneous games: the report of the round just played. */
  roundReport?(game: LocalGame): string | undefined;
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
