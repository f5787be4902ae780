/**
 * Tactorus command-line plumbing shared by the play loop and the e-mail commands: reading the new-game options,
 * making a new game, the save library (a save is a player's `++Tactorus` save text), reading files, and printing.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { describeError, titleTakenError, type Player } from '@tactica/core';
import {
  keyFingerprint,
  localView,
  newSession,
  parseGameFile,
  withNewEmailIdentity,
  type GameSettings,
  saveSession,
  sessionFromFile,
  type FlankSet,
  type Flanks,
  type Rules,
  type TactorusSession,
} from '@tactica/tactorus';
import type { InputError, Result } from '@tactica/core';
import { RECORD_FILE_MAX, readTextFile } from '../../input-files.js';
import { CliError, type Io } from '../../io.js';
import type { SaveLibrary } from '../../storage/save-library.js';
import { type SaveEntry } from '../../storage/save-library.js';
import { writeTextFileAtomic } from '../../storage/atomic-write.js';
import { readSection, readSettings, writeSection } from '../../storage/settings.js';
import { TACTORUS_THEME_NAMES } from './themes.js';

export const GAME_ID = 'tactorus';

export interface NewGameOptions {
  readonly chain?: boolean;
  readonly supplyLines?: boolean;
  readonly highGround?: boolean;
  /** From `--no-flank <which...>`: `true` (no flag given) or the flanks left out. */
  readonly flank?: boolean | string[];
}

/** Adds the new-game options of `tactica play tactorus` (manual, "New game") to a command. */
export function addNewGameOptions(cmd: Command): Command {
  return cmd
    .option('--chain', 'Chain moves (on by default, as in the manual’s default new game)')
    .option('--no-chain', 'no Chain moves')
    .option('--supply-lines', 'Supply Lines: 10 orders a round, minus 2 per home-row square held by the enemy')
    .option('--high-ground', 'High Ground: 10 orders a round, plus 1 per centre square held')
    .option('--no-flank <flank...>', 'leave out flanks: p1-left, p1-right, p2-left, p2-right (handicap)');
}

export function rulesOf(opts: NewGameOptions): Rules {
  return { chain: opts.chain ?? true, supplyLines: opts.supplyLines ?? false, highGround: opts.highGround ?? false };
}

export function flanksOf(opts: NewGameOptions): FlankSet {
  const out: [{ left: boolean; right: boolean }, { left: boolean; right: boolean }] = [
    { left: true, right: true },
    { left: true, right: true },
  ];
  const list = Array.isArray(opts.flank) ? opts.flank : [];
  for (const item of list) {
    for (const word of item.split(',')) {
      const m = /^p([12])-(left|right)$/.exec(word.trim().toLowerCase());
      if (!m) throw new CliError(`--no-flank takes p1-left, p1-right, p2-left or p2-right, not "${word}"`);
      out[m[1] === '1' ? 0 : 1][m[2] as keyof Flanks] = false;
    }
  }
  return out;
}

/** A game export, a memo or a record (at most 5 MB, as a `++Tactorus` game file). */
export function readText(file: string): string {
  return readTextFile(file, RECORD_FILE_MAX);
}

/** A key release (or memo) given on a command line: the file's text when the argument names a file, else itself. */
export function keyText(arg: string): string {
  return existsSync(arg) ? readText(arg) : arg;
}

/** Writes an export or a memo to the file a person named, atomically (the old file or the new, whole). */
export function writeText(file: string, text: string): void {
  try {
    writeTextFileAtomic(file, text);
  } catch (e) {
    throw new CliError(`cannot write ${file}: ${(e as Error).message}`);
  }
}

/** The library entry's one-line summary and facts: the round reached (manual, "Saving a Tactorus game"). */
function summaryOf(session: TactorusSession): { summary: string; meta: Record<string, string | number> } {
  const s = localView(session);
  const summary = s.outcome ? `round ${s.round}, over` : `round ${s.round}`;
  return {
    summary,
    meta: {
      round: s.round,
      mode: session.settings.mode,
      player: session.seat + 1,
      name: session.settings.name,
      ...(session.email ? { gameId: session.email.gameId } : {}),
    },
  };
}

/**
 * The saved e-mail game with this game id, if the library holds one. The entry's `gameId` fact only points at a
 * candidate: the save itself, read and checked, must have that id.
 */
export async function findByGameId(
  library: SaveLibrary,
  gameId: string,
): Promise<{ entry: SaveEntry; session: TactorusSession } | undefined> {
  for (const entry of library.list(GAME_ID)) {
    if (entry.meta['gameId'] !== gameId) continue;
    const save = library.openId(entry.id, GAME_ID);
    if (!save.ok) continue;
    const session = await sessionFromText(save.value.payload, `save "${save.value.title}"`);
    if (session.email?.gameId === gameId) return { entry: save.value, session };
  }
  return undefined;
}

/** Saves a session under a title: `as` makes a new save even when the title is taken (manual: Save As). */
export async function storeSession(
  library: SaveLibrary,
  title: string,
  session: TactorusSession,
  how: 'save' | 'save-as' = 'save',
): Promise<SaveEntry> {
  const text = await saveSession(session);
  if (!text.ok) throw new CliError(describeError(text.error));
  const input = { title, payload: text.value, ...summaryOf(session) };
  const r = how === 'save' ? library.save(GAME_ID, input) : library.saveAs(GAME_ID, input);
  if (!r.ok) throw new CliError(describeError(r.error));
  return r.value;
}

