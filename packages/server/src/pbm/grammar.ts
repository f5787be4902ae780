/**
 * The pbmserv command grammar, read from a mail's Subject (or the same line from `POST /pbm` and `tactica pbm`):
 *
 *   <game> <verb> [board] [userid password] [args]        tactics move 105 ann secret f1-f4#7
 *   <global verb> [args]                                  signup ann secret ann@example.org
 *
 * Tokens are separated by blanks; "double quotes" keep blanks inside one (a password, an option's value), and
 * inside them `\"` is a quote and `\\` a backslash (any other backslash is itself), so any password can be written:
 * `"my \"two\" words"`. A `#N` inside quotes is part of the word, never a move number. Game options
 * (`-variant=russian`, `-giveaway`, `-no-chain`) and server options (`--nagtime=7`, `--forfeittime=21`,
 * `--totaltime=60`) come first in `challenge` and `seek`. `#N` after a move (or a board, for `show` and `preview`)
 * is the move number the sender saw (see `nextMoveNumber` in render.ts): a move meant for another one is refused.
 *
 * A mail to a board's reply address (`board-105-<token>@…`) carries the board and the player in its address, so
 * its Subject may leave them out: `move f1-f4#7`, or only `f1-f4#7`. A full command there may still name them.
 *
 * The parser knows no game rules and reads no database: it says which words are the game, verb, board,
 * credentials and the rest, or refuses with a coded error that names the word (`subject word 4`).
 */
import { familyNamed, GAME_FAMILIES, type GameFamily } from '@tactica/catalogue';
import { DomainError, type ServerCode } from '../errors.js';

export const GLOBAL_VERBS = [
  'help',
  'signup',
  'add',
  'confirm',
  'change',
  'signoff',
  'delete',
  'logout',
  'list',
  'message',
  'broadcast',
  'multiple',
  'all',
  'vacation',
] as const;
export type GlobalVerb = (typeof GLOBAL_VERBS)[number];

export const GAME_VERBS = [
  'help',
  'games',
  'show',
  'showas',
  'challenge',
  'challenges',
  'seek',
  'move',
  'board',
  'propose',
  'undo',
  'accept',
  'reject',
  'resign',
  'queue',
  'submit',
  'confirm',
  'preview',
  'chat',
  'subscribe',
  'unsubscribe',
  'notify',
  'limit',
  'standings',
  'ratings',
  'history',
  'replay',
  'rules',
  'tournament',
  'review',
] as const;
export type GameVerb = (typeof GAME_VERBS)[number];

export interface Credentials {
  readonly user: string;
  readonly password: string;
}

/** `-key=value` (a string), `-key` (true) or `-no-key` (false), for the catalogue to read. */
export interface GameOption {
  readonly key: string;
  readonly value: string | boolean;
  /** Where it was written, for errors. */
  readonly word: number;
}

/** A board a command names, with the `#N` written after it (`show 105#7 106`). */
interface BoardRef {
  readonly board: number;
  readonly moveNumber?: number;
}

/** Which of a player's boards: pbmserv's `all|active|inactive|next` (next: where they are to move). */
const BOARD_FILTERS = ['all', 'active', 'inactive', 'next'] as const;
type BoardFilter = (typeof BOARD_FILTERS)[number];

/** The verbs pbmserv also takes in the move's place: `move 105 ann secret resign`. */
const MOVE_WORD_VERBS = ['resign', 'propose', 'undo', 'accept', 'reject', 'swap'] as const;

/** pbmserv's server options, in days. */
interface ServerOptions {
  readonly nagDays?: number;
  readonly forfeitDays?: number;
  readonly totalDays?: number;
}

export type PbmCommand =
  | {
      readonly scope: 'global';
      readonly verb: GlobalVerb;
      /** For `change`: `password` or `address`. */
      readonly what?: string;
      readonly credentials?: Credentials;
      readonly args: readonly string[];
    }
  | {
      readonly scope: 'game';
      /** Undefined when the Subject left it to the reply address. */
      readonly family: GameFamily | undefined;
      readonly verb: GameVerb;
      readonly board?: number;
      /** The `#N` the sender wrote. */
      readonly moveNumber?: number;
      readonly credentials?: Credentials;
      readonly args: readonly string[];
      readonly options: readonly GameOption[];
      readonly server: ServerOptions;
      /** The board and player come from a reply address. */
      readonly implied: boolean;
      /** pbmserv's `show board+` and `showas userid password board+`: every board named (two or more). */
      readonly boards?: readonly BoardRef[];
      /** pbmserv's `show userid+ [filter]`, `showas userid password all|active|inactive|next`. */
      readonly filter?: BoardFilter;
      /**
       * pbmserv's `challenge userid1 userid2` (no password): the challenger's userid, carried out only from their
       * confirmed address or after they confirm by a reply (gateway.ts).
       */
      readonly challenger?: string;
    };

