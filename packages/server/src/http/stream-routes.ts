/**
 * `GET /api/stream`: the WebSocket event stream and game commands (see stream/hub.ts). Browsers are known by their
 * cookie, programs by their bearer token on the upgrade request.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import type { RateLimits } from './app.js';

export async function streamRoutes(app: FastifyInstance, services: Services, limits: RateLimits): Promise<void> {
  app.get('/api/stream', { websocket: true, schema: { hide: true } }, (socket, request) => {
    services.hub.attach(socket, {
      user: request.user,
      token: request.token,
      transport: request.raw.socket,
      commandsPerSecond: limits.moves,
    });
  });
}
