/**
 * The HTTP application: Fastify with schema-validated requests and replies, an OpenAPI document, cookies for
 * browsers and bearer tokens for programs, rate limits on the routes people could abuse, and one error shape for
 * every refusal: `{ "error": { "code", "message", "field"? } }` with a 4xx status. Anything else is a bug.
 */
import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { User } from '../accounts/accounts.js';
import { httpStatusOf } from './statuses.js';
import { DomainError, unauthenticated, type ServerCode } from '../errors.js';
import type { PbmGateway } from '../pbm/gateway.js';
import { pbmRoutes } from '../pbm/routes.js';
import type { AccountMail } from '../pbm/account-mail.js';
import { accountMailRoutes } from '../pbm/account-mail-routes.js';
import type { Services } from '../services.js';
import { accountRoutes } from './accounts-routes.js';
import { ratingsRoutes } from './ratings-routes.js';
import { presenceRoutes } from './presence-routes.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { challengeRoutes } from './challenge-routes.js';
import { pairingRoutes } from './pairing-routes.js';
import { tournamentRoutes } from './tournament-routes.js';
import { reviewRoutes } from './review-routes.js';
import { refuseFormWrites } from './cookie-writes.js';
import { gameRoutes } from './game-routes.js';
import { gameCommandRoutes } from './game-command-routes.js';
import { gameChatRoutes } from './game-chat-routes.js';
import { gameRecordRoutes } from './game-record-routes.js';
import { DEFAULT_SAVE_QUOTA, saveRoutes, type SaveQuota } from './save-routes.js';
import { egdbRoutes, type EgdbRouteOptions } from './egdb-routes.js';
import type { StreamLimits } from '../stream/budget.js';
import { streamRoutes, streamSocketError } from './stream-routes.js';

export const SESSION_COOKIE = 'tactica_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request (undefined: nobody logged in). */
    user: User | undefined;
    /** The token the request carried, if any. */
    token: string | undefined;
  }
}

export interface AppOptions {
  readonly logger?: FastifyServerOptions['logger'];
  /** Rate limits (see `RateLimits`); the defaults suit people, tests and benchmarks raise them. */
  readonly rateLimits?: Partial<RateLimits>;
  /** Cookies marked Secure (behind HTTPS). */
  readonly secureCookies?: boolean;
  /** The e-mail gateway, for `POST /pbm`. */
  readonly pbm?: PbmGateway;
  /** A web player's mail: addresses and turn mails (`/api/account/mail`). */
  readonly accountMail?: AccountMail;
  /**
   * A folder of static files to serve at `/` beside the API: the browser app (`packages/web/dist/app`). They are
   * sent cross-origin isolated (COOP/COEP), so the app can share a stop flag with its engine workers.
   */
  readonly webRoot?: string;
  /** The event stream's budgets (`stream/budget.ts`): messages, connections, buffered bytes, subscriptions. */
  readonly stream?: Partial<StreamLimits>;
  /** Origins besides the server's own whose pages may open the event stream (`https://play.example.org`). */
  readonly allowedOrigins?: readonly string[];
  /**
   * Which proxies' `X-Forwarded-For` to believe for the client's address (Fastify's `trustProxy`): off by default
   * (the address is the peer's). Behind a load balancer, per-address limits would otherwise see one client: give
   * `true` (every hop), a hop count, or the proxies' addresses/CIDRs.
   */
  readonly trustProxy?: boolean | number | string;
  /** Each user's library of saves: how many, how large (see `SaveQuota`). */
  readonly saveQuota?: Partial<SaveQuota>;
  /**
   * The draughts endgame databases served to pages at `/egdb/` (`egdb-routes.ts`): the folder and the largest file
   * sent. Default: none (every `/egdb/` request answers `egdb/none`).
   */
  readonly egdb?: EgdbRouteOptions;
}