/** A Subject that came to a board's reply address: its board, so the Subject may leave it and the player out. */
export interface SubjectContext {
  readonly impliedBoard?: number;
}

export const SUBJECT_MAX = 1000;
/** Words after `help` or `list`: pbmserv's `help subject…`. */
const HELP_SUBJECTS_MAX = 10;
const NAME = /^[A-Za-z][A-Za-z0-9_-]{1,23}$/;

interface Word {
  readonly text: string;
  /** 1-based position in the Subject, for errors. */
  readonly n: number;
  /** How much of `text` (from its start) was written in quotes: a `#N` there is part of the word. */
  readonly quoted?: number;
}

function fail(code: ServerCode, message: string, word?: number): DomainError {
  return new DomainError(code, message, word === undefined ? 'subject' : `subject word ${word}`);
}

/**
 * Splits a Subject into words; double quotes keep blanks inside a word, and inside them `\"` is a quote and `\\` a
 * backslash (ours: the escapes most people know from programs; a doubled quote would already mean two quoted parts).
 */
export function tokenize(subject: string): Word[] {
  const words: Word[] = [];
  let i = 0;
  const s = subject;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i] as string)) i++;
    if (i >= s.length) break;
    let text = '';
    let quoted = false;
    let quotedUpTo = 0;
    while (i < s.length && (quoted || !/\s/.test(s[i] as string))) {
      const c = s[i] as string;
      if (quoted && c === '\\' && (s[i + 1] === '"' || s[i + 1] === '\\')) {
        text += s[i + 1] as string;
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = !quoted;
        if (!quoted) quotedUpTo = text.length;
      } else text += c;
      i++;
    }
    if (quoted) throw fail('pbm/bad-quote', 'a "quote" is not closed', words.length + 1);
    words.push(quotedUpTo > 0 ? { text, n: words.length + 1, quoted: quotedUpTo } : { text, n: words.length + 1 });
  }
  return words;
}

/** `Re:`, `Fwd:`, `AW:` and the like that mail programs put before a Subject. */
export function stripReplyPrefixes(subject: string): string {
  return subject.replace(/^(\s*(re|fw|fwd|aw|sv|tr)(\[\d+\])?\s*:\s*)+/i, '');
}

/** The game a word names: its family id or an alias the catalogue lists (`checkers`, `force-400`, `tactrix!`). */
export function familyOf(word: string): GameFamily | undefined {
  return familyNamed(word);
}

class Cursor {
  i = 0;
  constructor(readonly words: Word[]) {}
  get left(): number {
    return this.words.length - this.i;
  }
  peek(k = 0): Word | undefined {
    return this.words[this.i + k];
  }
  next(): Word | undefined {
    return this.words[this.i++];
  }
  rest(): Word[] {
    const r = this.words.slice(this.i);
    this.i = this.words.length;
    return r;
  }
  /** Where the next word would be (for "missing" errors). */
  get at(): number {
    return (this.words[this.i]?.n ?? (this.words.at(-1)?.n ?? 0) + 1) as number;
  }
}

function board(c: Cursor, verb: string): number {
  const w = c.next();
  if (!w) throw fail('pbm/missing-board', `${verb} needs a board number`, c.at);
  if (!/^\d{1,9}$/.test(w.text)) throw fail('pbm/bad-board', `"${w.text}" is not a board number`, w.n);
  return Number(w.text);
}

function credentials(c: Cursor, verb: string): Credentials {
  const user = c.next();
  const password = c.next();
  if (!user || !password) {
    throw fail('pbm/missing-credentials', `${verb} needs your userid and password`, c.at);
  }
  if (!NAME.test(user.text)) {
    throw fail('pbm/bad-userid', `"${user.text.slice(0, 40)}" is not a userid`, user.n);
  }
  return { user: user.text, password: password.text };
}

function noMore(c: Cursor, verb: string): void {
  const w = c.peek();
  if (w) throw fail('pbm/extra-words', `${verb} takes nothing after this; "${w.text.slice(0, 40)}" is extra`, w.n);
}

