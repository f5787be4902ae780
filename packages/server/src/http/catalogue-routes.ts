/** The games the server offers, from the catalogue: each family's variants, options schema and computer levels. */
import { ENTRIES } from '@tactica/catalogue/all';
import type { FastifyInstance } from 'fastify';
import { errorReplies } from './schemas.js';

const catalogue = ENTRIES.map((e) => ({
  family: e.family,
  name: e.name,
  summary: e.summary,
  origin: e.origin,
  dynamics: e.dynamics,
  options: e.options,
  variants: e.variants,
  levels: e.levels.map((l) => ({ id: l.id, name: l.name, description: l.description })),
  records: e.records,
}));

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/catalogue',
    {
      schema: {
        summary: 'The games: variants, options with their schema and defaults, computer levels, record formats',
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...errorReplies },
      },
    },
    async () => catalogue,
  );
}
