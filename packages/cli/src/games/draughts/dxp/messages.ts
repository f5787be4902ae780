/**
 * DXP, the DamExchange Protocol (version 1, by the Dutch draughts programmers; Scan, Kingsrow, Dam, Moby Dam speak it):
 * the messages two International draughts programs exchange over TCP to play a match. Each message is ASCII text
 * ending in a NUL byte; its first character says what it is, and its fields have fixed widths (numbers padded with
 * `0`, names with spaces):
 *
 *   R  game request   version(2) initiator name(32) follower colour(W|Z) minutes(3) moves(3) start(A|B [W|Z + 50])
 *   A  game accepted  follower name(32) code(1: 0 yes, 1 not this version, 2 not with these settings, 3 not now)
 *   M  move           seconds used(4) from(2) to(2) taken(2) taken squares(2 each)
 *   E  game end       reason(1: 0 unknown, 1 I lose, 2 draw, 3 I win) stop(1: 0 next game welcome, 1 no more)
 *   C  chat           free text
 *   B  back request   move number(3) colour to move(W|Z)
 *   K  back answer    code(1: 0 yes, 1 not supported, 2 not now)
 *
 * Colours are W (white) and Z (zwart, black); a position is the colour to move and one character per square 1..50:
 * `e` empty, `w`/`z` men, `W`/`Z` kings. Reading is strict about widths and digits and answers a coded `dxp/…` error
 * naming the field, never a throw: the other program is untrusted input.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import {
  draughtsGame,
  pieceAt,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type Piece,
} from '@tactica/draughts';
import { fromFiftySquares } from '../fifty-squares.js';
import type { CliCode } from '../../../codes.js';

export type DxpColour = 'W' | 'Z';

interface DxpGameRequest {
  readonly kind: 'R';
  readonly version: number;
  readonly initiator: string;
  /** The colour the follower (the program answering) plays. */
  readonly followerColour: DxpColour;
  /** Thinking time for the game in minutes, for `moves` moves each (0 moves: the whole game). */
  readonly minutes: number;
  readonly moves: number;
  /** The start: undefined for the initial position, otherwise the colour to move and 50 squares. */
  readonly position?: string;
}

interface DxpGameAccept {
  readonly kind: 'A';
  readonly follower: string;
  /** '0' accepted; '1' version refused; '2' settings refused; '3' not now. */
  readonly code: '0' | '1' | '2' | '3';
}

export interface DxpMove {
  readonly kind: 'M';
  /** Seconds the move took. */
  readonly seconds: number;
  readonly from: number;
  readonly to: number;
  readonly captures: readonly number[];
}

interface DxpGameEnd {
  readonly kind: 'E';
  /** From the sender's side: '0' unknown, '1' I lose, '2' draw, '3' I win. */
  readonly reason: '0' | '1' | '2' | '3';
  /** '0' another game is welcome, '1' no more games. */
  readonly stop: '0' | '1';
}

interface DxpChat {
  readonly kind: 'C';
  readonly text: string;
}

interface DxpBackRequest {
  readonly kind: 'B';
  readonly moveNumber: number;
  readonly colour: DxpColour;
}

interface DxpBackAnswer {
  readonly kind: 'K';
  readonly code: '0' | '1' | '2';
}

export type DxpMessage =
  DxpGameRequest | DxpGameAccept | DxpMove | DxpGameEnd | DxpChat | DxpBackRequest | DxpBackAnswer;

/** Longest message we accept: a move taking 20 pieces is 71 characters, a chat line is free text. */
export const DXP_MAX_MESSAGE = 1024;

/** The International start as DXP writes it. */
export const DXP_START = `W${'z'.repeat(20)}${'e'.repeat(10)}${'w'.repeat(20)}`;

function number(n: number, width: number, what: string): string {
  if (!Number.isInteger(n) || n < 0 || String(n).length > width) {
    throw new Error(`DXP ${what} ${n} does not fit ${width} digits`);
  }
  return String(n).padStart(width, '0');
}

function name(text: string): string {
  // Printable ASCII only, cut to the field.
  return text
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 32)
    .padEnd(32, ' ');
}

/** The message as DXP text (without the NUL that ends it on the wire). */
export function encodeDxp(m: DxpMessage): string {
  switch (m.kind) {
    case 'R':
      return `R${number(m.version, 2, 'version')}${name(m.initiator)}${m.followerColour}${number(m.minutes, 3, 'minutes')}${number(m.moves, 3, 'moves')}${m.position === undefined ? 'A' : `B${m.position}`}`;
    case 'A':
      return `A${name(m.follower)}${m.code}`;
    case 'M':
      return `M${number(Math.min(9999, Math.round(m.seconds)), 4, 'time')}${number(m.from, 2, 'square')}${number(m.to, 2, 'square')}${number(m.captures.length, 2, 'count')}${m.captures.map((c) => number(c, 2, 'square')).join('')}`;
    case 'E':
      return `E${m.reason}${m.stop}`;
    case 'C':
      return `C${m.text.replace(/[^\x20-\x7e]/g, '?')}`;
    case 'B':
      return `B${number(m.moveNumber, 3, 'move number')}${m.colour}`;
    case 'K':
      return `K${m.code}`;
  }
}

