/**
 * What the board component takes and gives. It knows no rules: it draws the platform layer's board model (the
 * catalogue's `BoardModel`, from a local game or from the server's view) and the legal inputs handed to it, and it
 * says what the person did as a `BoardInput` — a legal input they picked, or an input that matched none, for the
 * caller to explain with the catalogue's `fromInput`.
 */
import type { BoardInput, BoardModel, MoveInput, MoveSquares, PieceModel, SquareModel } from '@tactica/catalogue';

/** A legal input as the board receives it: the catalogue's `MoveInput` without the game's move value. */
export type LegalInput = Omit<MoveInput<unknown>, 'move'>;

/** Squares a game names areas with (Tactorus: flanks, home rows, Supply Lines, High Ground). */
export type ZonedSquare = SquareModel & { readonly zones?: readonly string[] };

/** Which way the board is drawn: where the model's rank 0 and file 0 are on the screen. */
export interface Orientation {
  readonly rankZeroAt: 'bottom' | 'top';
  readonly fileZeroAt: 'left' | 'right';
}

/** The board turned by 180 degrees ("flip", "rotate"). */
export function rotated(o: Orientation): Orientation {
  return {
    rankZeroAt: o.rankZeroAt === 'bottom' ? 'top' : 'bottom',
    fileZeroAt: o.fileZeroAt === 'left' ? 'right' : 'left',
  };
}

/** Draws one piece in a 100 × 100 cell as SVG markup. */
export type PieceArt = (piece: PieceModel) => string;

/** A piece put down from outside the board (a purchase): the act and the choice it makes. */
export interface Placing {
  readonly action: string;
  readonly choice?: string;
  /** What the piece is, for the board's label and the screen reader. */
  readonly label: string;
}

/** An arrow drawn over the board (the engine's best move). */
export interface Arrow {
  readonly from: string;
  readonly to: string;
  readonly kind: 'best' | 'order';
}

/** The question for an amount (a Force 400 transfer), as the game words it. */
export interface AmountQuestion {
  readonly title: string;
  readonly label: string;
  /** The amount proposed, within the legal ones. */
  readonly value: number;
}

/** The squares and legal range of an amount asked for. */
export interface AmountAsked {
  readonly action: string;
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly min: number;
  readonly max: number;
}

export interface BoardConfig {
  readonly model: BoardModel;
  /** What the viewer may do now; empty when it is not their turn. */
  readonly legal: readonly LegalInput[];
  readonly orientation: Orientation;
  readonly art: PieceArt;
  /** A short name for screen readers: `Russian draughts board`. */
  readonly label: string;
  /** The last move's squares, to mark and to animate along. */
  readonly lastMove?: MoveSquares | undefined;
  /** Squares to mark (the Tactrix Tutor's legal moves). */
  readonly highlights?: readonly string[];
  readonly arrows?: readonly Arrow[];
  /** Letters and numbers along the edges. */
  readonly coordinates?: boolean;
  /** The numbers a game prints on its squares (draughts square numbers, Tactorus 00–99). */
  readonly squareLabels?: boolean;
  /** Whether the person may move pieces now. */
  readonly interactive?: boolean;
  readonly placing?: Placing | undefined;
  /** Milliseconds per step of an animated move (0: none). */
  readonly animationMs?: number;
  /** How the game asks for an amount (undefined: the act's name, its range, the largest proposed). */
  readonly amountQuestion?: ((asked: AmountAsked) => AmountQuestion | undefined) | undefined;
}

export interface BoardEvents {
  /** A legal input the person picked (after asking which one, when several share the squares). */
  onInput(input: LegalInput): void;
  /** An input that matched no legal one; the board has snapped back. */
  onIllegal?(input: BoardInput): void;
  /** A square was clicked or activated; return true to take the click (a Tutor), so the board does nothing else. */
  onSquare?(square: string): boolean;
  /** The picked-up square changed (undefined: none). */
  onSelect?(square: string | undefined): void;
}
