/** Game records over HTTP: a game exported in its record format, a record imported to analyse or continue. */
import type { FastifyInstance } from 'fastify';
import type { Player } from '@tactica/core';
import { exportPlay } from '@tactica/catalogue';
import { fromInputError } from '../errors.js';
import { seatOf } from '../games/live-game.js';
import { deadlineOf } from '../games/service.js';
import { viewOf } from '../games/views.js';
import type { Services } from '../services.js';
import { requireUser, userKey, type RateLimits } from './app.js';
import { gameViewSchema } from '../protocol/index.js';
import { errorReplies, idOf, idParams } from './schemas.js';

export async function gameRecordRoutes(app: FastifyInstance, services: Services, limits: RateLimits): Promise<void> {
  const { games } = services;

  app.get<{ Params: { id: string }; Querystring: { format?: string } }>(
    '/api/games/:id/export',
    {
      schema: {
        summary: "The game in its record format (PDN for draughts, the manuals' formats for the others)",
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { format: { type: 'string', maxLength: 40 } },
        },
        response: { 200: { type: 'string' }, ...errorReplies },
      },
    },
    async (request, reply) => {
      const game = await games.load(idOf(request.params));
      const r = game.restored;
      const format = request.query.format ?? r.setup.records[0]?.id ?? '';
      const meta = {
        players: [
          game.users[0]?.name ?? `Computer (${game.levels[0]})`,
          game.users[1]?.name ?? `Computer (${game.levels[1]})`,
        ] as const,
        site: 'Tactica server',
        event: `Tactica game ${game.id}`,
        date: new Date(game.createdAt).toISOString().slice(0, 10).replace(/-/g, '.'),
      };
      const text = await exportPlay(r, format, meta);
      if (!text.ok) throw fromInputError(text.error, 'format');
      const info = r.setup.records.find((f) => f.id === format);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="tactica-${game.id}.${info?.extension ?? 'txt'}"`)
        .send(text.value);
    },
  );

  app.post<{ Body: { family: string; format?: string; text: string; level?: string; seat?: Player } }>(
    '/api/imports',
    {
      config: { rateLimit: { max: limits.imports, timeWindow: 60_000, keyGenerator: userKey } },
      schema: {
        summary:
          'Import a record to analyse or continue: against the computer at `level`, or playing both sides without it',
        body: {
          type: 'object',
          required: ['family', 'text'],
          additionalProperties: false,
          properties: {
            family: { type: 'string', maxLength: 40 },
            format: { type: 'string', maxLength: 40 },
            text: { type: 'string', maxLength: 1_000_000 },
            level: { type: 'string', maxLength: 40 },
            seat: { type: 'integer', enum: [0, 1] },
          },
        },
        response: { 201: gameViewSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const game = await services.imports.importRecord(user, request.body);
      const now = services.now();
      return reply.status(201).send(viewOf(game, seatOf(game, user), now, deadlineOf(game, now)));
    },
  );
}
