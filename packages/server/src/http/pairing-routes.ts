/**
 * Quick pairing over HTTP (../challenges/pairing.ts): ask for a game and a clock and be paired with anyone asking
 * for the same, or wait (the stream's `started` says when the game begins); see where you wait; leave the queue.
 */
import type { FastifyInstance } from 'fastify';
import type { PairingRequest } from '../challenges/pairing.js';
import { deadlineOf } from '../games/service.js';
import { seatOf } from '../games/live-game.js';
import { viewOf } from '../games/views.js';
import { gameViewSchema } from '../protocol/index.js';
import type { Services } from '../services.js';
import { requireUser, userKey } from './app.js';
import { checkJsonOptions } from './game-options.js';
import { errorReplies, openObject, termsProperties } from './schemas.js';

export async function pairingRoutes(app: FastifyInstance, services: Services, perMinute: number): Promise<void> {
  const { pairing } = services;

  app.post<{ Body: PairingRequest }>(
    '/api/pairing',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: userKey } },
      schema: {
        summary: 'Quick pairing: play anyone asking for this game and clock, or wait for them',
        body: {
          type: 'object',
          required: ['family'],
          additionalProperties: false,
          properties: {
            ...termsProperties,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['status', 'challenge'],
            properties: {
              status: { type: 'string', enum: ['paired', 'waiting'] },
              challenge: openObject,
              game: gameViewSchema,
            },
          },
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      checkJsonOptions(request.body.family, request.body.options);
      const result = await pairing.pair(user, request.body);
      if (result.status === 'waiting') return result;
      const now = services.now();
      const { game } = result;
      return { ...result, game: viewOf(game, seatOf(game, user), now, deadlineOf(game, now)) };
    },
  );

  app.get(
    '/api/pairing',
    {
      schema: {
        summary: 'Your quick-pairing request waiting, if any',
        response: {
          200: { type: 'object', required: ['waiting'], properties: { waiting: { ...openObject, nullable: true } } },
          ...errorReplies,
        },
      },
    },
    async (request) => ({ waiting: (await pairing.waiting(requireUser(request))) ?? null }),
  );

  app.post(
    '/api/pairing/cancel',
    {
      schema: {
        summary: 'Leave the quick-pairing queue',
        response: {
          200: { type: 'object', required: ['cancelled'], properties: { cancelled: { type: 'integer' } } },
          ...errorReplies,
        },
      },
    },
    async (request) => ({ cancelled: await pairing.cancel(requireUser(request).id) }),
  );
}
