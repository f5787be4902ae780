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
  type JsonValue,
  type Result,
  type StoredEntry,
  type StoredGame,
  type StoreListing,
  type UpdateInput,
} from '@tactica/core';

async function call<T>(method: string, path: string, body?: unknown): Promise<Result<T, InputError>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
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
  const e = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
  if (res.status === 401) {
    return err(inputError('auth/required', 'sign in (Online) to keep games on the server'));
  }
  return err(inputError(e?.code ?? 'store/io', e?.message ?? `the server answered ${res.status}`));
}

export class ServerGameStore implements GameStore {
  create(input: CreateInput<JsonValue>): Promise<Result<StoredEntry, InputError>> {
    return call<StoredEntry>('POST', '/api/saves', input);
  }

  load(id: string): Promise<Result<StoredGame<JsonValue>, InputError>> {
    return call<StoredGame<JsonValue>>('GET', `/api/saves/${encodeURIComponent(id)}`);
  }

  async list(filter?: { readonly family?: string }): Promise<Result<StoreListing, InputError>> {
    const q = filter?.family !== undefined ? `?family=${encodeURIComponent(filter.family)}` : '';
    const r = await call<{ games: StoredEntry[]; damaged: { name: string; error: InputError }[] }>(
      'GET',
      `/api/saves${q}`,
    );
    return r.ok ? ok({ games: r.value.games, damaged: r.value.damaged }) : r;
  }

  update(id: string, input: UpdateInput<JsonValue>): Promise<Result<StoredEntry, InputError>> {
    return call<StoredEntry>('PUT', `/api/saves/${encodeURIComponent(id)}`, input);
  }

  delete(id: string, options?: DeleteOptions): Promise<Result<StoredEntry, InputError>> {
    const q = options?.expectedVersion !== undefined ? `?expectedVersion=${options.expectedVersion}` : '';
    return call<StoredEntry>('DELETE', `/api/saves/${encodeURIComponent(id)}${q}`);
  }
}

/** The one server library of the page. */
export const serverStore = new ServerGameStore();
