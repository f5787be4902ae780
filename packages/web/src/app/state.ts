/**
 * The app's state and the acts that change it: which screen is shown, the settings, the game in progress (kept in
 * the browser after every change and resumed at the next load), the saved games, files in and out.
 */
import { signal } from '@preact/signals';
import {
  listing,
  loadEntry,
  readStoredGame,
  restoreGame,
  startPlay,
  takesLiveClock,
  turnWord,
  withRecordLine,
  type AnyGameEntry,
  type GameFamily,
  type ImportedRecord,
} from '@tactica/catalogue';
import {
  titleKey,
  type JsonValue,
  type SessionClock,
  type SessionSeats,
  hasCode,
  type StoreErrorCode,
} from '@tactica/core';
import { loadGameUi } from '../games/game-ui.js';
import type { GameStore } from '@tactica/core';
import { serverStore } from '../online/server-store.js';
import { WebStorageGameStore } from './browser-store.js';
import { freeTitle } from './save-title.js';
import { closeEngines } from './engines.js';
import { LocalGame, type GameMeta, type LocalDoc, type Play } from './local-game.js';
import { sound, type SoundMode } from './sound.js';

export type Route =
  | { readonly screen: 'home' }
  | { readonly screen: 'game' }
  | { readonly screen: 'help'; readonly family: GameFamily | 'site' }
  | { readonly screen: 'online' };

const CURRENT_KEY = 'tactica:current';
const SETTINGS_KEY = 'tactica:settings';

export interface Settings {
  readonly theme: 'light' | 'dark';
  readonly sound: SoundMode;
  /** Draughts Galore's "Board view": the first player's home at the bottom, or the viewer's. */
  readonly boardView: 'first' | 'viewer';
  readonly animation: boolean;
}

const DEFAULT_SETTINGS: Settings = { theme: 'light', sound: 'normal', boardView: 'viewer', animation: true };

