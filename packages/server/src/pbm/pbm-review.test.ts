/**
 * `<game> review board` over real SMTP on loopback: a finished board's review (ann plays both sides of an imported record) is queued with the password, mailed
 * to the sender when done (its planted blunder marked), and after that is the reply itself, password or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_PDN } from '../reviews/testing.js';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

describe('game review by mail', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const GW = 'pbm@pbm.example';
  const ANN = 'ann@example.org';

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', { pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' } });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    await sender.send({ from: ANN, to: GW, subject: 'signup ann ann-password' });
    await confirmByReply(sender, sink, ANN, await sink.to(ANN, 'the welcome'));
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  it('queues the review of a finished board, mails it when done, then replies with it', async () => {
    const ann = new Client(server.url);
    ann.token = (
      await ann.request<{ token: string }>('POST', '/api/login', {
        name: 'ann',
        password: 'ann-password',
        kind: 'bearer',
      })
    ).body.token;
    const imported = await ann.request<{ id: number; version: number }>('POST', '/api/imports', {
      family: 'draughts',
      text: PLANTED_PDN,
    });
    const id = imported.body.id;
    const subject = `Draughts Review ${id}`;
    const reply = (what: string, match: (m: SinkMail) => boolean) =>
      sink.take((m) => m.to.includes(ANN) && m.subject.includes(subject) && match(m), what);

    // In progress: refused, with the code.
    await sender.send({ from: ANN, to: GW, subject: `draughts review ${id} ann ann-password` });
    expect(
      (await sink.take((m) => m.to.includes(ANN) && /review\/in-progress/.test(m.text), 'the refusal')).text,
    ).toMatch(/in progress/);
    await ann.request('POST', `/api/games/${id}/resign`, { version: imported.body.version });

    // Not made yet, and no password: nothing is queued.
    await sender.send({ from: ANN, to: GW, subject: `draughts review ${id}` });
    expect(
      (await sink.take((m) => m.to.includes(ANN) && /pbm\/missing-credentials/.test(m.text), 'no password')).text,
    ).toMatch(/has no review yet/);

    await sender.send({ from: ANN, to: GW, subject: `draughts review ${id} ann ann-password` });
    const queued = await reply('the queued reply', (m) => /queued/.test(m.text));
    expect(queued.text).toMatch(/you will get it by mail/);
    const mailed = await reply('the review', (m) => /Computer review/.test(m.text));
    expect(mailed.text).toMatch(/move 1 \(ann\) 19-23: blunder, loses \d+\.\d\d; eval [+-]\d+\.\d\d; better: \S+/);
    expect(mailed.text).toMatch(/\nann: moves 1, average loss \d+\.\d\d, inaccuracies 0, mistakes 0, blunders 1\n/);

    // Made once: from now on the review is the reply, with or without the password.
    await sender.send({ from: ANN, to: GW, subject: `draughts review ${id}` });
    expect((await reply('the review again', (m) => /Computer review/.test(m.text))).text).toBe(mailed.text);
  }, 120_000);
});
