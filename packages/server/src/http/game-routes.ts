/**
 * Games over HTTP: the list, a new game against the computer, a game as you may see it. Changes to a game are its
 * commands (game-command-routes.ts); its chat and its record have their own files (game-chat-routes.ts,
 * game-record-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Player } from '@tactica/core';
import type { GameFamily } from '@tactica/catalogue';
import { notFound } from '../errors.js';
import { readControl } from '../games/control.js';
import { seatOf } from '../games/live-game.js';
import { deadlineOf, type SeatHolder } from '../games/service.js';
import { viewOf } from '../games/views.js';
import type { Services } from '../services.js';
import { requireUser } from './app.js';
import { checkJsonOptions } from './game-options.js';
import { gameViewSchema } from '../protocol/index.js';
import { errorReplies, idOf, idParams, openObject } from './schemas.js';

export async function gameRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { games } = services;

  app.get<{ Params: { id: string } }>(
    '/api/games/:id',
    {
      schema: {
        summary: 'A game as you may see it',
        params: idParams,
        response: { 200: gameViewSchema, ...errorReplies },
      },
    },
    async (request) => {
      const game = await games.load(idOf(request.params));
      const now = services.now();
      return viewOf(game, seatOf(game, request.user), now, deadlineOf(game, now));
    },
  );

  app.get<{ Querystring: { user?: string; status?: string } }>(
    '/api/games',
    {
      schema: {
        summary: 'Games in progress (or those of a player)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { user: { type: 'string', maxLength: 100 }, status: { type: 'string', enum: ['active'] } },
        },
        response: { 200: { type: 'array', items: openObject }, ...errorReplies },
      },
    },
    async (request) => {
      if (request.query.user !== undefined) {
        const user = await services.accounts.findByName(request.query.user);
        if (!user) throw notFound(`user ${request.query.user}`);
        return ((await services.listings.profile(user)) as { games: object[] }).games;
      }
      return services.listings.recent(100);
    },
  );

  app.post<{
    Body: { family: string; options?: unknown; level: string; seat?: Player | 'random'; control?: unknown };
  }>(
    '/api/games',
    {
      schema: {
        summary: 'Start a game against the computer',
        body: {
          type: 'object',
          required: ['family', 'level'],
          additionalProperties: false,
          properties: {
            family: { type: 'string', maxLength: 40 },
            options: { type: 'object' },
            level: { type: 'string', maxLength: 40 },
            /** Your seat: 0 (the first player), 1, or random. */
            seat: {
              anyOf: [
                { type: 'integer', enum: [0, 1] },
                { type: 'string', enum: ['random'] },
              ],
            },
            control: { type: 'object' },
          },
        },
        response: { 201: gameViewSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      checkJsonOptions(body.family, body.options);
      const seat = body.seat === undefined || body.seat === 'random' ? (Math.random() < 0.5 ? 0 : 1) : body.seat;
      const me: SeatHolder = { user };
      const computer: SeatHolder = { level: body.level };
      const game = await games.create({
        family: body.family as GameFamily,
        options: body.options,
        seats: seat === 0 ? [me, computer] : [computer, me],
        control: readControl(body.control),
        rated: false,
      });
      const now = services.now();
      return reply.status(201).send(viewOf(game, seat, now, deadlineOf(game, now)));
    },
  );
}