/** Reads fixed-width fields, saying which one is wrong. */
class Fields {
  private at = 1;
  constructor(private readonly text: string) {}

  private fail(code: CliCode, message: string): Result<never, InputError> {
    return err(inputError(code, `${this.text[0] ?? ''} message: ${message}`, { at: this.at, input: this.text }));
  }

  digits(width: number, what: string): Result<number, InputError> {
    const s = this.text.slice(this.at, this.at + width);
    if (s.length < width) return this.fail('dxp/short', `the message ends before its ${what}`);
    // Some programs pad numbers with spaces instead of zeros: read them too.
    if (!/^ *\d+$/.test(s)) return this.fail('dxp/bad-number', `${what} "${s}" is not a number`);
    this.at += width;
    return ok(Number(s.trim()));
  }

  chars(width: number, what: string): Result<string, InputError> {
    const s = this.text.slice(this.at, this.at + width);
    if (s.length < width) return this.fail('dxp/short', `the message ends before its ${what}`);
    this.at += width;
    return ok(s);
  }

  one<C extends string>(allowed: readonly C[], what: string): Result<C, InputError> {
    const c = this.text[this.at];
    if (c === undefined) return this.fail('dxp/short', `the message ends before its ${what}`);
    if (!(allowed as readonly string[]).includes(c)) {
      return this.fail('dxp/bad-field', `${what} "${c}" is not one of ${allowed.join(', ')}`);
    }
    this.at++;
    return ok(c as C);
  }

  rest(): string {
    const s = this.text.slice(this.at);
    this.at = this.text.length;
    return s;
  }

  end(): Result<true, InputError> {
    if (this.at < this.text.length) return this.fail('dxp/trailing', `unexpected text after the last field`);
    return ok(true);
  }
}

/** Reads one DXP message (the text between NULs). Never throws. */
export function decodeDxp(text: string): Result<DxpMessage, InputError> {
  if (text.length === 0) return err(inputError('dxp/empty', 'an empty DXP message', { input: text }));
  if (text.length > DXP_MAX_MESSAGE) {
    return err(inputError('dxp/too-long', `a DXP message of ${text.length} characters`, { input: text.slice(0, 64) }));
  }
  if (!/^[\x20-\x7e]*$/.test(text)) {
    return err(
      inputError('dxp/bad-character', 'a DXP message holds a character that is not printable ASCII', { input: text }),
    );
  }
  const f = new Fields(text);
  switch (text.charAt(0)) {
    case 'R': {
      const version = f.digits(2, 'version');
      if (!version.ok) return version;
      const initiator = f.chars(32, 'initiator name');
      if (!initiator.ok) return initiator;
      const colour = f.one(['W', 'Z'] as const, 'follower colour');
      if (!colour.ok) return colour;
      const minutes = f.digits(3, 'thinking time');
      if (!minutes.ok) return minutes;
      const moves = f.digits(3, 'number of moves');
      if (!moves.ok) return moves;
      const start = f.one(['A', 'B'] as const, 'starting position');
      if (!start.ok) return start;
      let position: string | undefined;
      if (start.value === 'B') {
        const side = f.one(['W', 'Z'] as const, 'colour to move');
        if (!side.ok) return side;
        const squares = f.chars(50, 'position');
        if (!squares.ok) return squares;
        if (!/^[ewzWZ]{50}$/.test(squares.value)) {
          return err(inputError('dxp/bad-position', 'R message: the position is 50 of e, w, z, W, Z', { input: text }));
        }
        position = side.value + squares.value;
      }
      const end = f.end();
      if (!end.ok) return end;
      const base = {
        kind: 'R',
        version: version.value,
        initiator: initiator.value.trim(),
        followerColour: colour.value,
        minutes: minutes.value,
        moves: moves.value,
      } as const;
      return ok(position === undefined ? base : { ...base, position });
    }
    case 'A': {
      const follower = f.chars(32, 'follower name');
      if (!follower.ok) return follower;
      const code = f.one(['0', '1', '2', '3'] as const, 'acceptance code');
      if (!code.ok) return code;
      const end = f.end();
      if (!end.ok) return end;
      return ok({ kind: 'A', follower: follower.value.trim(), code: code.value });
    }
    case 'M': {
      const seconds = f.digits(4, 'time');
      if (!seconds.ok) return seconds;
      const from = f.digits(2, 'from square');
      if (!from.ok) return from;
      const to = f.digits(2, 'to square');
      if (!to.ok) return to;
      const count = f.digits(2, 'number of captured pieces');
      if (!count.ok) return count;
      const captures: number[] = [];
      for (let k = 0; k < count.value; k++) {
        const c = f.digits(2, `captured piece ${k + 1}`);
        if (!c.ok) return c;
        captures.push(c.value);
      }
      const end = f.end();
      if (!end.ok) return end;
      for (const sq of [from.value, to.value, ...captures]) {
        if (sq < 1 || sq > 50) {
          return err(
            inputError('dxp/bad-square', `M message: square ${sq} is not on the board (1-50)`, { input: text }),
          );
        }
      }
      return ok({ kind: 'M', seconds: seconds.value, from: from.value, to: to.value, captures });
    }
    case 'E': {
      const reason = f.one(['0', '1', '2', '3'] as const, 'reason');
      if (!reason.ok) return reason;
      const stop = f.one(['0', '1'] as const, 'stop code');
      if (!stop.ok) return stop;
      const end = f.end();
      if (!end.ok) return end;
      return ok({ kind: 'E', reason: reason.value, stop: stop.value });
    }
    case 'C':
      return ok({ kind: 'C', text: f.rest() });
    case 'B': {
      const moveNumber = f.digits(3, 'move number');
      if (!moveNumber.ok) return moveNumber;
      const colour = f.one(['W', 'Z'] as const, 'colour to move');
      if (!colour.ok) return colour;
      const end = f.end();
      if (!end.ok) return end;
      return ok({ kind: 'B', moveNumber: moveNumber.value, colour: colour.value });
    }
    case 'K': {
      const code = f.one(['0', '1', '2'] as const, 'acceptance code');
      if (!code.ok) return code;
      const end = f.end();
      if (!end.ok) return end;
      return ok({ kind: 'K', code: code.value });
    }
    default:
      return err(
        inputError('dxp/unknown-message', `unknown DXP message type "${text[0] ?? ''}" (R, A, M, E, C, B or K)`, {
          at: 0,
          input: text.slice(0, 64),
        }),
      );
  }
}

