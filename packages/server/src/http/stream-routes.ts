/**
 * `GET /api/stream`: the WebSocket event stream and game commands (see stream/hub.ts). Browsers are known by their
 * cookie, programs by their bearer token on the upgrade request.
 *
 * A browser sends its cookie with a WebSocket upgrade from any page, and WebSockets know no CORS: a page of another
 * site could open the stream as its visitor. So an upgrade that carries an `Origin` must come from one of the
 * server's own origins — the one the request was made to (its `Host`, by http or https) or one the operator lists
 * (`allowedOrigins`, `tactica serve --origin`) — or it is refused with 403 before the upgrade. Programs send no
 * `Origin` and are not asked for one. Too many connections from one address are refused (429) the same way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { DomainError } from '../errors.js';
import type { Services } from '../services.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../stream/budget.js';
import type { RateLimits } from './app.js';

export interface StreamOptions {
  readonly limits?: Partial<StreamLimits> | undefined;
  /** Origins besides the server's own whose pages may open the stream. */
  readonly allowedOrigins?: readonly string[] | undefined;
}

/** An origin as browsers send it (`https://host[:port]`, default ports left out), or undefined if it is none. */
function normalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The origins allowed from the operator's list; a malformed entry is a mistake worth stopping for. */
function allowedOriginsOf(list: readonly string[] = []): ReadonlySet<string> {
  return new Set(
    list.map((o) => {
      const n = normalOrigin(o);
      if (n === undefined) throw new Error(`allowed origin "${o}" is not an http(s)://host[:port] origin`);
      return n;
    }),
  );
}

/**
 * Whether the page that opened this upgrade may: no `Origin` (not a browser), the server's own origin as the request
 * names it, its https twin (TLS is often ended by a proxy in front that forwards plain http, ours), or a listed one.
 */
function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const o = normalOrigin(origin);
  if (o === undefined) return false;
  if (allowed.has(o)) return true;
  const own = [normalOrigin(`${request.protocol}://${request.host}`), normalOrigin(`https://${request.host}`)];
  return own.includes(o);
}

/**
 * A socket's error (a frame over the size limit, a protocol error, a client gone mid-frame): the client's doing, so
 * one line at info level without a stack, and the socket goes (ws's closing handshake has a timeout of its own).
 */
export function streamSocketError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: WebSocket,
  request: FastifyRequest,
): void {
  request.log.info({ code: error.code ?? 'unknown' }, `stream connection dropped: ${error.message}`);
  // A protocol error (a frame too large: 1009) has ws closing with its code already: the client learns why.
  if (socket.readyState !== socket.CLOSING) socket.terminate();
}

export async function streamRoutes(
  app: FastifyInstance,
  services: Services,
  limits: RateLimits,
  options: StreamOptions = {},
): Promise<void> {
  const allowed = allowedOriginsOf(options.allowedOrigins);
  services.hub.configure({ ...DEFAULT_STREAM_LIMITS, ...options.limits });
  app.get(
    '/api/stream',
    {
      websocket: true,
      schema: { hide: true },
      onRequest: async (request) => {
        if (!originAllowed(request, allowed)) {
          throw new DomainError('stream/bad-origin', 'the stream is open to pages of this server only', 'origin');
        }
        if (!services.hub.admits(request.ip)) {
          throw new DomainError('rate/limited', 'too many stream connections from this address');
        }
      },
    },
    (socket, request) => {
      services.hub.attach(socket, {
        user: request.user,
        token: request.token,
        transport: request.raw.socket,
        address: request.ip,
        commandsPerSecond: limits.moves,
      });
    },
  );
}
