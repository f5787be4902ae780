/**
 * Real SMTP on loopback for the gateway's tests and benchmark: a sink (an `smtp-server` listener that keeps every
 * mail it is given, parsed with mailparser) for the gateway's replies, and a sender (nodemailer) for the mails
 * the tests write to the gateway's listener.
 */
import { connect } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { PbmGateway, PbmReply } from './gateway.js';

export interface SinkMail {
  readonly to: readonly string[];
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  readonly replyTo: string | undefined;
  readonly headers: ReadonlyMap<string, unknown>;
}

function list(field: AddressObject | AddressObject[] | undefined): string[] {
  const all = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return all.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export class MailSink {
  readonly mails: SinkMail[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<MailSink> {
    const box: { sink?: MailSink } = {};
    const pending: SinkMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (m) => {
            const mail: SinkMail = {
              to: list(m.to),
              from: list(m.from)[0] ?? '',
              subject: m.subject ?? '',
              text: typeof m.text === 'string' ? m.text : '',
              replyTo: list(m.replyTo)[0],
              headers: m.headers,
            };
            if (box.sink) box.sink.add(mail);
            else pending.push(mail);
            callback();
          },
          (e: unknown) => callback(e as Error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    const sink = new MailSink(server, typeof address === 'object' && address ? address.port : 0);
    box.sink = sink;
    for (const m of pending) sink.add(m);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  private add(mail: SinkMail): void {
    this.mails.push(mail);
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first mail (kept or still to come) that `match` accepts, taken out of the sink. */
  async take(match: (m: SinkMail) => boolean, what: string, ms = 15_000): Promise<SinkMail> {
    const until = Date.now() + ms;
    for (;;) {
      const i = this.mails.findIndex(match);
      if (i >= 0) return this.mails.splice(i, 1)[0] as SinkMail;
      const left = until - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out waiting for ${what}; the sink has: ${this.mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'nothing'}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next mail to `address`. */
  to(address: string, what = `a mail to ${address}`): Promise<SinkMail> {
    return this.take((m) => m.to.includes(address.toLowerCase()), what);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Sends mail to an SMTP listener on loopback, one connection per mail (as an MTA delivering it would). */
export class MailSender {
  private readonly transport;

  constructor(port: number) {
    this.transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  }

  async send(mail: {
    from: string;
    to: string;
    subject: string;
    text?: string;
    html?: string;
    headers?: Record<string, string>;
    messageId?: string;
    envelopeFrom?: string;
  }): Promise<void> {
    await this.transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      ...(mail.text !== undefined ? { text: mail.text } : {}),
      ...(mail.html !== undefined ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.envelopeFrom !== undefined ? { envelope: { from: mail.envelopeFrom, to: [mail.to] } } : {}),
    });
  }

  /** A raw message as it is (broken MIME and all). */
  async sendRaw(envelope: { from: string; to: string }, raw: string | Buffer): Promise<void> {
    await this.transport.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * One mail in plain SMTP, envelope and all as given (`from` may be empty: the null return path of a bounce).
 * Resolves with the server's answer to the message (`250 …`, `552 …`).
 */
export function smtpSend(port: number, envelope: { from: string; to: string }, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const steps = [
      'EHLO test.example',
      `MAIL FROM:<${envelope.from}>`,
      `RCPT TO:<${envelope.to}>`,
      'DATA',
      `${raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`,
      'QUIT',
    ];
    let buffer = '';
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete when its last line has a space after the code.
      for (;;) {
        const end = buffer.search(/^\d{3} .*\r\n/m);
        if (end < 0) return;
        const line = /^\d{3} .*\r\n/m.exec(buffer.slice(end))?.[0] ?? '';
        buffer = buffer.slice(end + line.length);
        const code = line.slice(0, 3);
        if (steps.length === 1) answer = line.trim();
        if (code.startsWith('4') || code.startsWith('5')) answer ||= line.trim();
        const next = steps.shift();
        if (next === undefined || ((code.startsWith('4') || code.startsWith('5')) && next !== 'QUIT')) {
          socket.end();
          resolve(answer || line.trim());
          return;
        }
        socket.write(`${next}\r\n`);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * Confirms an address the way its owner does: a reply from `from` to the confirmation's reply address that `mail`
 * (a signup's welcome, or a confirmation mail) carries. Resolves with the gateway's answer to `from`.
 */
export async function confirmByReply(
  sender: MailSender,
  sink: MailSink,
  from: string,
  mail: { readonly subject: string; readonly replyTo?: string | undefined },
): Promise<SinkMail> {
  if (!mail.replyTo?.startsWith('confirm-')) throw new Error(`"${mail.subject}" asks for no confirmation`);
  await sender.send({ from, to: mail.replyTo, subject: `Re: ${mail.subject}` });
  const answer = await sink.take((m) => m.to.includes(from.toLowerCase()), `the confirmation's answer to ${from}`);
  if (answer.subject !== 'Tactica Address Confirmed') throw new Error(`not confirmed: ${answer.text}`);
  return answer;
}

/** Signs up by a command to the gateway from `address` and confirms the address as its owner would (no SMTP). */
export async function signUpConfirmed(
  gateway: PbmGateway,
  name: string,
  password: string,
  address: string,
): Promise<PbmReply> {
  const welcome = await gateway.handle({ subject: `signup ${name} ${password}`, body: '', from: address });
  if (!welcome.ok || !welcome.replyTo) throw new Error(`signup of ${name} failed: ${welcome.text}`);
  const confirmed = await gateway.handle({
    subject: 'Re: Tactica Signup',
    body: '',
    from: address,
    to: [welcome.replyTo],
  });
  if (!confirmed.ok) throw new Error(`confirmation of ${address} failed: ${confirmed.text}`);
  return welcome;
}
