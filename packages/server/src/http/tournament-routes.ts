/** Tournaments over HTTP: list, show, create, join and leave, computer entrants, start and cancel, your next game. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import type { TournamentRequest } from '../tournaments/tournaments.js';
import type { TournamentStatus } from '../tournaments/tournament-repository.js';
import { requireUser, userKey } from './app.js';
import { checkJsonOptions } from './game-options.js';
import { errorReplies, idParams, openObject, termsProperties } from './schemas.js';

export async function tournamentRoutes(app: FastifyInstance, services: Services, perMinute: number): Promise<void> {
  const { tournaments } = services;
  const id = (request: { params: { id: string } }): number => Number(request.params.id);

  app.get<{ Querystring: { status?: TournamentStatus } }>(
    '/api/tournaments',
    {
      schema: {
        summary: 'Tournaments open, running and finished, the newest first (or of one status)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['open', 'running', 'finished', 'cancelled'] } },
        },
        response: { 200: { type: 'array', items: openObject }, ...errorReplies },
      },
    },
    async (request) => tournaments.list(request.query.status),
  );

  app.get(
    '/api/tournaments/next',
    {
      schema: {
        summary: 'Your games waiting in running tournaments',
        response: { 200: { type: 'array', items: openObject }, ...errorReplies },
      },
    },
    async (request) => tournaments.nextGames(requireUser(request)),
  );

  app.post<{ Body: TournamentRequest }>(
    '/api/tournaments',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: userKey } },
      schema: {
        summary: 'Create a tournament (you organise it)',
        body: {
          type: 'object',
          required: ['name', 'kind', 'family'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: 200 },
            kind: { type: 'string', enum: ['swiss', 'round-robin', 'knockout', 'arena'] },
            ...termsProperties,
            rounds: { type: 'integer' },
            minutes: { type: 'integer' },
            startsAt: { type: 'integer' },
            maxEntrants: { type: 'integer' },
          },
        },
        response: { 201: openObject, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (typeof request.body.family === 'string') checkJsonOptions(request.body.family, request.body.options);
      return reply.status(201).send(await tournaments.create(user, request.body));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/tournaments/:id',
    {
      schema: {
        summary: 'A tournament: its entrants, standings with tie-breaks, crosstable and pairings',
        params: idParams,
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) => tournaments.show(id(request)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/tournaments/:id/join',
    {
      schema: { summary: 'Enter an open tournament', params: idParams, response: { 200: openObject, ...errorReplies } },
    },
    async (request) => tournaments.join(id(request), requireUser(request)),
  );

  app.post<{ Params: { id: string }; Body: { entry?: number } | null }>(
    '/api/tournaments/:id/leave',
    {
      schema: {
        summary: 'Leave before the start, or withdraw once it runs (your games in progress are forfeited)',
        params: idParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { entry: { type: 'integer', minimum: 1 } },
        },
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) => tournaments.leave(id(request), requireUser(request), request.body?.entry),
  );

  app.post<{ Params: { id: string }; Body: { level: string; count?: number } }>(
    '/api/tournaments/:id/computers',
    {
      schema: {
        summary: 'Enter the computer at a level, count times (the organiser, before the start)',
        params: idParams,
        body: {
          type: 'object',
          required: ['level'],
          additionalProperties: false,
          properties: { level: { type: 'string', maxLength: 40 }, count: { type: 'integer' } },
        },
        response: { 200: openObject, ...errorReplies },
      },
    },
    async (request) =>
      tournaments.addComputers(id(request), requireUser(request), request.body.level, request.body.count),
  );

  for (const verb of ['start', 'cancel'] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/tournaments/:id/${verb}`,
      {
        schema: {
          summary: verb === 'start' ? 'Start your tournament now' : 'Cancel your tournament before it starts',
          params: idParams,
          response: { 200: openObject, ...errorReplies },
        },
      },
      async (request) =>
        verb === 'start'
          ? tournaments.start(id(request), requireUser(request))
          : tournaments.cancel(id(request), requireUser(request)),
    );
  }
}
