/**
 * One inbound mail, from the SMTP listener or an MTA's pipe (`tactica pbm --mail`), to its reply: read it, keep
 * silent to robots and to the gateway's own addresses, count it against its sender's rate, hold its Subject and body
 * to their limits before they are read as a command or quoted, refuse a Message-ID already carried out, carry out
 * its command (its Message-ID recorded with the command's outcome, so a retry after a crash is carried out once),
 * and mail the reply (the board, or an error quoting the mail) to the sender. A sender no player has gets at most a
 * short excerpt of its mail quoted: the From may be someone else's.
 */
import { DomainError, type DomainCode, type ServerCode } from '../errors.js';
import type { PbmGateway, PbmReply } from './gateway.js';
import { BODY_TEXT_MAX, readMail, type Envelope } from './mail-in.js';
import type { Notifier } from './notifier.js';
import { parseSubject, SUBJECT_MAX } from './grammar.js';
import { errorSubject, errorText, QUOTE_EXCERPT, QUOTE_KNOWN, type QuoteLimit } from './render.js';
import type { PbmStore } from './store.js';

export interface MailLimits {
  /** The largest message taken, in bytes (the SMTP listener announces it as SIZE). */
  readonly maxBytes: number;
  /** Mails a sender (From address) may send per window; the next one gets one error mail, the rest silence. */
  readonly perSender: number;
  readonly windowMs: number;
  /**
   * Mails one client (IP address) may send over SMTP per window, whatever their senders: the next ones are refused
   * in SMTP (450, the sending MTA tries again later). Behind a mail server, that server is the one client.
   */
  readonly perClient: number;
  /** SMTP connections open at once from one client address; the next is refused (421). */
  readonly connectionsPerClient: number;
  /** SMTP connections open at once in all. */
  readonly maxConnections: number;
  /** Recipients one mail may have (RCPT TO); the next are refused (452). */
  readonly recipientsPerMail: number;
  /** An SMTP connection that sends nothing for this long is closed. */
  readonly idleMs: number;
  /** Wrong passwords an account may get through the gateway per `guessWindowMs`, whoever sends them (guesses.ts). */
  readonly guessesPerAccount: number;
  readonly guessWindowMs: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = {
  maxBytes: 256 * 1024,
  perSender: 120,
  windowMs: 10 * 60_000,
  perClient: 1000,
  connectionsPerClient: 20,
  maxConnections: 200,
  recipientsPerMail: 10,
  idleMs: 30_000,
  guessesPerAccount: 10,
  guessWindowMs: 15 * 60_000,
};

/** What became of a mail (for logs, tests and the benchmark). */
export type MailOutcome =
  | { readonly kind: 'carried-out'; readonly code?: undefined }
  | { readonly kind: 'refused'; readonly code: DomainCode }
  | { readonly kind: 'silent'; readonly why: string };

/** How long Message-IDs are remembered against replays. */
const SEEN_KEEP_MS = 90 * 86_400_000;

export class MailFront {
  /** Mails by outcome, since start. */
  readonly counts = { carriedOut: 0, refused: 0, silent: 0 };

  constructor(
    private readonly gateway: PbmGateway,
    private readonly store: PbmStore,
    private readonly notifier: Notifier,
    readonly ownAddress: string,
    readonly limits: MailLimits = DEFAULT_MAIL_LIMITS,
    /** The domain of the boards' reply addresses (default: the own address's). */
    readonly domain: string = ownAddress.split('@')[1] ?? '',
  ) {}

  async receive(raw: Buffer | string, envelope: Envelope = {}): Promise<MailOutcome> {
    const outcome = await this.outcomeOf(raw, envelope);
    if (outcome.kind === 'carried-out') this.counts.carriedOut++;
    else if (outcome.kind === 'refused') this.counts.refused++;
    else this.counts.silent++;
    return outcome;
  }

  /** Counts a mail from a client address (the SMTP listener asks at MAIL FROM): false once it is over its limit. */
  async admitClient(address: string): Promise<boolean> {
    const { count } = await this.store.count(`client:${address}`, this.limits.windowMs);
    return count <= this.limits.perClient;
  }