export function dxpColour(p: Player): DxpColour {
  return p === 0 ? 'W' : 'Z';
}

export function playerOf(c: DxpColour): Player {
  return c === 'W' ? 0 : 1;
}

const TO_DXP: Readonly<Record<Piece, string>> = { w: 'w', b: 'z', W: 'W', B: 'Z' };
const FROM_DXP: Readonly<Record<string, Piece>> = { w: 'w', z: 'b', W: 'W', Z: 'B' };

/** A position as DXP writes it: the colour to move, then squares 1..50. */
export function formatDxpPosition(s: DraughtsState): string {
  let out = dxpColour(s.position.turn);
  for (let n = 1; n <= 50; n++) {
    const p = pieceAt(s.position, n);
    out += p ? TO_DXP[p] : 'e';
  }
  return out;
}

/** Reads a DXP position (colour to move and 50 squares) as the start of an International game. */
export function parseDxpPosition(
  text: string,
  game: DraughtsGame = draughtsGame('international'),
): Result<DraughtsState, InputError> {
  const m = /^([WZ])([ewzWZ]{50})$/.exec(text);
  if (!m) {
    return err(
      inputError('dxp/bad-position', 'a DXP position is W or Z and then 50 of e, w, z, W, Z', { input: text }),
    );
  }
  return ok(fromFiftySquares(game, m[2] as string, FROM_DXP, m[1] === 'W' ? 0 : 1));
}

/** Our move as a DXP move message. */
export function dxpMoveOf(m: DraughtsMove, seconds: number): DxpMove {
  return { kind: 'M', seconds, from: m.from, to: m.to, captures: [...m.captures] };
}

/**
 * The legal move a DXP move names: same start, end and taken pieces (in any order). A move that names no taken pieces
 * stands for the capture with that start and end when there is only one.
 */
export function readDxpMove(game: DraughtsGame, s: DraughtsState, m: DxpMove): Result<DraughtsMove, InputError> {
  const taken = [...m.captures].sort((a, b) => a - b);
  const text = `${m.from}${m.captures.length > 0 ? 'x' : '-'}${m.to}${taken.length > 0 ? ` (taking ${taken.join(', ')})` : ''}`;
  const found = game
    .legalMoves(s)
    .filter(
      (x) =>
        x.from === m.from &&
        x.to === m.to &&
        (taken.length === 0
          ? true
          : x.captures.length === taken.length &&
            [...x.captures].sort((a, b) => a - b).every((c, k) => c === taken[k])),
    );
  if (found.length === 1) return ok(found[0] as DraughtsMove);
  if (found.length === 0) return err(inputError('move/illegal', `${text} is not legal here`, { input: text }));
  return err(
    inputError('move/ambiguous', `${text} could be ${found.length} moves: the taken pieces decide`, { input: text }),
  );
}
