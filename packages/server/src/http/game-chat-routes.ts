/** A game's chat over HTTP: players and spectators read it and say something in it. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { requireUser, userKey, type RateLimits } from './app.js';
import { errorReplies, idOf, idParams, openObject } from './schemas.js';

export async function gameChatRoutes(app: FastifyInstance, services: Services, limits: RateLimits): Promise<void> {
  const { games } = services;

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/chat',
    {
      schema: {
        summary: "The game's chat",
        params: idParams,
        response: { 200: { type: 'array', items: openObject }, ...errorReplies },
      },
    },
    async (request) => {
      // Whether the game exists, without restoring it.
      await games.mustExist(idOf(request.params));
      return services.chat.list(idOf(request.params));
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/api/games/:id/chat',
    {
      config: { rateLimit: { max: limits.chat, timeWindow: 10_000, keyGenerator: userKey } },
      schema: {
        summary: 'Say something in the game (players and spectators)',
        params: idParams,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: { type: 'string', maxLength: 2000 } },
        },
        response: { 201: openObject, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await services.chat.post(idOf(request.params), user, request.body.text));
    },
  );
}
