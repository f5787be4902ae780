/**
 * Games over HTTP. Every change names the version it was made on (`version`, as pbmserv's `#N`): a stale or
 * doubled request is refused with `game/stale-version` and changes nothing. A change is answered once it is
 * committed; views come from `GET /api/games/:id` and the event stream.
 */
import type { FastifyInstance } from 'fastify';
import type { Player } from '@tactica/core';
import type { GameFamily } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { fromInputError, notFound } from '../errors.js';
import { readControl } from '../games/control.js';
import { ackOf } from '../games/ack.js';
import { seatOf } from '../games/live-game.js';
import { deadlineOf, type SeatHolder } from '../games/service.js';
import type { GameCommand } from '../games/transitions.js';
import { viewOf } from '../games/views.js';
import type { Services } from '../services.js';
import { requireUser, userKey, type RateLimits } from './app.js';
import { checkJsonOptions } from './game-options.js';
import {
  commandAckSchema as ack,
  commandBodySchemas as bodies,
  gameViewSchema,
  type CommandBody,
} from '../protocol/index.js';
import { errorReplies, idParams, openObject } from './schemas.js';

function gameId(params: { id: string }): number {
  return Number(params.id);
}

export async function gameRoutes(app: FastifyInstance, services: Services, limits: RateLimits): Promise<void> {
  const { games } = services;
  const moveLimit = { rateLimit: { max: limits.moves, timeWindow: 1000, keyGenerator: userKey } };

  const command = async (id: number, userVersion: number, cmd: GameCommand, user: User): Promise<object> => {
    const game = await games.command(id, user, userVersion, cmd);
    return ackOf(game, seatOf(game, user));
  };

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
      const game = await games.load(gameId(request.params));
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

  app.post<{ Params: { id: string }; Body: CommandBody<'move'> }>(
    '/api/games/:id/move',
    {
      config: moveLimit,
      schema: {
        summary: "Play a move: the game's notation, or the squares of a click or drag",
        params: idParams,
        body: bodies.move,
        response: { 200: ack, ...errorReplies },
      },
    },
    async (request) =>
      command(
        gameId(request.params),
        request.body.version,
        { kind: 'move', move: request.body.move },
        requireUser(request),
      ),
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'orders'> }>(
    '/api/games/:id/orders',
    {
      config: moveLimit,
      schema: {
        summary: "Tactorus: add orders to your part of the round (all or none); end with 'done' to submit",
        params: idParams,
        body: bodies.orders,
        response: { 200: ack, ...errorReplies },
      },
    },
    async (request) =>
      command(
        gameId(request.params),
        request.body.version,
        { kind: 'orders', moves: request.body.orders },
        requireUser(request),
      ),
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'withdraw'> }>(
    '/api/games/:id/withdraw',
    {
      schema: {
        summary: 'Tactorus: take back your whole part of the round in progress',
        params: idParams,
        body: bodies.withdraw,
        response: { 200: ack, ...errorReplies },
      },
    },
    async (request) =>
      command(gameId(request.params), request.body.version, { kind: 'withdraw' }, requireUser(request)),
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'resign'> }>(
    '/api/games/:id/resign',
    {
      schema: { summary: 'Resign', params: idParams, body: bodies.resign, response: { 200: ack, ...errorReplies } },
    },
    async (request) => command(gameId(request.params), request.body.version, { kind: 'resign' }, requireUser(request)),
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'draw'> }>(
    '/api/games/:id/draw',
    {
      schema: {
        summary: 'Offer a draw, or accept or decline the offer',
        params: idParams,
        body: bodies.draw,
        response: { 200: ack, ...errorReplies },
      },
    },
    async (request) => {
      const a = request.body.action;
      const cmd: GameCommand = a === 'offer' ? { kind: 'offer-draw' } : { kind: 'answer-draw', accept: a === 'accept' };
      return command(gameId(request.params), request.body.version, cmd, requireUser(request));
    },
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'takeback'> }>(
    '/api/games/:id/takeback',
    {
      schema: {
        summary: 'Ask to take back your last move (granted at once against the computer), or answer the request',
        params: idParams,
        body: bodies.takeback,
        response: { 200: ack, ...errorReplies },
      },
    },
    async (request) => {
      const a = request.body.action;
      const cmd: GameCommand =
        a === 'request' ? { kind: 'request-takeback' } : { kind: 'answer-takeback', accept: a === 'accept' };
      return command(gameId(request.params), request.body.version, cmd, requireUser(request));
    },
  );

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
      await games.mustExist(gameId(request.params));
      return services.chat.list(gameId(request.params));
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
      return reply.status(201).send(await services.chat.post(gameId(request.params), user, request.body.text));
    },
  );

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
      const game = await games.load(gameId(request.params));
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
      const text =
        r.dynamics === 'sequential'
          ? await r.setup.exportRecord(format, r.session.history, meta)
          : await r.setup.exportRecord(format, r.session, meta);
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
