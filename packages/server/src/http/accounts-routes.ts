/**
 * Accounts over HTTP: sign up, log in and out, change the password, read anyone's profile. A browser gets an
 * HTTP-only cookie; a program takes the token from the reply and sends it as `Authorization: Bearer …`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TokenKind } from '../accounts/accounts.js';
import { DomainError, notFound } from '../errors.js';
import type { Services } from '../services.js';
import { requireUser, SESSION_COOKIE } from './app.js';
import { errorReplies, userSchema } from './schemas.js';

const credentials = {
  type: 'object',
  required: ['name', 'password'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 100 },
    password: { type: 'string', maxLength: 400 },
    /** `bearer` for a program's long-lived token; `cookie` (the default) for a browser. */
    kind: { type: 'string', enum: ['cookie', 'bearer'] },
  },
} as const;

const tokenReply = {
  type: 'object',
  required: ['user', 'token', 'expiresAt'],
  properties: { user: userSchema, token: { type: 'string' }, expiresAt: { type: 'number' } },
} as const;

/** `{"everywhere": true}` asks to end every log-in; no body, `{}` or `{"everywhere": false}` only this one. */
function everywhereOf(body: unknown): boolean {
  if (body === undefined || body === null) return false;
  const keys = typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : ['?'];
  const everywhere = (body as { everywhere?: unknown }).everywhere;
  if (keys.some((k) => k !== 'everywhere') || (everywhere !== undefined && typeof everywhere !== 'boolean')) {
    throw new DomainError('request/invalid', 'the body of a log-out is {} or {"everywhere": true}', 'everywhere');
  }
  return everywhere === true;
}

interface Credentials {
  name: string;
  password: string;
  kind?: TokenKind;
}

export async function accountRoutes(
  app: FastifyInstance,
  services: Services,
  authPerMinute: number,
  secure: boolean,
): Promise<void> {
  const { accounts } = services;
  const limit = { rateLimit: { max: authPerMinute, timeWindow: 60_000 } };
  const setCookie = (reply: FastifyReply, token: string, expiresAt: number): void => {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      expires: new Date(expiresAt),
    });
  };

  app.post<{ Body: Credentials }>(
    '/api/accounts',
    {
      config: limit,
      schema: { summary: 'Sign up', body: credentials, response: { 201: tokenReply, ...errorReplies } },
    },
    async (request, reply) => {
      const user = await accounts.signUp(request.body.name, request.body.password);
      const kind = request.body.kind ?? 'cookie';
      const issued = await accounts.issueToken(user, kind);
      if (kind === 'cookie') setCookie(reply, issued.token, issued.expiresAt);
      return reply.status(201).send({ user, ...issued });
    },
  );

  app.post<{ Body: Credentials }>(
    '/api/login',
    { config: limit, schema: { summary: 'Log in', body: credentials, response: { 200: tokenReply, ...errorReplies } } },
    async (request, reply) => {
      const kind = request.body.kind ?? 'cookie';
      const r = await accounts.logIn(request.body.name, request.body.password, kind);
      if (kind === 'cookie') setCookie(reply, r.token, r.expiresAt);
      return r;
    },
  );

  // No body schema: a program may log out with no body at all (a browser's cookie needs JSON, see cookie-writes.ts).
  app.post<{ Body: unknown }>(
    '/api/logout',
    {
      schema: {
        summary:
          'Log out: this token or cookie; with {"everywhere": true} every log-in of the user, and new reply ' +
          'addresses for their boards by mail',
        response: { 204: { type: 'null' }, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (everywhereOf(request.body)) await accounts.logOutEverywhere(user);
      else if (request.token) await accounts.logOut(request.token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/account',
    { schema: { summary: 'Who am I', response: { 200: userSchema, ...errorReplies } } },
    async (request) => requireUser(request),
  );

  app.post<{ Body: { oldPassword: string; newPassword: string } }>(
    '/api/account/password',
    {
      config: limit,
      schema: {
        summary: 'Change the password (every other log-in ends)',
        body: {
          type: 'object',
          required: ['oldPassword', 'newPassword'],
          additionalProperties: false,
          properties: {
            oldPassword: { type: 'string', maxLength: 400 },
            newPassword: { type: 'string', maxLength: 400 },
          },
        },
        response: { 204: { type: 'null' }, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await accounts.changePassword(user, request.body.oldPassword, request.body.newPassword, request.token);
      return reply.status(204).send();
    },
  );

  app.put<{ Body: { until: number | null } }>(
    '/api/account/vacation',
    {
      // Each change walks the user's games in progress: as rare as a password change.
      config: limit,
      schema: {
        summary: 'Go on vacation until a time (ms since the epoch), or come back (null): correspondence clocks wait',
        body: {
          type: 'object',
          required: ['until'],
          additionalProperties: false,
          properties: { until: { type: ['number', 'null'] } },
        },
        response: { 204: { type: 'null' }, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await services.games.setVacation(user, request.body.until);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { name: string } }>(
    '/api/users/:name',
    {
      schema: {
        summary: "A player's profile: ratings per game and recent games",
        params: { type: 'object', properties: { name: { type: 'string', maxLength: 100 } }, required: ['name'] },
        response: { 200: { type: 'object', additionalProperties: true }, ...errorReplies },
      },
    },
    async (request) => {
      const user = await accounts.findByName(request.params.name);
      if (!user) throw notFound(`user ${request.params.name}`);
      return services.listings.profile(user);
    },
  );
}
