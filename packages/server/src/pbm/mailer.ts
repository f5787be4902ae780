/**
 * Outbound mail through nodemailer: by default into an outbox folder under the data folder (`<data>/outbox`, one
 * `.eml` file per mail, written atomically) that a user can read and an operator can ship later; or through an SMTP
 * relay (`smtp://host:port`), falling back to the outbox when the relay refuses or is down, so no reply is lost.
 *
 * Every mail is marked `Auto-Submitted: auto-replied` (RFC 3834) and carries our `X-Loop`, so other robots do not
 * answer it and our own mails coming back are recognised and dropped: two robots never loop.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { encodeWords, foldLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

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

/** A header value on one line: no line breaks or other control characters (no header can be smuggled in). */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return value.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
}

/** An address as it goes in a header: a bare `local@domain`, nothing that could end or start a header. */
function headerAddress(address: string): string {
  const a = oneLine(address);
  if (!/^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/.test(a)) throw new Error(`not an address: ${a.slice(0, 80)}`);
  return a;
}

/** A Message-ID in angle brackets, or undefined when `id` cannot be one. */
function messageIdOf(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const bare = oneLine(id).replace(/^<|>$/g, '');
  return /^[^\s<>]{1,900}$/.test(bare) ? `<${bare}>` : undefined;
}

let sequence = 0;
const instance = randomBytes(6).toString('hex');

/**
 * The raw message of a plain-text mail, lines ended with `newline`: the headers nodemailer's composer writes for
 * such a mail (non-ASCII Subject as MIME encoded words, headers folded at 76), the body in 7bit when it is ASCII in
 * lines within RFC 5322's 998 characters, else quoted-printable, with nodemailer's encoders (`mime-funcs`, `qp`). Composed directly rather than
 * through its general MIME tree, which cost six times more and was a sixth of the gateway's time (bench/RESULTS.md).
 */
export function composeText(identity: MailIdentity, mail: OutMail, newline: '\r\n' | '\n' = '\r\n'): Buffer {
  if (mail.to.length === 0) throw new Error('a mail needs a recipient');
  const subject = oneLine(mail.subject);
  const inReplyTo = messageIdOf(mail.inReplyTo);
  const id = `<${Date.now().toString(36)}.${instance}.${(sequence++).toString(36)}@${identity.domain}>`;
  const headers = [
    'Auto-Submitted: auto-replied',
    `X-Loop: ${headerAddress(identity.address)}`,
    `From: Tactica <${headerAddress(identity.address)}>`,
    `To: ${mail.to.map(headerAddress).join(', ')}`,
    ...(mail.replyTo ? [`Reply-To: ${headerAddress(mail.replyTo)}`] : []),
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    `Subject: ${isPlainText(subject) ? subject : encodeWords(subject, 'Q', 52)}`,
    `Message-ID: ${id}`,
    `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].map((h) => foldLines(h, 76));
  const text = mail.text.replace(/\r\n?/g, '\n');
  // 7bit when ASCII in lines of at most 998 characters (RFC 5322), readable as it is in the outbox.
  const plain = isPlainText(text) && !hasLineLongerThan(text, 998);
  headers.push(`Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}`);
  const body = plain ? text : qpWrap(qpEncode(text.replace(/\n/g, '\r\n')), 76).replace(/\r\n/g, '\n');
  return Buffer.from(`${headers.join('\n')}\n\n${body}`.replace(/\r?\n/g, newline), 'utf8');
}

/** Whether a line of `text` is longer than `max` characters (a scan, not a regular expression that rescans). */
function hasLineLongerThan(text: string, max: number): boolean {
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start > max) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

/**
 * Writes a file whole or not at all: a temporary file (a name no reader lists), renamed into place. A killed
 * process leaves the mail whole or absent, never half written. Like the SQLite database (synchronous=NORMAL), the
 * file is not flushed to the disk for each mail **(ours)**: a power cut may lose the last moments' mails; a flush per
 * mail cost a third of the gateway's time. The calls are synchronous: four quick system calls cost less than four
 * trips to the thread pool and back (bench/RESULTS.md).
 */
function writeAtomically(dir: string, name: string, data: Buffer): void {
  const tmp = join(dir, `.${name}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, data);
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
    // Unix line ends in the folder, as mail tools on the machine read them; the relay speaks CRLF on the wire.
    const raw = composeText(this.identity, mail, '\n');
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    const name = `${stamp}-${String(this.seq++ % 1_000_000).padStart(6, '0')}-${instance}.eml`;
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
      await this.transport.sendMail({
        envelope: { from: this.identity.address, to: [...mail.to] },
        raw: composeText(this.identity, mail),
      });
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
