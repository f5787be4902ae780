/**
 * A game's commands over HTTP: moves, orders, resigning, draws, takebacks. Every change names the version it was
 * made on (`version`, as pbmserv's `#N`): a stale or doubled request is refused with `game/stale-version` and
 * changes nothing. A change is answered once it is committed; views come from `GET /api/games/:id` and the event
 * stream.
 */
import type { FastifyInstance } from 'fastify';
import type { User } from '../accounts/accounts.js';
import { ackOf } from '../games/ack.js';
import { seatOf } from '../games/live-game.js';
import type { GameCommand } from '../games/transitions.js';
import type { Services } from '../services.js';
import { requireUser, userKey, type RateLimits } from './app.js';
import { commandAckSchema as ack, commandBodySchemas as bodies, type CommandBody } from '../protocol/index.js';
import { errorReplies, idOf, idParams } from './schemas.js';

export async function gameCommandRoutes(app: FastifyInstance, services: Services, limits: RateLimits): Promise<void> {
  const { games } = services;
  const moveLimit = { rateLimit: { max: limits.moves, timeWindow: 1000, keyGenerator: userKey } };

  const command = async (id: number, userVersion: number, cmd: GameCommand, user: User): Promise<object> => {
    const game = await games.command(id, user, userVersion, cmd);
    return ackOf(game, seatOf(game, user));
  };

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
        idOf(request.params),
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
        idOf(request.params),
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
    async (request) => command(idOf(request.params), request.body.version, { kind: 'withdraw' }, requireUser(request)),
  );

  app.post<{ Params: { id: string }; Body: CommandBody<'resign'> }>(
    '/api/games/:id/resign',
    {
      schema: { summary: 'Resign', params: idParams, body: bodies.resign, response: { 200: ack, ...errorReplies } },
    },
    async (request) => command(idOf(request.params), request.body.version, { kind: 'resign' }, requireUser(request)),
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
      return command(idOf(request.params), request.body.version, cmd, requireUser(request));
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
      return command(idOf(request.params), request.body.version, cmd, requireUser(request));
    },
  );
}
