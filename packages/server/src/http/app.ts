/**
 * The HTTP application: Fastify with schema-validated requests and replies, an OpenAPI document, cookies for
 * browsers and bearer tokens for programs, rate limits on the routes people could abuse, and one error shape for
 * every refusal: `{ "error": { "code", "message", "field"? } }` with a 4xx status. Anything else is a bug.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { User } from '../accounts/accounts.js';
import { ApiError, unauthenticated } from '../errors.js';
import type { PbmGateway } from '../pbm/gateway.js';
import { pbmRoutes } from '../pbm/routes.js';
import type { Services } from '../services.js';
import { accountRoutes } from './accounts-routes.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { challengeRoutes } from './challenge-routes.js';
import { gameRoutes } from './game-routes.js';
import { saveRoutes } from './save-routes.js';
import { streamRoutes } from './stream-routes.js';

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
  /**
   * A folder of static files to serve at `/` beside the API: the browser app (`packages/web/dist/app`). They are
   * sent cross-origin isolated (COOP/COEP), so the app can share a stop flag with its engine workers.
   */
  readonly webRoot?: string;
}

/** The headers that make a page cross-origin isolated (`SharedArrayBuffer` for the engines' stop flag). */
export const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
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
}

export const DEFAULT_RATE_LIMITS: RateLimits = { auth: 20, moves: 50, challenges: 30, chat: 10, imports: 30 };

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

/** A refusal Fastify raised itself (validation, a body that is not JSON, a rate limit), in our error shape. */
function asApiError(e: FastifyishError): ApiError | undefined {
  if (e instanceof ApiError) return e;
  if (e.validation) {
    const first = e.validation[0];
    const missing = first?.params?.['missingProperty'];
    const extra = first?.params?.['additionalProperty'];
    const path = `${(first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')}`;
    const field = [path, typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : '']
      .filter(Boolean)
      .join('.');
    const where = e.validationContext ?? 'body';
    return new ApiError(400, 'request/invalid', `${where}${field ? ` ${field}` : ''}: ${e.message}`, field || where);
  }
  if (e.statusCode === 429) return new ApiError(429, 'rate/limited', e.message);
  if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
    const code = e.code?.startsWith('FST_ERR_CTP') ? 'request/bad-body' : 'request/invalid';
    return new ApiError(e.statusCode, code, e.message);
  }
  return undefined;
}

export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Bodies are checked as sent: no coercion, no silently dropped fields.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
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
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.decorateRequest('user', undefined);
  app.decorateRequest('token', undefined);
  app.addHook('onRequest', async (request) => {
    const token = tokenOf(request);
    request.token = token;
    request.user = await services.accounts.authenticate(token);
  });

  app.setErrorHandler((error: FastifyishError, request, reply) => {
    const api = asApiError(error);
    if (api) return reply.status(api.status).send(api.toJSON());
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
  await app.register(async (scope) => gameRoutes(scope, services, limits));
  await app.register(async (scope) => challengeRoutes(scope, services, limits.challenges));
  await app.register(async (scope) => saveRoutes(scope, services));
  await app.register(async (scope) => streamRoutes(scope, services, limits));
  const pbm = options.pbm;
  if (pbm) await app.register(async (scope) => pbmRoutes(scope, pbm, limits.auth * 3));
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