/** Takes `#N` off the words (a word of its own, or the end of one); at most one. */
function takeMoveNumber(words: Word[]): { words: Word[]; moveNumber?: number } {
  let moveNumber: number | undefined;
  const out: Word[] = [];
  for (const w of words) {
    // A `#` inside quotes is the word's own (a password may have one).
    const at = w.text.indexOf('#', w.quoted ?? 0);
    if (at < 0) {
      out.push(w);
      continue;
    }
    const before = w.text.slice(0, at);
    const digits = w.text.slice(at + 1);
    if (!/^\d{1,9}$/.test(digits)) {
      throw fail('pbm/bad-move-number', `"#${digits}" is not a move number like #7`, w.n);
    }
    if (moveNumber !== undefined) throw fail('pbm/bad-move-number', 'only one #N in a command', w.n);
    moveNumber = Number(digits);
    if (before) out.push({ text: before, n: w.n, ...(w.quoted ? { quoted: w.quoted } : {}) });
  }
  return moveNumber === undefined ? { words: out } : { words: out, moveNumber };
}

function dayCount(text: string, w: Word, name: string): number {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 365) {
    throw fail('pbm/bad-server-option', `--${name} is a whole number of days from 1 to 365`, w.n);
  }
  return Number(text);
}

/** Whether a word is written as an option (`-key`, `--key=7`, `-position="…"`). */
const isOption = (w: Word | undefined): boolean => w !== undefined && w.text.startsWith('-');

/**
 * `-game` and `--server` options (challenge, seek): those at the cursor, or (`words` given) these words.
 * pbmserv writes them after the userids, we wrote them before: both are read.
 */
function options(
  c: Cursor,
  words?: readonly Word[],
  into: { options: GameOption[]; server: ServerOptions } = { options: [], server: {} },
): { options: GameOption[]; server: ServerOptions } {
  const opts = into.options;
  let server: ServerOptions = into.server;
  const list = words ?? [];
  let k = 0;
  const nextWord = (): Word | undefined => (words ? list[k] : isOption(c.peek()) ? c.peek() : undefined);
  for (let w = nextWord(); w; w = nextWord()) {
    if (words) k++;
    else c.next();
    const m = /^(--?)([A-Za-z][A-Za-z0-9_-]*)(?:=(.*))?$/s.exec(w.text);
    if (!m) throw fail('pbm/bad-option', `"${w.text.slice(0, 40)}" is not an option like -key=value`, w.n);
    const [, dashes, key = '', value] = m;
    if (dashes === '--') {
      const k = key.toLowerCase();
      if (value === undefined) throw fail('pbm/bad-server-option', `--${k} needs a number of days: --${k}=7`, w.n);
      if (k === 'nagtime') server = { ...server, nagDays: dayCount(value, w, k) };
      else if (k === 'forfeittime') server = { ...server, forfeitDays: dayCount(value, w, k) };
      else if (k === 'totaltime') server = { ...server, totalDays: dayCount(value, w, k) };
      else {
        throw fail(
          'pbm/bad-server-option',
          `--${k} is not a server option: --nagtime, --forfeittime, --totaltime`,
          w.n,
        );
      }
      continue;
    }
    if (value !== undefined) opts.push({ key, value, word: w.n });
    else if (/^no-./i.test(key)) opts.push({ key: key.slice(3), value: false, word: w.n });
    else opts.push({ key, value: true, word: w.n });
  }
  return { options: opts, server };
}

/**
 * `challenge` and `seek`, options before or after the userids. `challenge [-opts] userid password opponent [-opts]`
 * is ours; `challenge userid1 userid2 [-opts]` (no password) is pbmserv's: told apart by the words that are not
 * options (the word after the userid is always taken as a word: a password may begin with `-`).
 */