/** The headers that make a page cross-origin isolated (`SharedArrayBuffer` for the engines' stop flag). */
const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Sent with every response (API, static app, refusals): the app's policy allows only its own scripts, styles,
 * workers and connections (the build has no inline script or style element, no eval; Preact sets
 * style properties through the CSSOM, which a policy does not govern), `data:` images (the favicon) and `blob:`
 * ones; no page may frame it; responses are never sniffed into another type; no Referer leaves the site.
 * `'wasm-unsafe-eval'` lets the app (and its workers, which get the same header) compile WebAssembly — the draughts
 * engine's network pass (packages/ai/src/games/draughts/network-wasm.ts) — without allowing `eval` of any text.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** How often a client may do what people could abuse. */
export interface RateLimits {
  /** Sign-ups, log-ins and password changes a minute per address. */
  readonly auth: number;
  /** Moves (and orders) a second per user. */
  readonly moves: number;
  /** Challenges and seeks a minute per user. */
  readonly challenges: number;
  /** Chat messages per 10 seconds per user. */
  readonly chat: number;
  /** Record imports a minute per user. */
  readonly imports: number;
  /** Saves written (created, replaced or deleted) a minute per user. */
  readonly saves: number;
  /** Endgame database files (and their index) a minute per address (`GET /egdb/…`, up to 8 MB each). */
  readonly egdb: number;
}

const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: 20,
  moves: 50,
  challenges: 30,
  chat: 10,
  imports: 30,
  saves: 30,
  egdb: 60,
};

/** Rate limits count per user where there is one, else per address. */
export function userKey(request: { user?: { id: string } | undefined; ip: string }): string {
  return request.user ? `u:${request.user.id}` : `ip:${request.ip}`;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie || undefined;
}

/** The user of a request that must come from someone logged in. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}

interface FastifyishError {
  readonly statusCode?: number;
  readonly code?: string;
  readonly message: string;
  readonly validation?: readonly { readonly instancePath?: string; readonly params?: Record<string, unknown> }[];
  readonly validationContext?: string;
}

/**
 * A refusal the HTTP layer made itself with the status it chose (a body too large, of a type not taken): the one
 * kind of refusal that carries a status, since only this edge makes it.
 */
class HttpRefusal extends DomainError {
  constructor(
    readonly status: number,
    code: ServerCode,
    message: string,
  ) {
    super(code, message);
  }
}

/** The status a refusal travels with: the HTTP layer's own, or its code's (./statuses.ts). */
function statusOf(e: DomainError): number {
  return e instanceof HttpRefusal ? e.status : httpStatusOf(e.code);
}

/** A refusal Fastify raised itself (validation, a body that is not JSON, a rate limit), in our error shape. */
function asApiError(e: FastifyishError): DomainError | undefined {
  if (e instanceof DomainError) return e;
  if (e.validation) {
    const first = e.validation[0];
    const missing = first?.params?.['missingProperty'];
    const extra = first?.params?.['additionalProperty'];
    const path = `${(first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')}`;
    const field = [path, typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : '']
      .filter(Boolean)
      .join('.');
    const where = e.validationContext ?? 'body';
    return new DomainError('request/invalid', `${where}${field ? ` ${field}` : ''}: ${e.message}`, field || where);
  }
  if (e.statusCode === 429) return new DomainError('rate/limited', e.message);
  if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
    const code = e.code?.startsWith('FST_ERR_CTP') ? 'request/bad-body' : 'request/invalid';
    return new HttpRefusal(e.statusCode, code, e.message);
  }
  return undefined;
}

/** The router's own refusals (a path parameter too long, a path that does not decode), in our error shape. */
function frameworkError(e: FastifyishError): DomainError {
  if (e.code === 'FST_ERR_MAX_PARAM_LENGTH') return new DomainError('request/uri-too-long', 'the URL is too long');
  if (e.code === 'FST_ERR_BAD_URL') return new DomainError('request/bad-url', 'the URL does not decode');
  return asApiError(e) ?? new DomainError('request/invalid', e.message);
}

/**
 * A request the HTTP parser refused before Fastify saw it (headers or URL over Node's 16 kB, a malformed request):
 * our error shape and headers, written on the socket, which then closes (as Node and Fastify do).
 */
