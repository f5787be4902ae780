/**
 * What the server shows: a game as one viewer may see it (`GET /api/games/:id`, the stream's `game` message) and the
 * acknowledgement of a committed command. Types for every client (the web app imports these), and the view's JSON
 * Schema, from which the HTTP route serializes its reply and the OpenAPI document describes it.
 */
import type { DomainCode } from '../codes.js';
import type { Outcome, Player, StepText, TimeLimit, TimeMode } from '@tactica/core';
import type { BoardModel, GameFamily, MoveInput, MoveSquares } from '@tactica/catalogue';

/** A time control as games are played under it on the server (read from requests by `games/control.ts`). */
export type TimeControlSpec =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'live';
      readonly mode: TimeMode;
      readonly limit: TimeLimit;
      /** Per game: seconds added for each move made (0: none). */
      readonly increment: number;
    }
  | {
      readonly kind: 'correspondence';
      /** A player who has not moved this many days forfeits (pbmserv's forfeit time; 21 by default). */
      readonly daysPerMove: number;
      /** A reminder after this many days (pbmserv's nag time; 7 by default). */
      readonly nagDays: number;
    };

export interface PlayerInfo {
  readonly name: string | null;
  /** The computer's level, when the computer plays the seat. */
  readonly level: string | null;
}

/** A move a viewer may make, as a UI or a program sends it back (`move` in the game's notation, or the inputs). */
export type LegalInput = Omit<MoveInput<unknown>, 'move'>;

export interface GameView {
  readonly id: number;
  readonly family: GameFamily;
  readonly variantId: string;
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rated: boolean;
  /**
   * Both players agreed at the challenge to engine help (recommendations, analysis, hints) during the game: only
   * ever in a casual game between people. Without it, no help is offered in a game between people until it ends.
   */
  readonly engineHelp: boolean;
  /** The tournament the game was paired for, if any (`GET /api/tournaments/:id`). */
  readonly tournament: number | null;
  readonly status: 'active' | 'finished';
  /** The version to name in the next command (per audience in Tactorus: `versionFor`). */
  readonly version: number;
  readonly players: readonly [PlayerInfo, PlayerInfo];
  /** Which seat the viewer plays; null for a spectator. */
  readonly viewer: Player | null;
  readonly control: TimeControlSpec;
  /** Seats to act now. */
  readonly toAct: readonly Player[];
  readonly outcome: Outcome | null;
  readonly lostOnTime: Player | null;
  /** Moves played (sequential games) in the game's notation. */
  readonly moves: readonly string[];
  /** The squares the last move touched (sequential games), for the board's last-move highlight; null before any. */
  readonly lastMove: MoveSquares | null;
  /**
   * Simultaneous games (Tactorus): the steps played, each a round (both sides' orders, public once it is played) or
   * one of the game's own commands (a customized board, a rule change).
   */
  readonly rounds: readonly StepText[];
  readonly board: BoardModel;
  /** The game's own status fields (counters, chips, forces…). */
  readonly state: Readonly<Record<string, unknown>>;
  readonly clock: {
    readonly mode: string;
    readonly limit: string;
    readonly running: Player | null;
    readonly left: readonly [number | null, number | null];
  } | null;
  /** When the next timeout is due (a clock, a correspondence reminder or forfeit). */
  readonly deadline: number | null;
  readonly drawOffer: Player | null;
  readonly takebackRequest: Player | null;
  /** The viewer's own orders this round (Tactorus), and whether each side has submitted. */
  readonly orders: { readonly mine: readonly string[]; readonly submitted: readonly [boolean, boolean] } | null;
  /** What the viewer may do now. */
  readonly legal: readonly LegalInput[];
  /** The position text (sequential games; Tactorus positions hold secret orders and are not shown). */
  readonly position: string | null;
}

/**
 * What a player hears back when a command has been committed: the game's new version (to name in the next
 * command), who is to act, and the outcome once there is one. The same for HTTP and the event stream.
 */
export interface CommandAck {
  readonly id: number;
  readonly version: number;
  readonly toAct: readonly Player[];
  readonly status: 'active' | 'finished';
  readonly outcome: Outcome | null;
}

/** Which seat a challenge's author takes. */
export type SeatChoice = '0' | '1' | 'random';

