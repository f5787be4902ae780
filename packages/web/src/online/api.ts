/**
 * The game server's HTTP API (docs/server.md), from the page that `tactica serve` serves: same origin, the log-in
 * kept in the server's HTTP-only cookie. Every refusal arrives as `{ error: { code, message, field } }` and is
 * thrown as an `ApiError` with that code, for the screens to show.
 */
import type { AnyGameEntry, GameFamily } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import type {
  ChallengeView,
  ChatLine,
  CommandAck,
  CommandBody,
  GameCommandName,
  GameView,
  MoveInputText,
  TimeControlSpec,
} from '@tactica/server/protocol';
import type { RefusalCode } from '../codes.js';
import { refusalWords } from './refusal-words.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface User {
  readonly id: string;
  readonly name: string;
}

/** The server's time controls, views and chat lines: the wire protocol's own types (`@tactica/server/protocol`). */
export type TimeControl = TimeControlSpec;
export type { GameView };

/** A game of the server's catalogue (`GET /api/catalogue`): its entry's description, without the functions. */
export type CatalogueGame = Pick<
  AnyGameEntry,
  'family' | 'name' | 'summary' | 'dynamics' | 'options' | 'variants' | 'levels' | 'records'
>;

export type Challenge = ChallengeView;

export interface GameSummary {
  readonly id: number;
  readonly family: GameFamily;
  readonly players?: readonly unknown[];
  readonly [key: string]: unknown;
}

export type ChatMessage = ChatLine;

/** One line of a game's leaderboard (`GET /api/ratings/:family`). */
export interface Standing {
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new ApiError(0, 'network/unreachable', `the server cannot be reached: ${(e as Error).message}`);
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: RefusalCode; message?: string; field?: string } } | undefined)?.error;
    throw new ApiError(
      res.status,
      e?.code ?? `http/${res.status}`,
      e?.message ?? `the server answered ${res.status}`,
      e?.field,
    );
  }
  return data as T;
}

const json = {
  get: <T>(p: string) => call<T>('GET', p),
  post: <T>(p: string, b: unknown = {}) => call<T>('POST', p, b),
};

/** A game command over HTTP (`POST /api/games/:id/<command>`), its body as the protocol declares it. */
const command = <C extends GameCommandName>(id: number, name: C, body: CommandBody<C>): Promise<CommandAck> =>
  json.post<CommandAck>(`/api/games/${id}/${name}`, body);

/** A tournament in the list (`GET /api/tournaments`; docs/server.md "Tournaments"). */
export interface TournamentSummary {
  readonly id: number;
  readonly name: string;
  readonly kind: 'swiss' | 'round-robin' | 'knockout' | 'arena';
  readonly family: GameFamily;
  readonly status: 'open' | 'running' | 'finished' | 'cancelled';
  readonly organiser: string;
  readonly round: number;
  readonly rounds: number;
  readonly entrants: number;
  readonly maxEntrants: number;
}

/** A tournament shown whole (`GET /api/tournaments/:id`): entrants, standings with tie-breaks, crosstable. */
export interface TournamentView extends TournamentSummary {
  readonly entries: readonly { no: number; name: string; computer: boolean; withdrawn: boolean }[];
  readonly standings: readonly {
    no: number;
    name: string;
    rank: number;
    points: number;
    score: number;
    buchholz: number;
    sonnebornBerger: number;
    wins: number;
    withdrawn: boolean;
  }[];
  readonly crosstable: readonly {
    no: number;
    cells: readonly { round: number; opponent: number | null; seat: 0 | 1; points: number | null }[];
  }[];
}

/** A game of yours waiting in a tournament (`GET /api/tournaments/next`). */
export interface NextTournamentGame {
  readonly tournamentId: number;
  readonly name: string;
  readonly round: number;
  readonly gameId: number;
  readonly opponent: string;
}