function clientErrorHandler(e: Error & { code?: string }, socket: Duplex): void {
  if (e.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, refusal] =
    e.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          new DomainError('request/too-large', 'the URL or headers are too long'),
        ]
      : e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', new DomainError('request/timeout', 'the request took too long to arrive')]
        : [400, 'Bad Request', new DomainError('request/malformed', 'the request is not well-formed HTTP')];
  const body = JSON.stringify(refusal.toJSON());
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${text}\r\n${lines.join('')}connection: close\r\n\r\n${body}`);
  }
  socket.destroy(e);
}

/** `trustProxy` as Fastify takes it: a hop count becomes "the first n hops" (proxy-addr's reading of a number). */
function trustProxyOf(v: AppOptions['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof v === 'number') return (_address, hop) => hop < v;
  return v ?? false;
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Bodies are checked as sent: no coercion, no silently dropped fields.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
    trustProxy: trustProxyOf(options.trustProxy),
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      // Sent before any route is found, so without the hooks: the headers are set here.
      const api = frameworkError(error);
      void reply.headers(SECURITY_HEADERS).code(statusOf(api)).send(api.toJSON());
    },
    clientErrorHandler,
  });
  app.addHook('onSend', async (_request, reply) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Tactica',
        version: '0.1.0',
        description:
          'Five classic strategy games: accounts, games against people and the computer, live and by correspondence',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, errorHandler: streamSocketError });

  app.decorateRequest('user', undefined);
  app.decorateRequest('token', undefined);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    request.token = token;
    request.user = await services.accounts.authenticate(token);
    refuseFormWrites(request, token !== undefined && !request.headers.authorization?.startsWith('Bearer '));
  });

  app.setErrorHandler((error: FastifyishError, request, reply) => {
    const api = asApiError(error);
    if (api) return reply.status(statusOf(api)).send(api.toJSON());
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: { code: 'server/error', message: 'something went wrong on our side' } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: { code: 'not-found', message: `no route ${request.method} ${request.url}` } }),
  );

  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  app.get('/api/health', { schema: { hide: true } }, async () => {
    // The game cache's use and the games restored from their rows since the start (each a replay of its line).
    const cache = services.games.cacheUse();
    const games = { cached: cache.games, cacheBytes: cache.bytes, restores: services.games.restores };
    return { ok: true, database: services.database.dialect, games };
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(async (scope) => accountRoutes(scope, services, limits.auth, options.secureCookies ?? false));
  await app.register(async (scope) => catalogueRoutes(scope));
  await app.register(async (scope) => ratingsRoutes(scope, services));
  await app.register(async (scope) => presenceRoutes(scope, services));
  await app.register(async (scope) => gameRoutes(scope, services));
  await app.register(async (scope) => gameCommandRoutes(scope, services, limits));
  await app.register(async (scope) => gameChatRoutes(scope, services, limits));
  await app.register(async (scope) => gameRecordRoutes(scope, services, limits));
  await app.register(async (scope) => challengeRoutes(scope, services, limits.challenges));
  await app.register(async (scope) => pairingRoutes(scope, services, limits.challenges));
  await app.register(async (scope) => tournamentRoutes(scope, services, limits.challenges));
  await app.register(async (scope) => reviewRoutes(scope, services));
  const saveQuota: SaveQuota = { ...DEFAULT_SAVE_QUOTA, ...options.saveQuota };
  await app.register(async (scope) => saveRoutes(scope, services, limits.saves, saveQuota));
  await app.register(async (scope) =>
    streamRoutes(scope, services, limits, { limits: options.stream, allowedOrigins: options.allowedOrigins }),
  );
  await app.register(async (scope) => egdbRoutes(scope, options.egdb ?? { folder: false }, limits.egdb));
  const pbm = options.pbm;
  if (pbm) await app.register(async (scope) => pbmRoutes(scope, pbm, limits.auth * 3));
  const accountMail = options.accountMail;
  if (accountMail) await app.register(async (scope) => accountMailRoutes(scope, accountMail, limits.auth));
  if (options.webRoot !== undefined) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      prefix: '/',
      wildcard: false,
      index: 'index.html',
      setHeaders: (res) => {
        for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.header(k, v);
      },
    });
  }
  return app;
}
