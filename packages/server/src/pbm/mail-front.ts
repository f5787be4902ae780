/**
 * One inbound mail, from the SMTP listener or an MTA's pipe (`tactica pbm --mail`), to its reply: read it, keep
 * silent to robots, count it against its sender's rate, refuse a Message-ID already carried out, carry out its
 * command, and mail the reply (the board, or an error quoting the mail) to the sender.
 */
import { ApiError } from '../errors.js';
import type { PbmGateway } from './gateway.js';
import { readMail, type Envelope } from './mail-in.js';
import type { Notifier } from './notifier.js';
import { parseSubject } from './grammar.js';
import { errorSubject, errorText } from './render.js';
import type { PbmStore } from './store.js';

export interface MailLimits {
  /** The largest message taken, in bytes (the SMTP listener announces it as SIZE). */
  readonly maxBytes: number;
  /** Mails a sender may send per window; the next one gets one error mail, the rest silence. */
  readonly perSender: number;
  readonly windowMs: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = { maxBytes: 256 * 1024, perSender: 120, windowMs: 10 * 60_000 };

/** What became of a mail (for logs, tests and the benchmark). */
export type MailOutcome =
  | { readonly kind: 'carried-out'; readonly code?: undefined }
  | { readonly kind: 'refused'; readonly code: string }
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
  ) {}

  async receive(raw: Buffer | string, envelope: Envelope = {}): Promise<MailOutcome> {
    const outcome = await this.outcomeOf(raw, envelope);
    if (outcome.kind === 'carried-out') this.counts.carriedOut++;
    else if (outcome.kind === 'refused') this.counts.refused++;
    else this.counts.silent++;
    return outcome;
  }

  private async outcomeOf(raw: Buffer | string, envelope: Envelope): Promise<MailOutcome> {
    const size = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
    if (size > this.limits.maxBytes) {
      // Only the pipe gets here (the listener refuses it in SMTP): answer the envelope's sender if there is one.
      if (envelope.from) {
        await this.refuse(envelope.from, 'pbm/too-large', `a mail is at most ${this.limits.maxBytes} bytes`, '', '');
        return { kind: 'refused', code: 'pbm/too-large' };
      }
      return { kind: 'silent', why: 'too large, no return path' };
    }
    let mail;
    try {
      mail = await readMail(raw, envelope, this.ownAddress);
    } catch {
      if (envelope.from) {
        await this.refuse(envelope.from, 'pbm/unreadable', 'the mail could not be read as a MIME message', '', '');
        return { kind: 'refused', code: 'pbm/unreadable' };
      }
      return { kind: 'silent', why: 'unreadable, no return path' };
    }
    if (mail.kind === 'robot') return { kind: 'silent', why: mail.why };
    const sender = mail.from;
    if (!sender || !sender.includes('@')) return { kind: 'silent', why: 'no sender address' };
    const count = await this.store.rateCount(sender, this.limits.windowMs);
    if (count > this.limits.perSender) {
      if (count === this.limits.perSender + 1) {
        await this.refuse(
          sender,
          'rate/limited',
          `at most ${this.limits.perSender} mails in ${Math.round(this.limits.windowMs / 60_000)} minutes; the rest are dropped unanswered until then`,
          mail.subject,
          mail.body,
        );
        return { kind: 'refused', code: 'rate/limited' };
      }
      return { kind: 'silent', why: 'over the rate limit' };
    }
    if (mail.messageId && !(await this.store.firstSeen(mail.messageId, SEEN_KEEP_MS))) {
      await this.refuse(
        sender,
        'pbm/duplicate',
        `this mail (Message-ID ${mail.messageId.slice(0, 200)}) was carried out before; it is not carried out again`,
        mail.subject,
        mail.body,
      );
      return { kind: 'refused', code: 'pbm/duplicate' };
    }
    const reply = await this.gateway.handle({ subject: mail.subject, body: mail.body, from: sender, to: mail.to });
    await this.notifier.deliver({
      to: [sender],
      subject: reply.subject,
      text: reply.text,
      ...(reply.replyTo ? { replyTo: reply.replyTo } : {}),
      ...(mail.messageId ? { inReplyTo: mail.messageId } : {}),
    });
    return reply.ok ? { kind: 'carried-out' } : { kind: 'refused', code: reply.code ?? 'pbm/error' };
  }

  private async refuse(to: string, code: string, message: string, subject: string, body: string): Promise<void> {
    // The Subject of the error names the game and board of the command, when it names them.
    let about: { family?: Parameters<typeof errorSubject>[0]; board?: number } = {};
    try {
      const cmd = parseSubject(subject);
      if (cmd.scope === 'game')
        about = { family: cmd.family, ...(cmd.board !== undefined ? { board: cmd.board } : {}) };
    } catch {
      // Not a command at all: a plain error Subject.
    }
    await this.notifier.deliver({
      to: [to],
      subject: errorSubject(about.family, about.board),
      text: errorText(new ApiError(400, code, message), { subject, body }),
    });
  }
}