function readSettings(): Settings {
  try {
    const v = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>;
    return {
      theme: v.theme === 'dark' ? 'dark' : 'light',
      sound: v.sound === 'off' || v.sound === 'loud' ? v.sound : 'normal',
      boardView: v.boardView === 'first' ? 'first' : 'viewer',
      animation: v.animation !== false,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const route = signal<Route>({ screen: 'home' });
export const settings = signal<Settings>(DEFAULT_SETTINGS);
export const current = signal<LocalGame | undefined>(undefined);
/** A message for the whole app (a file that could not be read, a damaged game in progress). */
export const alert = signal<{ readonly kind: 'error' | 'info'; readonly text: string } | undefined>(undefined);
export const busy = signal<string | undefined>(undefined);

export const store = new WebStorageGameStore(
  typeof localStorage === 'undefined'
    ? { length: 0, key: () => null, getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
    : localStorage,
);
/** Raised when the saves change, so lists re-read. */
export const savesRev = signal(0);

export function setSettings(next: Partial<Settings>): void {
  settings.value = { ...settings.value, ...next };
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings.value));
  document.documentElement.dataset['theme'] = settings.value.theme;
}

export function go(r: Route): void {
  route.value = r;
  const hash = r.screen === 'help' ? `#help/${r.family}` : r.screen === 'home' ? '#' : `#${r.screen}`;
  // The online screen owns what follows `#online/` (a shared link to a game, `#online/game/12`): kept for it to read.
  if (r.screen === 'online' && location.hash.startsWith('#online/')) return;
  if (location.hash !== hash && !(hash === '#' && location.hash === '')) history.replaceState(null, '', hash || '#');
}

function persistCurrent(doc: LocalDoc): void {
  try {
    localStorage.setItem(CURRENT_KEY, JSON.stringify(doc));
  } catch (e) {
    alert.value = { kind: 'error', text: `The game could not be kept in the browser: ${(e as Error).message}` };
  }
}

/** Opens a game: the old one stops (its engines too), the new one is kept and shown. */
export async function open(play: Play, meta: GameMeta): Promise<LocalGame> {
  const old = current.value;
  old?.close();
  if (old && old.family !== play.setup.family) await closeEngines();
  const ui = await loadGameUi(play.setup.family);
  const game = new LocalGame(play, meta, ui, persistCurrent, (kind) => {
    sound(settings.value.sound, kind);
  });
  current.value = game;
  game.start();
  go({ screen: 'game' });
  return game;
}

export interface NewGameRequest {
  readonly family: GameFamily;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: SessionSeats;
  readonly clock?: SessionClock | undefined;
}

/** Starts a new game from the new-game dialog; a refusal names the option at fault. */
export async function startGame(req: NewGameRequest): Promise<string | undefined> {
  // A message about the last game or file ("Opened round2.txt.") is not about the new one.
  alert.value = undefined;
  const entry = await loadEntry(req.family);
  const setup = entry.setup(req.options);
  if (!setup.ok) return setup.error.message;
  const s = setup.value;
  const now = Date.now();
  const seed = Math.floor(Math.random() * 2 ** 31);
  // A game of rounds takes no clock (the dialog offers none for it).
  const clock = req.clock && takesLiveClock(s) ? { clock: req.clock } : {};
  const play = startPlay(s, { seats: req.seats, ...clock, seed, now });
  if (!play.ok) return play.error.message;
  await open(play.value, {});
  return undefined;
}

/** Reads the game in progress from the browser. A damaged one is set aside, with a message; nothing else changes. */
export async function resumeCurrent(): Promise<boolean> {
  const text = localStorage.getItem(CURRENT_KEY);
  if (text === null) return false;
  const fail = (why: string): false => {
    localStorage.setItem(`${CURRENT_KEY}:damaged`, text);
    localStorage.removeItem(CURRENT_KEY);
    alert.value = {
      kind: 'error',
      text: `The game in progress could not be resumed (${why}). It was set aside; your saved games are as they were.`,
    };
    return false;
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch {
    return fail('it is not JSON: it was cut short or edited');
  }
  const d = doc as Partial<LocalDoc>;
  if (typeof d !== 'object' || d === null || d.format !== 'tactica-web-game') return fail('it is not a Tactica game');
  const read = readStoredGame(d.stored);
  if (!read.ok) return fail(read.error.message);
  let restored;
  try {
    restored = await restoreGame(read.value);
  } catch (e) {
    return fail((e as Error).message);
  }
  if (!restored.ok) return fail(restored.error.message);
  const meta = typeof d.meta === 'object' && d.meta !== null ? d.meta : {};
  await open(restored.value, meta);
  return true;
}

export function hasCurrent(): boolean {
  return typeof localStorage !== 'undefined' && localStorage.getItem(CURRENT_KEY) !== null;
}

/** One line about a game for the saves list. */
function summaryOf(game: LocalGame): string {
  const st = game.status();
  const who =
    st.toMove.length === 1 ? `${game.ui.sides[st.toMove[0] as 0 | 1]} to move` : st.toMove.length ? 'orders' : 'over';
  return `${turnWord(listing(game.family))} ${st.moveNumber}, ${who}`;
}

/** The title of a new save of `game` without one: its game and rule set, free in `target` (`save-title.ts`). */
async function newSaveTitle(game: LocalGame, target: GameStore): Promise<string | undefined> {
  const listed = await target.list({ family: game.family });
  // A store that cannot list leaves the title to the store (`Untitled`): the save matters more than its name.
  if (!listed.ok) return undefined;
  const keys = new Set(listed.value.games.map((g) => titleKey(g.title)));
  return freeTitle(saveTitleBase(game), (k) => keys.has(k));
}

/** What a new save is named after: the game and its rule set as the game names itself (`Russian draughts`). */
export function saveTitleBase(game: LocalGame): string {
  return game.play.setup.game.info.name;
}

/** Where a game is saved: the browser's saved games, or the signed-in player's library on the server. */
export type SaveSite = 'browser' | 'server';

function storeAt(site: SaveSite): GameStore {
  return site === 'server' ? serverStore : store;
}

/**
 * Saves the game in progress (a new save, or over the one it came from there): in the browser's saved games, or in
 * the player's library on the server, from where it opens on another device signed in to the same account.
 */
export async function saveCurrent(title?: string, site: SaveSite = 'browser'): Promise<string> {
  const game = current.value;
  if (!game) return 'no game to save';
  // An assertion still: the session's snapshot is typed `unknown` (each game's state; JSON by the sessions' `toJSON`
  // contract), and typing every game's snapshot as JSON is more than this line is worth.
  const doc = game.toDoc().stored as JsonValue;
  const summary = summaryOf(game);
  const target = storeAt(site);
  const where = site === 'server' ? ' on the server' : '';
  const place = site === 'server' ? game.meta.server : { id: game.meta.saveId, version: game.meta.saveVersion };
  const remember = (id: string, version: number, saved: string): GameMeta =>
    site === 'server'
      ? { ...game.meta, server: { id, version }, title: saved }
      : { ...game.meta, saveId: id, saveVersion: version, title: saved };
  if (place?.id !== undefined && place.version !== undefined && title === undefined) {
    const r = await target.update(place.id, { expectedVersion: place.version, doc, summary });
    if (r.ok) {
      game.setMeta(remember(r.value.id, r.value.version, r.value.title));
      savesRev.value++;
      return `Saved over "${r.value.title}"${where}.`;
    }
    if (!hasCode<StoreErrorCode>(r.error, 'store/not-found')) return r.error.message;
  }
  const named = title ?? (await newSaveTitle(game, target));
  const r = await target.create({ family: game.family, summary, doc, ...(named ? { title: named } : {}) });
  if (!r.ok) return r.error.message;
  game.setMeta(remember(r.value.id, r.value.version, r.value.title));
  savesRev.value++;
  return `Saved as "${r.value.title}"${where}.`;
}

/** Opens a saved game (the browser's or the server's); a damaged save gives its reason and stays as it was. */
export async function openSave(id: string, site: SaveSite = 'browser'): Promise<string | undefined> {
  const r = await storeAt(site).load(id);
  if (!r.ok) return r.error.message;
  const read = readStoredGame(r.value.doc);
  if (!read.ok) return `"${r.value.title}" cannot be opened: ${read.error.message}`;
  const restored = await restoreGame(read.value);
  if (!restored.ok) return `"${r.value.title}" cannot be opened: ${restored.error.message}`;
  const meta: GameMeta =
    site === 'server'
      ? { server: { id: r.value.id, version: r.value.version }, title: r.value.title }
      : { saveId: r.value.id, saveVersion: r.value.version, title: r.value.title };
  await open(restored.value, meta);
  return undefined;
}

/** A record read from a file, played into a new game (both sides at this screen) at its end. */
export async function openRecord(
  entry: AnyGameEntry,
  record: ImportedRecord<unknown, unknown>,
  name: string,
): Promise<string | undefined> {
  const setup = entry.setup(record.options);
  if (!setup.ok) return `${name}: ${setup.error.message}`;
  const s = setup.value;
  const now = Date.now();
  const made = startPlay(s, { seed: 1, now });
  if (!made.ok) return made.error.message;
  // The record's moves played on, or its rounds restored with the record's own seats.
  const loaded = withRecordLine(made.value, record, { expectedVersion: made.value.session.version, now });
  if (!loaded.ok) return `${name}: ${loaded.error.message}`;
  await open(loaded.value, { title: name });
  return undefined;
}

export function initState(): void {
  settings.value = readSettings();
  document.documentElement.dataset['theme'] = settings.value.theme;
}
