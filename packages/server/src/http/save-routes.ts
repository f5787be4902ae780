/**
 * Each player's library of saved games on the server (`/api/saves`): the platform's `GameStore` over the database,
 * so the browser app can keep a player's games across devices. A player reaches only their own library.
 */
import type { FastifyInstance } from 'fastify';
import type { InputError, JsonValue, Result } from '@tactica/core';
import { DomainError, fromInputError } from '../errors.js';
import { DbGameStore, type StoreQuota } from '../saves/db-game-store.js';
import type { Services } from '../services.js';
import { requireUser, userKey } from './app.js';
import { errorReplies, openObject } from './schemas.js';

/** Each user's library on the server. */
export type SaveQuota = StoreQuota;

/**
 * 200 saves and 20 MB of documents per user **(ours)**: hundreds of long games (a long Tactorus game is some tens
 * of kilobytes), while one account cannot fill the disk.
 */
export const DEFAULT_SAVE_QUOTA: SaveQuota = { count: 200, bytes: 20_000_000 };

function unwrap<T>(r: Result<T, InputError>): T {
  if (!r.ok) throw fromInputError(r.error);
  return r.value;
}

/**
 * A family is any name the platform's stores take (the app's store kit saves families of its own), but not the name
 * of a property every object has (`constructor`): a reader that files saves by family in a plain object would find
 * something there before the first save of it.
 */
function checkFamily(family: string): string {
  if (!Object.hasOwn(Object.prototype, family)) return family;
  throw new DomainError('store/bad-family', `${JSON.stringify(family)} cannot be a game family`, 'family');
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export async function saveRoutes(
  app: FastifyInstance,
  services: Services,
  writesPerMinute: number,
  quota: SaveQuota,
): Promise<void> {
  const storeOf = (request: Parameters<typeof requireUser>[0]): DbGameStore =>
    new DbGameStore(services.database, requireUser(request).id, services.now, quota);
  const writeLimit = { rateLimit: { max: writesPerMinute, timeWindow: 60_000, keyGenerator: userKey } };

  app.get<{ Querystring: { family?: string } }>(
    '/api/saves',
    {
      schema: {
        summary: 'Your saved games (damaged ones listed apart)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { family: { type: 'string', maxLength: 64 } },
        },
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) => {
      const family = request.query.family;
      const listing = unwrap(await storeOf(request).list(family !== undefined ? { family: checkFamily(family) } : {}));
      return { games: listing.games, damaged: listing.damaged.map((d) => ({ name: d.name, error: d.error })) };
    },
  );

  app.post<{ Body: { family: string; title?: string; summary?: string; doc: JsonValue } }>(
    '/api/saves',
    {
      config: writeLimit,
      schema: {
        summary: 'Save a game in your library',
        body: {
          type: 'object',
          required: ['family', 'doc'],
          additionalProperties: false,
          properties: {
            family: { type: 'string', maxLength: 64 },
            title: { type: 'string', maxLength: 10_000 },
            summary: { type: 'string', maxLength: 10_000 },
            doc: {},
          },
        },
        response: { 201: openObject, ...errorReplies },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const made = unwrap(
        await storeOf(request).create({
          family: checkFamily(b.family),
          ...(b.title !== undefined ? { title: b.title } : {}),
          summary: b.summary ?? '',
          doc: b.doc,
        }),
      );
      return reply.status(201).send(made);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/saves/:id',
    {
      schema: { summary: 'One of your saved games', params: idParams, response: { 200: openObject, ...errorReplies } },
    },
    async (request) => unwrap(await storeOf(request).load(request.params.id)),
  );

  app.put<{
    Params: { id: string };
    Body: { expectedVersion: number; doc: JsonValue; summary?: string; title?: string };
  }>(
    '/api/saves/:id',
    {
      config: writeLimit,
      schema: {
        summary: 'Replace a saved game (refused unless it is still at expectedVersion)',
        params: idParams,
        body: {
          type: 'object',
          required: ['expectedVersion', 'doc'],
          additionalProperties: false,
          properties: {
            expectedVersion: { type: 'integer', minimum: 1 },
            doc: {},
            summary: { type: 'string', maxLength: 10_000 },
            title: { type: 'string', maxLength: 10_000 },
          },
        },
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) => {
      const b = request.body;
      return unwrap(
        await storeOf(request).update(request.params.id, {
          expectedVersion: b.expectedVersion,
          doc: b.doc,
          ...(b.summary !== undefined ? { summary: b.summary } : {}),
          ...(b.title !== undefined ? { title: b.title } : {}),
        }),
      );
    },
  );

  app.delete<{ Params: { id: string }; Querystring: { expectedVersion?: string } }>(
    '/api/saves/:id',
    {
      config: writeLimit,
      schema: {
        summary: 'Delete a saved game',
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { expectedVersion: { type: 'string', pattern: '^[0-9]{1,9}$' } },
        },
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) => {
      const v = request.query.expectedVersion;
      const options = v !== undefined ? { expectedVersion: Number(v) } : {};
      return unwrap(await storeOf(request).delete(request.params.id, options));
    },
  );
}