function parseChallenge(family: GameFamily | undefined, verb: 'challenge' | 'seek', c: Cursor): PbmCommand {
  const read = options(c);
  const first = c.next();
  const usage =
    verb === 'challenge'
      ? `${family ?? '<game>'} challenge userid opponent [-options] (pbmserv's), or challenge userid password opponent`
      : `${family ?? '<game>'} seek userid password [-options]`;
  if (!first) throw fail('pbm/missing-credentials', `${verb} needs your userid: ${usage}`, c.at);
  if (!NAME.test(first.text)) throw fail('pbm/bad-userid', `"${first.text.slice(0, 40)}" is not a userid`, first.n);
  const second = c.next();
  if (!second) throw fail('pbm/missing-args', `${verb} needs more: ${usage}`, c.at);
  const rest = c.rest();
  const names = rest.filter((w) => !isOption(w));
  const trailing = rest.filter((w) => isOption(w));
  // The options are read after the userids only: a word among them that is not one is extra.
  const firstTrailing = rest.findIndex((w) => isOption(w));
  const stray = firstTrailing >= 0 ? rest.slice(firstTrailing).find((w) => !isOption(w)) : undefined;
  if (stray) throw fail('pbm/extra-words', `"${stray.text.slice(0, 40)}" is extra; the usage is ${usage}`, stray.n);
  const all = options(c, trailing, read);
  const base = { scope: 'game' as const, family, verb, options: all.options, server: all.server, implied: false };
  if (verb === 'seek') {
    if (names.length > 0) {
      const w = names[0] as Word;
      throw fail('pbm/extra-words', `"${w.text.slice(0, 40)}" is extra; the usage is ${usage}`, w.n);
    }
    return { ...base, credentials: { user: first.text, password: second.text }, args: [] };
  }
  if (names.length === 0) {
    // pbmserv's form: the second word is the opponent.
    if (!NAME.test(second.text) || isOption(second)) {
      throw fail(
        'pbm/bad-userid',
        `"${second.text.slice(0, 40)}" is not the userid of an opponent: ${usage}`,
        second.n,
      );
    }
    return { ...base, challenger: first.text, args: [second.text] };
  }
  if (names.length > 1) {
    const w = names[1] as Word;
    throw fail(
      'pbm/extra-words',
      `our games are for two players: one opponent; "${w.text.slice(0, 40)}" is extra (${usage})`,
      w.n,
    );
  }
  const opponent = names[0] as Word;
  if (!NAME.test(opponent.text)) {
    throw fail('pbm/bad-userid', `"${opponent.text.slice(0, 40)}" is not a userid`, opponent.n);
  }
  return { ...base, credentials: { user: first.text, password: second.text }, args: [opponent.text] };
}

