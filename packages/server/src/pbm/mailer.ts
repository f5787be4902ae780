/**
 * Outbound mail through nodemailer: by default into an outbox folder under the data folder (`<data>/outbox`, one
 * `.eml` file per mail, written atomically) that a user can read and an operator can ship later; or through an SMTP
 * relay (`smtp://host:port`), falling back to the outbox when the relay refuses or is down, so no reply is lost.
 *
 * Every mail is marked `Auto-Submitted: auto-replied` (RFC 3834) and carries our `X-Loop`, so other robots do not
 * answer it and our own mails coming back are recognised and dropped: two robots never loop.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

export interface OutMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  /** Where a reply should go (a board's reply address). */
  readonly replyTo?: string;
  /** The Message-ID of the mail this answers. */
  readonly inReplyTo?: string;
}

export interface Mailer {
  send(mail: OutMail): Promise<void>;
  close(): Promise<void>;
}

export interface MailIdentity {
  /** The gateway's own address: `From`, and the address commands go to. */
  readonly address: string;
  /** The domain of Message-IDs and reply addresses. */
  readonly domain: string;
}

/** The raw message of a mail, as nodemailer writes it. */
async function compose(identity: MailIdentity, mail: OutMail): Promise<Buffer> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await builder.sendMail(options(identity, mail))) as unknown as { message: Buffer };
  return info.message;
}

function options(identity: MailIdentity, mail: OutMail): SendMailOptions {
  return {
    from: { name: 'Tactica', address: identity.address },
    to: [...mail.to],
    subject: mail.subject,
    text: mail.text,
    messageId: `<${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@${identity.domain}>`,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: mail.inReplyTo } : {}),
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Loop': identity.address },
  };
}

/** Writes a file whole or not at all: a temporary file, flushed, renamed into place. */
function writeAtomically(dir: string, name: string, data: Buffer): void {
  const tmp = join(dir, `.${name}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, join(dir, name));
}

/** The embedded default: every mail an `.eml` file in `dir`, named so they list in the order written. */
export class OutboxMailer implements Mailer {
  private seq = 0;

  constructor(
    readonly dir: string,
    private readonly identity: MailIdentity,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async send(mail: OutMail): Promise<void> {
    const raw = await compose(this.identity, mail);
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    const name = `${stamp}-${String(this.seq++ % 1_000_000).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
    writeAtomically(this.dir, name, raw);
  }

  async close(): Promise<void> {}
}

/** Through an SMTP relay; a mail the relay does not take goes to the outbox instead. */
export class RelayMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    relay: string,
    private readonly identity: MailIdentity,
    private readonly fallback: Mailer,
  ) {
    this.transport = nodemailer.createTransport(relay);
  }

  async send(mail: OutMail): Promise<void> {
    try {
      await this.transport.sendMail(options(this.identity, mail));
    } catch {
      await this.fallback.send(mail);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
    await this.fallback.close();
  }
}

/** `smtp://host:port` (or `smtps://`), checked before the server starts. */
export function checkRelay(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--smtp-relay must be a URL like smtp://localhost:25, not "${url}"`);
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') {
    throw new Error(`--smtp-relay must be smtp:// or smtps://, not ${u.protocol}`);
  }
  return url;
}
