/**
 * A finished game's computer review (../reviews/review-service.ts): `POST /api/games/:id/review` starts it (or
 * returns it, made once per game and kept), `GET /api/games/:id/review` reads it. A game in progress is refused
 * (`review/in-progress`): the engine's view never helps a game while it is played.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { requireUser } from './app.js';
import { errorReplies, idParams, openObject } from './schemas.js';

const reviewReply = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['pending', 'done'], description: 'pending: ask again (GET) in a few seconds' },
    review: { ...openObject, description: 'The review (GameReview: plies, players, graph), once done' },
    createdAt: { type: 'integer' },
  },
} as const;

export async function reviewRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { reviews } = services;

  app.post<{ Params: { id: string } }>(
    '/api/games/:id/review',
    {
      schema: {
        summary: 'Review a finished game with the computer (made once per game; your share of the engines)',
        params: idParams,
        response: { 200: reviewReply, ...errorReplies },
      },
    },
    async (request) => reviews.request(Number(request.params.id), requireUser(request)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/games/:id/review',
    {
      schema: {
        summary: "A game's computer review, or pending while it is made",
        params: idParams,
        response: { 200: reviewReply, ...errorReplies },
      },
    },
    async (request) => reviews.status(Number(request.params.id)),
  );
}
