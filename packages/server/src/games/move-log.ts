/**
 * A game stored as what it is (migration 008): its **head** in the games row — the stored game (family, options,
 * the session's snapshot: seats, clock, random generator, cursor, ending, draw offer) without its moves — and its
 * **log** in `game_moves`, one row per entry: a move's text (sequential games) or a step as JSON (Tactorus: a round
 * or a command). A move appends its own entry and rewrites only the head; a takeback followed by a new move rewrites
 * the entries from where the lines part. A read puts the two back together into the stored game the catalogue
 * restores, exactly as it was written.
 *
 * Head and log are plain JSON, so this module knows the snapshot formats only by the names of their lists:
 *
 *   { "format": "tactica-game", …, "log": 3, "session": { …, "line": { "start": "…", "moves": 3, "cursor": 2 } } }
 *
 * where `"moves": 3` stands for the log's first three entries. A session's lines are `session.line` and, for an
 * ended game, the line before its result (`session.before`, or `session.before.line` in Tactorus); the line before
 * a result is the longer of the two (it keeps the moves taken back), the other a prefix of it, so both stand for
 * parts of one log. A line that is not a prefix of the log (none the sessions write) stays whole in the head.
 */
import type { LogChange } from '../db/game-log.js';
import { DomainError } from '../errors.js';

export type { LogChange };

/** The entries of a log, in order. */
export type MoveLog = readonly string[];

/** A stored game split for its row and its log rows. */
export interface SplitGame {
  /** The stored game's JSON with its lines' lists replaced by how many log entries each holds. */
  readonly head: string;
  readonly log: MoveLog;
}

/** The lists a line keeps its entries in: moves as text (sequential), steps or rounds as JSON (simultaneous). */
const LIST_KEYS = ['moves', 'steps', 'rounds'] as const;
type ListKey = (typeof LIST_KEYS)[number];

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The key of the list a line holds, if it is a line. */
function listKeyOf(line: unknown): ListKey | undefined {
  if (!isRecord(line)) return undefined;
  return LIST_KEYS.find((k) => k in line);
}

/** An entry's row text: a move's text as it is, a step as JSON. */
function entryText(key: ListKey, entry: unknown): string {
  return key === 'moves' && typeof entry === 'string' ? entry : JSON.stringify(entry);
}

/** A list's row texts: a list of move texts as it is (a move's write then copies nothing), steps as JSON. */
function textsOf(key: ListKey, list: readonly unknown[]): MoveLog {
  if (key === 'moves' && allStrings(list)) return list as MoveLog;
  return list.map((e) => entryText(key, e));
}

function allStrings(list: readonly unknown[]): boolean {
  // A plain loop: `every` with a callback took 6 times as long on a line of 2,000 moves.
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') return false;
  return true;
}

/** Where a session snapshot keeps its lines: each as [owner, field] so that it can be replaced. */
function linesOf(session: Json): [Json, string][] {
  const at: [Json, string][] = [];
  if (listKeyOf(session['line'])) at.push([session, 'line']);
  const before = session['before'];
  if (listKeyOf(before)) at.push([session, 'before']);
  else if (isRecord(before) && listKeyOf(before['line'])) at.push([before, 'line']);
  return at;
}

/**
 * Splits a stored game (the object `storeGame` makes, or a session's `toJSON` wrapped so) into its head and log.
 * `stored` is not changed.
 */
export function splitStoredGame(stored: Json): SplitGame {
  const session = stored['session'];
  if (!isRecord(session)) return { head: JSON.stringify({ ...stored, log: 0 }), log: [] };
  // A game in play (no line before a result): its line's moves are the log. The path of every move, written out
  // (the general one below took 5–8 µs more a move).
  const line = session['line'];
  if (session['before'] === undefined && isRecord(line) && Array.isArray(line['moves']) && allStrings(line['moves'])) {
    const log = line['moves'] as MoveLog;
    const head = JSON.stringify({
      ...stored,
      log: log.length,
      session: { ...session, line: { ...line, moves: log.length } },
    });
    return { head, log };
  }
  const copy: Json = { ...session };
  if (isRecord(copy['before'])) copy['before'] = { ...copy['before'] };
  const lines = linesOf(copy);
  const entries = lines.map(([owner, field]) => {
    const line = owner[field] as Json;
    const key = listKeyOf(line) as ListKey;
    const list = line[key];
    return { owner, field, line, key, texts: Array.isArray(list) ? textsOf(key, list) : undefined };
  });
  // The log is the longest list; every list that is a prefix of it stands for its first entries.
  let log: MoveLog = [];
  for (const e of entries) if (e.texts && e.texts.length > log.length) log = e.texts;
  for (const e of entries) {
    if (e.texts && isPrefix(e.texts, log)) e.owner[e.field] = { ...e.line, [e.key]: e.texts.length };
  }
  return { head: JSON.stringify({ ...stored, log: log.length, session: copy }), log };
}

function isPrefix(a: MoveLog, b: MoveLog): boolean {
  if (a === b) return true;
  if (a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function damaged(id: number, why: string): DomainError {
  return new DomainError('game/damaged', `game ${id} cannot be restored: ${why}`);
}

/**
 * The stored game again from a head and its log rows (read in order of their index): refused as a damaged game
 * (`game/damaged`) when they do not belong together — a row missing or too many, an entry that is not JSON.
 */
export function joinStoredGame(id: number, headText: string, log: MoveLog): Json {
  let head: unknown;
  try {
    head = JSON.parse(headText);
  } catch (e) {
    throw damaged(id, `its head is not JSON (${(e as Error).message})`);
  }
  if (!isRecord(head)) throw damaged(id, 'its head is not an object');
  const { log: length, ...stored } = head;
  if (length !== log.length) throw damaged(id, `its head holds ${String(length)} moves, its log ${log.length}`);
  const session = stored['session'];
  if (!isRecord(session)) return stored;
  const copy: Json = { ...session };
  if (isRecord(copy['before'])) copy['before'] = { ...copy['before'] };
  for (const [owner, field] of linesOf(copy)) {
    const line = owner[field] as Json;
    const key = listKeyOf(line) as ListKey;
    const count = line[key];
    if (typeof count !== 'number') continue;
    if (!Number.isInteger(count) || count < 0 || count > log.length) {
      throw damaged(id, `a line holds ${count} of ${log.length} moves`);
    }
    owner[field] = { ...line, [key]: entriesOf(id, key, log, count) };
  }
  return { ...stored, session: copy };
}

function entriesOf(id: number, key: ListKey, log: MoveLog, count: number): unknown[] {
  const texts = log.slice(0, count);
  if (key === 'moves') return texts;
  return texts.map((t, i) => {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      throw damaged(id, `its step ${i} is not JSON`);
    }
  });
}

/** What writing `after` over a stored `before` changes in the log rows; undefined when they are the same. */
export function logChange(before: MoveLog, after: MoveLog): LogChange | undefined {
  if (before === after) return undefined;
  const n = Math.min(before.length, after.length);
  // Every entry compared (a few ns each: the texts of a line are mostly the same strings): where the lines part is
  // then known for any change, not guessed from how the session made its line.
  let from = 0;
  while (from < n && before[from] === after[from]) from++;
  if (from === after.length && from === before.length) return undefined;
  return { from, texts: after.slice(from), cut: before.length > after.length };
}