export const api = {
  tournaments: () => json.get<TournamentSummary[]>('/api/tournaments'),
  tournament: (id: number) => json.get<TournamentView>(`/api/tournaments/${id}`),
  joinTournament: (id: number) => json.post<TournamentView>(`/api/tournaments/${id}/join`),
  leaveTournament: (id: number) => json.post<TournamentView>(`/api/tournaments/${id}/leave`),
  nextTournamentGames: () => json.get<NextTournamentGame[]>('/api/tournaments/next'),
  createTournament: (b: {
    name: string;
    kind: TournamentSummary['kind'];
    family: string;
    rounds?: number;
    minutes?: number;
    control: TimeControl;
  }) => json.post<TournamentView>('/api/tournaments', b),
  startTournament: (id: number) => json.post<TournamentView>(`/api/tournaments/${id}/start`),
  addComputer: (id: number, level: string) => json.post<TournamentView>(`/api/tournaments/${id}/computers`, { level }),
  health: () => json.get<{ ok: boolean; database: string }>('/api/health'),
  signUp: (name: string, password: string) =>
    json.post<{ user: User }>('/api/accounts', { name, password, kind: 'cookie' }),
  logIn: (name: string, password: string) =>
    json.post<{ user: User }>('/api/login', { name, password, kind: 'cookie' }),
  logOut: () => json.post<void>('/api/logout', {}),
  account: () => json.get<User>('/api/account'),
  changePassword: (oldPassword: string, newPassword: string) =>
    json.post<void>('/api/account/password', { oldPassword, newPassword }),
  vacation: (until: number | null) => call<void>('PUT', '/api/account/vacation', { until }),
  user: (name: string) => json.get<Record<string, unknown>>(`/api/users/${encodeURIComponent(name)}`),
  catalogue: () => json.get<CatalogueGame[]>('/api/catalogue'),
  online: () => json.get<{ count: number; players: string[] }>('/api/online'),
  ratings: (family: string) => json.get<Standing[]>(`/api/ratings/${encodeURIComponent(family)}`),
  games: (user?: string) =>
    json.get<GameSummary[]>(user ? `/api/games?user=${encodeURIComponent(user)}` : '/api/games'),
  game: (id: number) => json.get<GameView>(`/api/games/${id}`),
  playComputer: (b: {
    family: string;
    options: unknown;
    level: string;
    seat: Player | 'random';
    control?: TimeControl;
  }) => json.post<GameView>('/api/games', b),
  move: (id: number, version: number, move: MoveInputText) => command(id, 'move', { version, move }),
  orders: (id: number, version: number, orders: readonly MoveInputText[]) => command(id, 'orders', { version, orders }),
  withdraw: (id: number, version: number) => command(id, 'withdraw', { version }),
  resign: (id: number, version: number) => command(id, 'resign', { version }),
  draw: (id: number, version: number, action: CommandBody<'draw'>['action']) =>
    command(id, 'draw', { version, action }),
  takeback: (id: number, version: number, action: CommandBody<'takeback'>['action']) =>
    command(id, 'takeback', { version, action }),
  chat: (id: number) => json.get<ChatMessage[]>(`/api/games/${id}/chat`),
  say: (id: number, text: string) => json.post<ChatMessage>(`/api/games/${id}/chat`, { text }),
  exportRecord: (id: number, format?: string) =>
    call<string>('GET', `/api/games/${id}/export${format ? `?format=${encodeURIComponent(format)}` : ''}`),
  importRecord: (b: { family: string; format?: string; text: string; level?: string; seat?: Player }) =>
    json.post<GameView>('/api/imports', b),
  challenges: () => json.get<Challenge[]>('/api/challenges'),
  challenge: (b: {
    family: string;
    options?: unknown;
    control?: TimeControl;
    rated?: boolean;
    seat?: '0' | '1' | 'random';
    opponent?: string;
    engineHelp?: boolean;
  }) => json.post<Challenge>('/api/challenges', b),
  /** Quick pairing: anyone asking for this game and clock, or a request that waits for them. */
  pair: (b: { family: string; options?: unknown; control?: TimeControl; rated?: boolean }) =>
    json.post<{ status: 'paired' | 'waiting'; challenge: Challenge; game?: GameView }>('/api/pairing', b),
  pairing: () => json.get<{ waiting: Challenge | null }>('/api/pairing'),
  cancelPairing: () => json.post<{ cancelled: number }>('/api/pairing/cancel'),
  accept: (id: number) => json.post<{ challenge: Challenge; game: GameView }>(`/api/challenges/${id}/accept`),
  decline: (id: number) => json.post<Challenge>(`/api/challenges/${id}/decline`),
  cancel: (id: number) => json.post<Challenge>(`/api/challenges/${id}/cancel`),
  saves: () => json.get<unknown[]>('/api/saves'),
};

/** What a screen shows for a failure: in words for people (the code stays on the ApiError for the screens' logic). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return refusalWords(e.code, e.message);
  return refusalWords(undefined, e instanceof Error ? e.message : String(e));
}
