/** Who is online (`GET /api/online`): the players with the event stream open, as a lobby shows them. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { errorReplies } from './schemas.js';

/** The most names one answer lists (ours); `count` is the whole number, so a lobby can say "and 40 more". */
const ONLINE_LISTED = 200;

export async function presenceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get(
    '/api/online',
    {
      schema: {
        summary: 'Who is online: signed-in players with the event stream open on this instance',
        response: {
          200: {
            type: 'object',
            required: ['count', 'players'],
            properties: {
              count: { type: 'integer', description: 'How many players are online' },
              players: {
                type: 'array',
                items: { type: 'string' },
                description: `Their names in alphabetical order, at most ${ONLINE_LISTED}`,
              },
            },
          },
          ...errorReplies,
        },
      },
    },
    async () => {
      const all = services.hub.onlineNames();
      return { count: all.length, players: all.slice(0, ONLINE_LISTED) };
    },
  );
}