/** Opens a save (by number or title) and checks it: the checksum, the layout, the history replayed. */
export async function openSession(
  library: SaveLibrary,
  ref: string,
): Promise<{ entry: SaveEntry; session: TactorusSession }> {
  const save = library.open(ref, GAME_ID);
  if (!save.ok) throw new CliError(describeError(save.error));
  const session = await sessionFromText(save.value.payload, `save "${save.value.title}"`);
  return { entry: save.value, session };
}

/** A session from `++Tactorus` text (a save or an export). */
async function sessionFromText(text: string, where: string): Promise<TactorusSession> {
  const file = await parseGameFile(text);
  if (!file.ok) throw new CliError(`${where}: ${describeError(file.error)}`);
  const session = sessionFromFile(file.value);
  if (!session.ok) throw new CliError(`${where}: ${describeError(session.error)}`);
  return session.value;
}

/** True when a saved Tactorus game already has this title (compared as the library compares titles). */
export function titleTaken(library: SaveLibrary, title: string): boolean {
  const t = title.replace(/\s+/g, ' ').trim();
  return library.list(GAME_ID).some((e) => e.title.localeCompare(t, undefined, { sensitivity: 'accent' }) === 0);
}

/**
 * An e-mail game is saved after every step under its title, and its save holds the key: the title must name one
 * save only, so a new e-mail game may not take a title already in use.
 */
export function requireFreeTitle(library: SaveLibrary, title: string): void {
  if (titleTaken(library, title)) {
    throw new CliError(`${describeError(titleTakenError(GAME_ID, title))}; choose another title`);
  }
}

export function listSaves(library: SaveLibrary): string {
  const saves = library.listShown(GAME_ID);
  const damaged = library.damagedLines(GAME_ID);
  if (saves.length === 0) return ['No saved Tactorus games.', ...damaged].join('\n');
  return saves
    .map((e, i) => {
      const mode = typeof e.meta['mode'] === 'string' ? `, ${e.meta['mode']}` : '';
      const who = typeof e.meta['player'] === 'number' ? `, Player ${e.meta['player']}` : '';
      return `${i + 1}. ${e.title} — ${e.summary}${mode}${who} (${e.savedAt.slice(0, 16).replace('T', ' ')})`;
    })
    .concat(damaged)
    .join('\n');
}

/**
 * A title no save of the game has: `base`, else `base (2)`, `base (3)`… (a game saved again is kept as a copy, and
 * titles are unique **(ours)**).
 */
export function freeTitle(library: SaveLibrary, base: string): string {
  if (!titleTaken(library, base)) return base;
  for (let n = 2; ; n++) {
    const title = `${base} (${n})`;
    if (!titleTaken(library, title)) return title;
  }
}

/** Tactorus's settings in the user's settings file (section `tactorus`): the colour theme (Game->Options). */
const SETTINGS = { theme: { choices: TACTORUS_THEME_NAMES, default: TACTORUS_THEME_NAMES[0] ?? 'classic' } };

/** The saved colour theme; a damaged settings file is reported on `io`'s error stream and the default used. */
export function loadTactorusTheme(io: Io): string {
  const { values, problems } = readSection(readSettings(), GAME_ID, SETTINGS);
  for (const p of problems) io.error.write(`tactica: ${p}\n`);
  return values.theme;
}

export function saveTactorusSetting(name: keyof typeof SETTINGS, value: string): Result<void, InputError> {
  return writeSection(GAME_ID, { [name]: value });
}

export function print(io: Io, text: string): void {
  io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function must<T>(r: Result<T, InputError>, where?: string): T {
  if (r.ok) return r.value;
  throw new CliError(`${where ? `${where}: ` : ''}${describeError(r.error)}`);
}

/** Standard error, for what is said beside a command's output (stdout may be a memo piped to mail). */
export function note(io: Io, text: string): void {
  io.error.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** A new e-mail game gets its random id and this player's signing key pair; other games come as they are. */
export async function withIdentity(session: TactorusSession): Promise<TactorusSession> {
  return session.settings.mode === 'e-mail' ? must(await withNewEmailIdentity(session)) : session;
}

export async function ownFingerprint(session: TactorusSession): Promise<string> {
  return must(await keyFingerprint(session, session.seat)) ?? '-';
}

export function newGameSession(
  opts: NewGameOptions & { email?: boolean; name?: string },
  computer?: { level: number; seat: Player },
): TactorusSession {
  const name = opts.name ?? 'noname';
  const settings: GameSettings = computer
    ? { name, mode: 'computer', level: computer.level }
    : { name, mode: opts.email ? 'e-mail' : 'hot-seat' };
  // Against the computer the session's seat is the human's.
  const seat: Player = computer ? (computer.seat === 0 ? 1 : 0) : 0;
  return newSession(settings, { rules: rulesOf(opts), flanks: flanksOf(opts) }, seat);
}