/** A challenge or open seek as its players see it (`/api/challenges`, the stream's `lobby` message). */
export interface ChallengeView {
  readonly id: number;
  readonly challenger: string;
  /** Null: an open seek, anyone may accept it. */
  readonly opponent: string | null;
  readonly family: string;
  readonly options: unknown;
  readonly control: TimeControlSpec;
  readonly rated: boolean;
  readonly seat: SeatChoice;
  readonly status: string;
  readonly gameId: number | null;
  readonly createdAt: number;
  /** Engine help allowed to both players during the game (casual games only): the accepter agrees by accepting. */
  readonly engineHelp: boolean;
  /** A quick-pairing request (`POST /api/pairing`): a seek waiting for anyone asking for the same game and clock. */
  readonly pairing: boolean;
}

/** A refusal, on HTTP (the body) and on the stream (inside an `error` message). */
export interface ErrorBody {
  readonly error: { readonly code: DomainCode; readonly message: string; readonly field?: string };
}

const seat = { type: 'integer', enum: [0, 1] } as const;
const seatOrNull = { type: ['integer', 'null'], enum: [0, 1, null] } as const;
const text = { type: 'string' } as const;
const texts = { type: 'array', items: text } as const;
/** Game-specific data documented by the catalogue: kept whole (a response schema drops fields it does not name). */
const open = { type: 'object', additionalProperties: true } as const;
const openOrNull = { type: ['object', 'null'], additionalProperties: true } as const;

export const commandAckSchema = {
  type: 'object',
  required: ['id', 'version', 'toAct', 'status', 'outcome'],
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    toAct: { type: 'array', items: seat },
    status: { type: 'string', enum: ['active', 'finished'] },
    outcome: openOrNull,
  },
} as const;

const playerInfoSchema = {
  type: 'object',
  required: ['name', 'level'],
  properties: { name: { type: ['string', 'null'] }, level: { type: ['string', 'null'] } },
} as const;

/** `GameView` as a JSON Schema: every field named, the game-specific ones (`board`, `state`, …) open. */
export const gameViewSchema = {
  type: 'object',
  required: [
    'id',
    'family',
    'variantId',
    'name',
    'options',
    'rated',
    'engineHelp',
    'tournament',
    'status',
    'version',
    'players',
    'viewer',
    'control',
    'toAct',
    'outcome',
    'lostOnTime',
    'moves',
    'lastMove',
    'rounds',
    'board',
    'state',
    'clock',
    'deadline',
    'drawOffer',
    'takebackRequest',
    'orders',
    'legal',
    'position',
  ],
  properties: {
    id: { type: 'integer' },
    family: text,
    variantId: text,
    name: text,
    options: open,
    rated: { type: 'boolean' },
    engineHelp: { type: 'boolean', description: 'Both players agreed to engine help during the game (casual only)' },
    tournament: { type: ['integer', 'null'], description: 'The tournament the game was paired for, if any' },
    status: { type: 'string', enum: ['active', 'finished'] },
    version: { type: 'integer', description: 'The version to name in the next command' },
    players: { type: 'array', minItems: 2, maxItems: 2, items: playerInfoSchema },
    viewer: { ...seatOrNull, description: 'Your seat; null for a spectator' },
    control: {
      type: 'object',
      required: ['kind'],
      additionalProperties: true,
      properties: { kind: { type: 'string', enum: ['none', 'live', 'correspondence'] } },
    },
    toAct: { type: 'array', items: seat },
    outcome: openOrNull,
    lostOnTime: seatOrNull,
    moves: { ...texts, description: "Moves played (sequential games) in the game's notation" },
    lastMove: {
      type: ['object', 'null'],
      description: 'The squares the last move touched (sequential games): from, to, path, captures',
      properties: { from: text, to: text, path: texts, captures: texts },
    },
    rounds: {
      type: 'array',
      description: "Tactorus: the steps played, each a round ([First's orders, Second's orders]) or a command",
      items: {
        anyOf: [
          { type: 'array', minItems: 2, maxItems: 2, items: texts },
          { type: 'object', required: ['command'], properties: { command: text } },
        ],
      },
    },
    board: { ...open, description: "The catalogue's board model" },
    state: { ...open, description: "The game's own status fields" },
    clock: {
      type: ['object', 'null'],
      required: ['mode', 'limit', 'running', 'left'],
      properties: {
        mode: text,
        limit: text,
        running: seatOrNull,
        left: { type: 'array', minItems: 2, maxItems: 2, items: { type: ['number', 'null'] } },
      },
    },
    deadline: { type: ['number', 'null'] },
    drawOffer: seatOrNull,
    takebackRequest: seatOrNull,
    orders: {
      type: ['object', 'null'],
      required: ['mine', 'submitted'],
      properties: {
        mine: texts,
        submitted: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'boolean' } },
      },
    },
    legal: { type: 'array', items: open, description: 'What you may do now' },
    position: { type: ['string', 'null'] },
  },
} as const;
