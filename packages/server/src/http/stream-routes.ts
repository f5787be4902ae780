/** `GET /api/stream`: the WebSocket event stream (see stream/hub.ts). Browsers are known by their cookie. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

export async function streamRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get('/api/stream', { websocket: true, schema: { hide: true } }, (socket, request) => {
    services.hub.attach(socket, request.user);
  });
}
