/**
 * `POST /pbm`: the mail grammar for web forms and scripts. The body is `{ "subject": "tactics move 105 ann secret
 * f1-f4#7", "body": "a comment", "to": "board-105-…@…" }` (`to`, a board's reply address, stands for the userid
 * and password); the answer is the reply mail the command would get, as JSON. Mails to the other players go out as
 * for any change.
 */
import type { FastifyInstance } from 'fastify';
import type { PbmGateway } from './gateway.js';
import { SUBJECT_MAX } from './grammar.js';
import { errorReplies } from '../http/schemas.js';

export async function pbmRoutes(app: FastifyInstance, gateway: PbmGateway, perMinute: number): Promise<void> {
  app.post<{ Body: { subject: string; body?: string; to?: string } }>(
    '/pbm',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        summary: 'Carry out a command of the play-by-e-mail grammar; the answer is its reply mail',
        body: {
          type: 'object',
          required: ['subject'],
          additionalProperties: false,
          properties: {
            subject: { type: 'string', maxLength: SUBJECT_MAX },
            body: { type: 'string', maxLength: 64 * 1024 },
            to: { type: 'string', maxLength: 254 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['ok', 'subject', 'text'],
            properties: {
              ok: { type: 'boolean' },
              code: { type: 'string' },
              subject: { type: 'string' },
              text: { type: 'string' },
              replyTo: { type: 'string' },
              board: { type: 'integer' },
            },
          },
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const r = await gateway.handle({
        subject: request.body.subject,
        body: request.body.body ?? '',
        ...(request.body.to ? { to: [request.body.to] } : {}),
      });
      return reply.status(r.ok ? 200 : r.code === 'server/error' ? 500 : 200).send(r);
    },
  );
}