/** `board[#N]`: a board number, and the move number written after it. */
function boardRef(w: Word): BoardRef | undefined {
  const m = /^(\d{1,9})(?:#(\d{1,9}))?$/.exec(w.text);
  if (!m) return undefined;
  return m[2] !== undefined ? { board: Number(m[1]), moveNumber: Number(m[2]) } : { board: Number(m[1]) };
}

/** At most this many boards in one `show` or `showas`: a mail holds them all. **(ours)** */
export const SHOW_BOARDS_MAX = 20;

function filterOf(w: Word | undefined): BoardFilter | undefined {
  const t = w?.text.toLowerCase();
  return (BOARD_FILTERS as readonly string[]).includes(t ?? '') ? (t as BoardFilter) : undefined;
}

/**
 * pbmserv's `show board[#N]+` and `show userid+ [all|active|inactive|next]`: several boards, or the boards of
 * players. One board stays the single `show` it always was.
 */
function parseShow(family: GameFamily | undefined, c: Cursor): PbmCommand | undefined {
  const words = c.words.slice(c.i);
  if (words.length === 0) return undefined;
  const base = { scope: 'game' as const, family, verb: 'show' as const, options: [], server: {}, implied: false };
  const refs = words.map(boardRef);
  // A board and then something else is the one-board `show`, whose errors name the extra word.
  if (refs[0] !== undefined && refs.some((r) => r === undefined)) return undefined;
  if (refs.every((r) => r !== undefined)) {
    if (words.length === 1) return undefined;
    if (words.length > SHOW_BOARDS_MAX) {
      throw fail(
        'pbm/too-many-boards',
        `show takes at most ${SHOW_BOARDS_MAX} boards a mail`,
        words[SHOW_BOARDS_MAX]?.n,
      );
    }
    c.rest();
    return { ...base, boards: refs as BoardRef[], args: [] };
  }
  const last = words.at(-1);
  const filter = filterOf(last);
  const names = filter ? words.slice(0, -1) : words;
  const bad = names.find((w) => !NAME.test(w.text));
  if (bad || names.length === 0) {
    throw fail(
      'pbm/bad-show',
      `show board[#N]… (board numbers), or show userid… [all|active|inactive|next]; "${(bad ?? last)?.text.slice(0, 40)}" is neither`,
      (bad ?? last)?.n,
    );
  }
  c.rest();
  return { ...base, args: texts(names), filter: filter ?? 'active' };
}

/** pbmserv's `showas userid password [board+ | all | active | inactive | next]`. */
function parseShowas(family: GameFamily | undefined, c: Cursor): PbmCommand {
  const creds = credentials(c, 'showas');
  const words = c.rest();
  const base = { scope: 'game' as const, family, verb: 'showas' as const, options: [], server: {}, implied: false };
  const usage = 'showas userid password board… (or all, active, inactive, next)';
  if (words.length === 0) return { ...base, credentials: creds, args: [], filter: 'active' };
  const filter = words.length === 1 ? filterOf(words[0]) : undefined;
  if (filter) return { ...base, credentials: creds, args: [], filter };
  const boards: BoardRef[] = [];
  for (const w of words) {
    const r = boardRef(w);
    if (!r) throw fail('pbm/bad-board', `"${w.text.slice(0, 40)}" is not a board number: ${usage}`, w.n);
    boards.push(r);
  }
  if (boards.length > SHOW_BOARDS_MAX) {
    throw fail(
      'pbm/too-many-boards',
      `showas takes at most ${SHOW_BOARDS_MAX} boards a mail`,
      words[SHOW_BOARDS_MAX]?.n,
    );
  }
  const one = boards[0] as BoardRef;
  if (boards.length === 1) return { ...base, credentials: creds, board: one.board, args: [] };
  return { ...base, credentials: creds, boards, args: [] };
}

const texts = (words: readonly Word[]): string[] => words.map((w) => w.text);

function parseGlobal(verb: GlobalVerb, c: Cursor): PbmCommand {
  switch (verb) {
    case 'help':
    case 'list': {
      // pbmserv's `help [subject [...subject]]` and `list [game-type …]`.
      const args = texts(c.rest());
      if (args.length > HELP_SUBJECTS_MAX) {
        throw fail(
          'pbm/extra-words',
          `${verb} takes at most ${HELP_SUBJECTS_MAX} words after it`,
          HELP_SUBJECTS_MAX + 2,
        );
      }
      return { scope: 'global', verb, args };
    }
    case 'add': {
      // pbmserv's `add userid password address…`: more addresses, the ones you have kept.
      const creds = credentials(c, 'add');
      const args = texts(c.rest());
      if (args.length === 0) throw fail('pbm/no-address', 'add userid password address…', c.at);
      return { scope: 'global', verb, credentials: creds, args };
    }
    case 'signoff':
    case 'delete': {
      const creds = credentials(c, verb);
      noMore(c, verb);
      return { scope: 'global', verb, credentials: creds, args: [] };
    }
    case 'broadcast': {
      // pbmserv's `broadcast userid password` (the body to every player who opted in); ours: `… on|off` opts in.
      const creds = credentials(c, verb);
      const w = c.next();
      const arg = w?.text.toLowerCase();
      if (w && arg !== 'on' && arg !== 'off') {
        throw fail('pbm/bad-broadcast', 'broadcast userid password (the body is the message), or … on|off', w.n);
      }
      noMore(c, 'broadcast userid password [on|off]');
      return { scope: 'global', verb, credentials: creds, args: arg ? [arg] : [] };
    }
    case 'multiple': {
      // The commands are the body's lines.
      noMore(c, 'multiple (the commands go in the body, one a line)');
      return { scope: 'global', verb, args: [] };
    }
    case 'all': {
      // pbmserv's `all show userid [next|active]`: a player's boards of every game.
      const show = c.next();
      if (show?.text.toLowerCase() !== 'show') {
        throw fail('pbm/bad-all', 'all show userid [next|active]', show?.n ?? c.at);
      }
      const name = c.next();
      if (!name || !NAME.test(name.text)) {
        throw fail(
          'pbm/bad-userid',
          `all show userid [next|active]: "${name?.text.slice(0, 40) ?? ''}" is not a userid`,
          name?.n ?? c.at,
        );
      }
      const filter = c.next();
      const f = filter?.text.toLowerCase();
      if (filter && f !== 'next' && f !== 'active') {
        throw fail('pbm/bad-all', 'all show userid [next|active]', filter.n);
      }
      noMore(c, 'all show userid [next|active]');
      return { scope: 'global', verb, what: 'show', args: f ? [name.text, f] : [name.text] };
    }
    case 'signup': {
      const creds = credentials(c, 'signup');
      return { scope: 'global', verb, credentials: creds, args: texts(c.rest()) };
    }
    case 'confirm': {
      // The token of an address's confirmation mail (replying to that mail does the same).
      const w = c.next();
      if (!w) throw fail('pbm/missing-args', 'confirm token (the token of the confirmation mail)', c.at);
      noMore(c, 'confirm');
      return { scope: 'global', verb, args: [w.text] };
    }
    case 'change': {
      const what = c.next();
      const kind = what?.text.toLowerCase();
      if (kind !== 'password' && kind !== 'address') {
        throw fail(
          'pbm/bad-change',
          'change password userid password new-password, or change address userid password addresses…',
          what?.n ?? c.at,
        );
      }
      const creds = credentials(c, `change ${kind}`);
      const args = texts(c.rest());
      if (kind === 'password' && args.length !== 1) {
        throw fail('pbm/missing-password', 'change password userid password new-password', c.at);
      }
      if (kind === 'address' && args.length === 0) {
        throw fail('pbm/no-address', 'change address userid password address…', c.at);
      }
      return { scope: 'global', verb, what: kind, credentials: creds, args };
    }
    case 'logout': {
      // Log-out everywhere: every log-in of the user ends, and their boards get new reply addresses.
      const creds = credentials(c, 'logout');
      noMore(c, 'logout');
      return { scope: 'global', verb, credentials: creds, args: [] };
    }
    case 'message': {
      const creds = credentials(c, 'message');
      const to = c.rest();
      if (to.length === 0) throw fail('pbm/no-recipient', 'message userid password to-userid…', c.at);
      for (const w of to)
        if (!NAME.test(w.text)) throw fail('pbm/bad-userid', `"${w.text.slice(0, 40)}" is not a userid`, w.n);
      return { scope: 'global', verb, credentials: creds, args: texts(to) };
    }
    case 'vacation': {
      const creds = credentials(c, 'vacation');
      const w = c.next();
      if (!w || !(/^\d{1,3}$/.test(w.text) || /^(off|back|0)$/i.test(w.text))) {
        throw fail('pbm/bad-vacation', 'vacation userid password days (1 to 365), or off', w?.n ?? c.at);
      }
      noMore(c, 'vacation');
      return { scope: 'global', verb, credentials: creds, args: [w.text.toLowerCase()] };
    }
  }
}

/** How a game verb's words are laid out after the verb. */
interface Shape {
  /** The board number: 'board' before credentials, 'after' after them (showas), 'none'. */
  readonly board: 'board' | 'after' | 'none';
  readonly credentials: boolean;
  /** Words after board and credentials: at least, at most. */
  readonly args: readonly [number, number];
  readonly options?: boolean;
  /** Where a #N may stand. */
  readonly moveNumber?: boolean;
}

const SHAPES: Readonly<Record<GameVerb, Shape>> = {
  help: { board: 'none', credentials: false, args: [0, 1] },
  games: { board: 'none', credentials: false, args: [0, 20] },
  show: { board: 'board', credentials: false, args: [0, 0], moveNumber: true },
  showas: { board: 'after', credentials: true, args: [0, 0] },
  challenge: { board: 'none', credentials: true, args: [1, 1], options: true },
  challenges: { board: 'none', credentials: false, args: [0, 2] },
  seek: { board: 'none', credentials: true, args: [0, 0], options: true },
  move: { board: 'board', credentials: true, args: [0, 50], moveNumber: true },
  board: { board: 'board', credentials: true, args: [0, 50], moveNumber: true },
  propose: { board: 'board', credentials: true, args: [0, 1], moveNumber: true },
  undo: { board: 'board', credentials: true, args: [0, 0], moveNumber: true },
  accept: { board: 'board', credentials: true, args: [0, 0], moveNumber: true },
  reject: { board: 'board', credentials: true, args: [0, 0], moveNumber: true },
  resign: { board: 'board', credentials: true, args: [0, 0], moveNumber: true },
  queue: { board: 'board', credentials: true, args: [0, 50] },
  submit: { board: 'board', credentials: true, args: [1, 50], moveNumber: true },
  confirm: { board: 'board', credentials: true, args: [0, 0], moveNumber: true },
  preview: { board: 'board', credentials: false, args: [1, 50], moveNumber: true },
  chat: { board: 'board', credentials: true, args: [0, 0] },
  subscribe: { board: 'board', credentials: true, args: [0, 0] },
  unsubscribe: { board: 'board', credentials: true, args: [0, 0] },
  notify: { board: 'none', credentials: true, args: [1, 1] },
  limit: { board: 'none', credentials: true, args: [1, 1] },
  standings: { board: 'none', credentials: false, args: [0, 0] },
  ratings: { board: 'none', credentials: false, args: [0, 0] },
  rules: { board: 'none', credentials: false, args: [0, 0] },
  history: { board: 'none', credentials: false, args: [0, 1] },
  replay: { board: 'board', credentials: false, args: [1, 1] },
  // `tournament list|show N|join N userid password|leave N userid password` (./tournament-mail.ts reads the words).
  tournament: { board: 'none', credentials: false, args: [1, 4] },
  // `review board [userid password]` (./review-mail.ts reads the words: the password only when one is to be made).
  review: { board: 'board', credentials: false, args: [0, 2] },
};

function parseGame(family: GameFamily | undefined, verb: GameVerb, c: Cursor, ctx: SubjectContext): PbmCommand {
  const implied = ctx.impliedBoard !== undefined;
  // accept / reject without a board (a userid follows the verb): every challenge to you, or those numbered.
  if ((verb === 'accept' || verb === 'reject') && !implied && c.peek() && !/^\d/.test(c.peek()?.text ?? '')) {
    const creds = credentials(c, verb);
    const ids = c.rest();
    for (const w of ids)
      if (!/^\d{1,9}$/.test(w.text))
        throw fail('pbm/bad-challenge', `"${w.text.slice(0, 40)}" is not a challenge number`, w.n);
    return { scope: 'game', family, verb, credentials: creds, args: texts(ids), options: [], server: {}, implied };
  }
  if ((verb === 'challenge' || verb === 'seek') && !implied) return parseChallenge(family, verb, c);
  if (verb === 'show' && !implied) {
    const several = parseShow(family, c);
    if (several) return several;
  }
  if (verb === 'showas' && !implied) return parseShowas(family, c);
  const shape = SHAPES[verb];
  let moveNumber: number | undefined;
  // `#N` on the last word belongs to the command, whatever word it is on (`resign 105 ann secret#9`): a password
  // cannot end a command with `#` and digits.
  const last = c.words.length - 1;
  if (shape.moveNumber && last >= c.i && c.words[last]?.text.includes('#', c.words[last]?.quoted ?? 0)) {
    const taken = takeMoveNumber([c.words[last] as Word]);
    moveNumber = taken.moveNumber;
    c.words.splice(last, 1, ...taken.words);
  }
  const { options: opts, server } = shape.options ? options(c) : { options: [], server: {} };
  let boardNo: number | undefined;
  let creds: Credentials | undefined;
  const boardWithNumber = (): void => {
    const w = c.peek();
    if (implied) {
      // The reply address names the board; a number written anyway must be that one (a full command always names
      // it, a short one may: `move 105 f1-f4`, but `move 8464` is a Tactorus order).
      const text = w ? (takeMoveNumber([w]).words[0]?.text ?? '') : '';
      const isNumber = /^\d{1,9}$/.test(text);
      if (!isNumber || (family === undefined && text !== String(ctx.impliedBoard))) {
        boardNo = ctx.impliedBoard;
        return;
      }
    }
    if (w && shape.moveNumber && w.text.includes('#', w.quoted ?? 0)) {
      const taken = takeMoveNumber([w]);
      if (moveNumber !== undefined) throw fail('pbm/bad-move-number', 'only one #N in a command', w.n);
      moveNumber = taken.moveNumber;
      c.words[c.i] = taken.words[0] ?? { text: '', n: w.n };
    }
    boardNo = board(c, verb);
    if (implied && boardNo !== ctx.impliedBoard) {
      throw fail('pbm/wrong-board', `this reply address is for board ${ctx.impliedBoard}, not ${boardNo}`, w?.n);
    }
  };
  if (shape.board === 'board') boardWithNumber();
  if (shape.credentials) {
    // From a reply address the credentials are optional: taken when enough words follow for them and the args.
    const w = c.peek();
    const optional = implied && shape.board !== 'none';
    const take = !optional || (w !== undefined && NAME.test(w.text) && c.left >= shape.args[0] + 2 && c.left >= 3);
    if (take) creds = credentials(c, verb);
  }
  if (shape.board === 'after') boardWithNumber();
  let rest = c.rest();
  if (shape.moveNumber) {
    const taken = takeMoveNumber(rest);
    if (taken.moveNumber !== undefined) {
      if (moveNumber !== undefined) {
        throw fail(
          'pbm/bad-move-number',
          'only one #N in a command',
          rest.find((w) => w.text.includes('#', w.quoted ?? 0))?.n,
        );
      }
      moveNumber = taken.moveNumber;
    }
    rest = taken.words;
  }
  const [min, max] = shape.args;
  if (rest.length < min) {
    const what =
      verb === 'challenge'
        ? 'the userid of your opponent'
        : verb === 'notify'
          ? 'all, turn or off'
          : verb === 'limit'
            ? 'a number of games, or none'
            : verb === 'replay'
              ? 'a move number'
              : 'a move';
    throw fail('pbm/missing-args', `${verb} needs ${what}`, c.at);
  }
  if (rest.length > max) {
    const w = rest[max] as Word;
    throw fail(
      'pbm/extra-words',
      max === 0
        ? `${verb} takes nothing more there; "${w.text.slice(0, 40)}" is extra`
        : `${verb} takes at most ${max} word${max === 1 ? '' : 's'} there; "${w.text.slice(0, 40)}" is extra`,
      w.n,
    );
  }
  // pbmserv's `move board userid password resign` (propose, undo, accept, reject): the verb in the move's place.
  const word = rest.length === 1 ? rest[0]?.text.toLowerCase() : undefined;
  const asVerb =
    (verb === 'move' || verb === 'board') && word !== undefined && word !== 'swap'
      ? (MOVE_WORD_VERBS as readonly string[]).includes(word)
      : false;
  return {
    scope: 'game',
    family,
    verb: asVerb ? (word as GameVerb) : verb,
    ...(boardNo !== undefined ? { board: boardNo } : {}),
    ...(moveNumber !== undefined ? { moveNumber } : {}),
    ...(creds ? { credentials: creds } : {}),
    args: asVerb ? [] : texts(rest),
    options: opts,
    server,
    implied,
  };
}

/** Reads a command line. Throws an DomainError (`pbm/…`, naming the word) when it is not one. */
export function parseSubject(subject: string, ctx: SubjectContext = {}): PbmCommand {
  if (subject.length > SUBJECT_MAX)
    throw fail('pbm/subject-too-long', `a command is at most ${SUBJECT_MAX} characters`);
  const words = tokenize(stripReplyPrefixes(subject));
  const first = words[0];
  if (!first) {
    throw fail(
      'pbm/empty-subject',
      `the Subject is the command, as "tactics move 105 userid password f1-f4"; send "help" for the commands`,
    );
  }
  const c = new Cursor(words);
  c.next();
  const lead = first.text.toLowerCase();
  const family = familyOf(lead);
  if (family) {
    const v = c.next();
    if (!v) throw fail('pbm/missing-verb', `${family} needs a command: ${GAME_VERBS.join(', ')}`, 2);
    const verb = v.text.toLowerCase();
    if (!(GAME_VERBS as readonly string[]).includes(verb)) {
      throw fail(
        'pbm/unknown-verb',
        `"${v.text.slice(0, 40)}" is not a command of ${family}: ${GAME_VERBS.join(', ')}`,
        v.n,
      );
    }
    return parseGame(family, verb as GameVerb, c, ctx);
  }
  if (ctx.impliedBoard !== undefined) {
    const verb = lead.replace(/#.*$/, '');
    if ((GAME_VERBS as readonly string[]).includes(verb)) {
      // `resign#9`: the verb keeps its #N as a word of its own.
      if (verb !== lead) c.words.splice(1, 0, { text: first.text.slice(verb.length), n: first.n });
      return parseGame(undefined, verb as GameVerb, c, ctx);
    }
    // Only a move: `f1-f4#7`.
    return parseGame(undefined, 'move', new Cursor(words), ctx);
  }
  if ((GLOBAL_VERBS as readonly string[]).includes(lead)) return parseGlobal(lead as GlobalVerb, c);
  // The settings are the player's, for every game: they may come without a game's name.
  if (lead === 'notify' || lead === 'limit') return parseGame(undefined, lead, c, ctx);
  throw fail(
    'pbm/unknown-command',
    `"${first.text.slice(0, 40)}" is neither a game (${GAME_FAMILIES.join(', ')}) nor one of ${GLOBAL_VERBS.join(', ')}`,
    1,
  );
}
