/**
 * `/api/account/mail`: a web player's mail (./account-mail.ts). `GET` reads it; `PUT {"turnMail": true}` asks for a
 * mail when their turn comes in a correspondence game (false: no more); `POST …/address {"address": "…"}` asks for
 * an address, which gets a mail to confirm it; `POST …/confirm {"token": "…"}` gives that mail's token back.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/app.js';
import { errorReplies } from '../http/schemas.js';
import type { AccountMail } from './account-mail.js';

const view = {
  type: 'object',
  required: ['addresses', 'waiting', 'notify', 'turnMail', 'turnMailsPerDay'],
  properties: {
    addresses: { type: 'array', items: { type: 'string' } },
    waiting: { type: 'array', items: { type: 'string' } },
    notify: { type: 'string' },
    turnMail: { type: 'boolean' },
    turnMailsPerDay: { type: 'integer' },
    note: { type: 'string' },
  },
} as const;

export async function accountMailRoutes(app: FastifyInstance, mail: AccountMail, perMinute: number): Promise<void> {
  // Each address asked for mails a stranger's address perhaps: as rare as a password change.
  const limit = { rateLimit: { max: perMinute, timeWindow: 60_000 } };
  app.get(
    '/api/account/mail',
    { schema: { summary: "The player's mail: addresses, turn mails", response: { 200: view, ...errorReplies } } },
    async (request) => mail.view(requireUser(request)),
  );

  app.put<{ Body: { turnMail: boolean } }>(
    '/api/account/mail',
    {
      schema: {
        summary: 'Turn mails on or off: a mail when your turn comes in a correspondence game',
        body: {
          type: 'object',
          required: ['turnMail'],
          additionalProperties: false,
          properties: { turnMail: { type: 'boolean' } },
        },
        response: { 200: view, ...errorReplies },
      },
    },
    async (request) => mail.setTurnMail(requireUser(request), request.body.turnMail),
  );

  app.post<{ Body: { address: string } }>(
    '/api/account/mail/address',
    {
      config: limit,
      schema: {
        summary: 'Ask for an address: it gets a mail to confirm it, and mails only once it is confirmed',
        body: {
          type: 'object',
          required: ['address'],
          additionalProperties: false,
          properties: { address: { type: 'string', maxLength: 254 } },
        },
        response: { 200: view, ...errorReplies },
      },
    },
    async (request) => {
      const r = await mail.requestAddress(requireUser(request), request.body.address);
      return { ...r.view, note: r.note };
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/account/mail/confirm',
    {
      config: limit,
      schema: {
        summary: "Confirm an address with the token its confirmation mail gave (the player's own claim only)",
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: { type: 'string', maxLength: 100 } },
        },
        response: { 200: view, ...errorReplies },
      },
    },
    async (request) => mail.confirm(requireUser(request), request.body.token),
  );
}