  private async outcomeOf(raw: Buffer | string, envelope: Envelope): Promise<MailOutcome> {
    const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
    if (size > this.limits.maxBytes) {
      // Only the pipe gets here (the listener refuses it in SMTP): answer the envelope's sender if there is one.
      if (envelope.from) {
        await this.refuse(envelope.from, 'pbm/too-large', `a mail is at most ${this.limits.maxBytes} bytes`);
        return { kind: 'refused', code: 'pbm/too-large' };
      }
      return { kind: 'silent', why: 'too large, no return path' };
    }
    let mail;
    try {
      mail = await readMail(raw, envelope, this.ownAddress, this.domain);
    } catch {
      if (envelope.from) {
        await this.refuse(envelope.from, 'pbm/unreadable', 'the mail could not be read as a MIME message');
        return { kind: 'refused', code: 'pbm/unreadable' };
      }
      return { kind: 'silent', why: 'unreadable, no return path' };
    }
    if (mail.kind === 'robot') return { kind: 'silent', why: mail.why };
    const sender = mail.from;
    if (!sender || !sender.includes('@')) return { kind: 'silent', why: 'no sender address' };
    const count = await this.store.rateCount(sender, this.limits.windowMs);
    // An address no player has gets a short excerpt of its mail at most: the From may be forged.
    const quote = (await this.store.knownSender(sender)) ? QUOTE_KNOWN : QUOTE_EXCERPT;
    const original = { subject: mail.subject, body: mail.body };
    if (count > this.limits.perSender) {
      if (count === this.limits.perSender + 1) {
        await this.refuse(
          sender,
          'rate/limited',
          `at most ${this.limits.perSender} mails in ${Math.round(this.limits.windowMs / 60_000)} minutes; the rest are dropped unanswered until then`,
          original,
          quote,
        );
        return { kind: 'refused', code: 'rate/limited' };
      }
      return { kind: 'silent', why: 'over the rate limit' };
    }
    // The limits of a command apply before it is read as one (and before any of it is quoted back).
    const tooLong =
      mail.subject.length > SUBJECT_MAX
        ? (['pbm/subject-too-long', `a command is at most ${SUBJECT_MAX} characters`] as const)
        : mail.body.length > BODY_TEXT_MAX
          ? (['pbm/body-too-long', `a mail's own text is at most ${BODY_TEXT_MAX} characters`] as const)
          : undefined;
    if (tooLong) {
      await this.refuse(sender, tooLong[0], tooLong[1], original, quote);
      return { kind: 'refused', code: tooLong[0] };
    }
    const { messageId } = mail;
    if (messageId && (await this.store.seenBefore(messageId))) {
      await this.refuse(
        sender,
        'pbm/duplicate',
        `this mail (Message-ID ${messageId.slice(0, 200)}) was carried out before; it is not carried out again`,
        original,
        quote,
      );
      return { kind: 'refused', code: 'pbm/duplicate' };
    }
    const run = () => this.gateway.handle({ ...original, from: sender, to: mail.to, quote });
    const reply: PbmReply = messageId
      ? await this.store.carryOutOnce(messageId, SEEN_KEEP_MS, run, (r) => r.code === 'server/error')
      : await run();
    await this.notifier.deliver({
      to: [sender],
      subject: reply.subject,
      text: reply.text,
      ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
      ...(messageId ? { inReplyTo: messageId } : {}),
    });
    return reply.ok ? { kind: 'carried-out' } : { kind: 'refused', code: reply.code ?? 'pbm/error' };
  }

  private async refuse(
    to: string,
    code: ServerCode,
    message: string,
    original: { readonly subject: string; readonly body: string } = { subject: '', body: '' },
    quote: QuoteLimit = QUOTE_EXCERPT,
  ): Promise<void> {
    // The Subject of the error names the game and board of the command, when it names them.
    let about: { family?: Parameters<typeof errorSubject>[0]; board?: number } = {};
    try {
      const cmd = original.subject.length <= SUBJECT_MAX ? parseSubject(original.subject) : undefined;
      if (cmd?.scope === 'game')
        about = { family: cmd.family, ...(cmd.board !== undefined ? { board: cmd.board } : {}) };
    } catch {
      // Not a command at all: a plain error Subject.
    }
    await this.notifier.deliver({
      to: [to],
      subject: errorSubject(about.family, about.board),
      text: errorText(new DomainError(code, message), original, quote),
    });
  }
}
