/**
 * The signed-in player's library of saved games on the server (`/api/saves`, the server's `GameStore` over its
 * database) as a `GameStore` of the browser: the same interface as the browser's own saved games, so the app saves
 * and opens a game the same way in either. A game saved here opens on any device signed in to the same account.
 * Refusals come back as the store's coded errors (`store/…`), and a missing sign-in as `auth/…`, never thrown.
 */
import {
  err,
  inputError,
  ok,
  type CreateInput,
  type DeleteOptions,
  type GameStore,
  type InputError,
  quoteForMessage,
  storeError,
  type JsonValue,
  type Result,
  type StoredEntry,
  type StoredGame,
  type StoreListing,
  type UpdateInput,
} from '@tactica/core';
import type { DomainCode } from '@tactica/server/protocol';

/** Where the API is and how a call is signed in: the page's own origin and its cookie, unless told otherwise. */
export interface ServerStoreOptions {
  /** The server's origin (`http://127.0.0.1:8080`); empty: the page's. */
  readonly base?: string;
  /** A bearer token (a program's sign-in); without one, the page's log-in cookie. */
  readonly token?: string;
}

async function call<T>(
  options: ServerStoreOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<Result<T, InputError>> {
  let res: Response;
  // A change is always sent as JSON ({} when it has nothing to say): the server refuses a change made with the
  // session cookie that a plain form could have sent.
  const payload = body === undefined && method !== 'GET' ? {} : body;
  try {
    res = await fetch(`${options.base ?? ''}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token !== undefined ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  } catch (e) {
    return err(inputError('store/io', `the server cannot be reached: ${(e as Error).message}`));
  }
  let data: unknown;
  try {
    data = JSON.parse(await res.text()) as unknown;
  } catch {
    data = undefined;
  }
  if (res.ok) return ok(data as T);
  const e = (data as { error?: { code?: DomainCode; message?: string; field?: string } } | undefined)?.error;
  // The HTTP layer checks a request's shape before the store sees it (a family longer than 64 characters, a
  // version that is no integer): its refusal is given the store's code for that field, as the interface says.
  const field =
    e?.code === 'request/invalid' ? /(family|title|doc|expectedVersion|id)\b/.exec(e.field ?? e.message ?? '') : null;
  if (field) {
    const code = (
      {
        family: 'store/bad-family',
        title: 'store/bad-title',
        doc: 'store/bad-doc',
        expectedVersion: 'store/bad-version',
        id: 'store/bad-id',
      } as const
    )[field[1] as 'family' | 'title' | 'doc' | 'expectedVersion' | 'id'];
    return err(storeError(code, e?.message ?? 'refused'));
  }
  if (res.status === 401) {
    return err(inputError('auth/required', 'sign in (Online) to keep games on the server'));
  }
  return err(inputError(e?.code ?? 'store/io', e?.message ?? `the server answered ${res.status}`));
}

/**
 * An id as the server makes them (a UUID's letters, digits and dashes). Anything else is refused here, before it
 * becomes part of a URL: `..` or `a/b` would name another route once the URL is normalised.
 */
const ID = /^[0-9A-Za-z-]{1,64}$/;

function badId(id: string): Result<never, InputError> {
  return err(storeError('store/bad-id', `not a save id: ${quoteForMessage(id)}`));
}

export class ServerGameStore implements GameStore {
  constructor(private readonly options: ServerStoreOptions = {}) {}

  create(input: CreateInput<JsonValue>): Promise<Result<StoredEntry, InputError>> {
    return call<StoredEntry>(this.options, 'POST', '/api/saves', input);
  }

  async load(id: string): Promise<Result<StoredGame<JsonValue>, InputError>> {
    if (!ID.test(id)) return badId(id);
    return call<StoredGame<JsonValue>>(this.options, 'GET', `/api/saves/${encodeURIComponent(id)}`);
  }

  async list(filter?: { readonly family?: string }): Promise<Result<StoreListing, InputError>> {
    const q = filter?.family !== undefined ? `?family=${encodeURIComponent(filter.family)}` : '';
    const r = await call<{ games: StoredEntry[]; damaged: { name: string; error: InputError }[] }>(
      this.options,
      'GET',
      `/api/saves${q}`,
    );
    return r.ok ? ok({ games: r.value.games, damaged: r.value.damaged }) : r;
  }

  async update(id: string, input: UpdateInput<JsonValue>): Promise<Result<StoredEntry, InputError>> {
    if (!ID.test(id)) return badId(id);
    return call<StoredEntry>(this.options, 'PUT', `/api/saves/${encodeURIComponent(id)}`, input);
  }

  async delete(id: string, options?: DeleteOptions): Promise<Result<StoredEntry, InputError>> {
    if (!ID.test(id)) return badId(id);
    const q = options?.expectedVersion !== undefined ? `?expectedVersion=${options.expectedVersion}` : '';
    return call<StoredEntry>(this.options, 'DELETE', `/api/saves/${encodeURIComponent(id)}${q}`);
  }
}

/** The one server library of the page. */
export const serverStore = new ServerGameStore();
