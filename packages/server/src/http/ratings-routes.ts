/** A game's leaderboard: `GET /api/ratings/:family`, the best Glicko-2 ratings first, with the players' names. */
import type { FastifyInstance } from 'fastify';
import { GAME_FAMILIES, isGameFamily } from '@tactica/catalogue';
import { DomainError, notFound } from '../errors.js';
import { LEADERBOARD_DEFAULT, LEADERBOARD_MAX } from '../games/listings.js';
import type { Services } from '../services.js';
import { errorReplies } from './schemas.js';

const standingSchema = {
  type: 'object',
  required: ['rank', 'name', 'rating', 'deviation', 'games'],
  properties: {
    rank: { type: 'integer', description: '1 for the best rating' },
    name: { type: 'string' },
    rating: { type: 'integer', description: 'Glicko-2 rating, rounded' },
    deviation: { type: 'integer', description: 'Rating deviation (±), rounded' },
    games: { type: 'integer', description: 'Rated games played in this game' },
  },
} as const;

export async function ratingsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Params: { family: string }; Querystring: { limit?: string } }>(
    '/api/ratings/:family',
    {
      schema: {
        summary: "A game's leaderboard: the best ratings first, ties by fewer games",
        params: {
          type: 'object',
          required: ['family'],
          properties: { family: { type: 'string', maxLength: 40, description: GAME_FAMILIES.join(', ') } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: {
              type: 'string',
              pattern: '^[0-9]{1,6}$',
              description: `How many (default ${LEADERBOARD_DEFAULT}, at most ${LEADERBOARD_MAX})`,
            },
          },
        },
        response: { 200: { type: 'array', items: standingSchema }, ...errorReplies },
      },
    },
    async (request) => {
      const { family } = request.params;
      if (!isGameFamily(family)) throw notFound(`game ${family}`);
      const limit = request.query.limit === undefined ? LEADERBOARD_DEFAULT : Number(request.query.limit);
      if (limit < 1 || limit > LEADERBOARD_MAX) {
        throw new DomainError('ratings/limit', `limit must be from 1 to ${LEADERBOARD_MAX}`, 'limit');
      }
      return services.listings.standings(family, limit);
    },
  );
}
