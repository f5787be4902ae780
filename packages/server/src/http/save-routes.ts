/**
 * Each player's library of saved games on the server (`/api/saves`): the platform's `GameStore` over the database,
 * so the browser app can keep a player's games across devices. A player reaches only their own library.
 */
import type { FastifyInstance } from 'fastify';
import type { InputError, JsonValue, Result } from '@tactica/core';
import { fromInputError } from '../errors.js';
import { DbGameStore } from '../saves/db-game-store.js';
import type { Services } from '../services.js';
import { requireUser } from './app.js';
import { errorReplies, openObject } from './schemas.js';

const STATUS: Readonly<Record<string, number>> = {
  'store/not-found': 404,
  'store/title-taken': 409,
  'store/stale-version': 409,
  'store/damaged': 409,
  'store/busy': 503,
  'store/io': 503,
};

function unwrap<T>(r: Result<T, InputError>): T {
  if (!r.ok) throw fromInputError(r.error, STATUS[r.error.code] ?? 400);
  return r.value;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

export async function saveRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const storeOf = (request: Parameters<typeof requireUser>[0]): DbGameStore =>
    new DbGameStore(services.database, requireUser(request).id, services.now);

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
      const listing = unwrap(
        await storeOf(request).list(request.query.family !== undefined ? { family: request.query.family } : {}),
      );
      return { games: listing.games, damaged: listing.damaged.map((d) => ({ name: d.name, error: d.error })) };
    },
  );

  app.post<{ Body: { family: string; title?: string; summary?: string; doc: JsonValue } }>(
    '/api/saves',
    {
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
          family: b.family,
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
