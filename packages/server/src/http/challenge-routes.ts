/** Challenges to a named player and open seeks, over HTTP (the lobby stream shows them as they change). */
import type { FastifyInstance } from 'fastify';
import type { ChallengeRequest } from '../challenges/challenges.js';
import { deadlineOf } from '../games/service.js';
import { seatOf } from '../games/live-game.js';
import { viewOf } from '../games/views.js';
import { gameViewSchema } from '../protocol/index.js';
import type { Services } from '../services.js';
import { requireUser, userKey } from './app.js';
import { checkJsonOptions } from './game-options.js';
import { errorReplies, idParams, openObject, termsProperties } from './schemas.js';

export async function challengeRoutes(app: FastifyInstance, services: Services, perMinute: number): Promise<void> {
  const { challenges } = services;

  app.get(
    '/api/challenges',
    {
      schema: {
        summary: 'Open seeks, and the challenges to and from you',
        response: { 200: { type: 'array', items: openObject }, ...errorReplies },
      },
    },
    async (request) => challenges.list(request.user),
  );

  app.post<{ Body: ChallengeRequest }>(
    '/api/challenges',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: userKey } },
      schema: {
        summary: 'Challenge a player (opponent) or seek any opponent (no opponent)',
        body: {
          type: 'object',
          required: ['family'],
          additionalProperties: false,
          properties: {
            ...termsProperties,
            seat: { type: 'string', enum: ['0', '1', 'random'] },
            opponent: { type: 'string', maxLength: 100 },
            engineHelp: {
              type: 'boolean',
              description: 'Allow both players engine help during the game (casual games only)',
            },
          },
        },
        response: { 201: openObject, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      checkJsonOptions(request.body.family, request.body.options);
      return reply.status(201).send(await challenges.create(user, request.body));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/challenges/:id/accept',
    {
      schema: {
        summary: 'Accept a challenge or seek: the game starts',
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['challenge', 'game'],
            properties: { challenge: openObject, game: gameViewSchema },
          },
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { challenge, game } = await challenges.accept(Number(request.params.id), user);
      const now = services.now();
      return { challenge, game: viewOf(game, seatOf(game, user), now, deadlineOf(game, now)) };
    },
  );

  for (const [verb, how] of [
    ['decline', 'declined'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/challenges/:id/${verb}`,
      {
        schema: {
          summary: verb === 'decline' ? 'Decline a challenge to you' : 'Cancel your challenge or seek',
          params: idParams,
          response: { 200: openObject, ...errorReplies },
        },
      },
      async (request) => challenges.close(Number(request.params.id), requireUser(request), how),
    );
  }
}
