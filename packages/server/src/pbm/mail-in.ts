/**
 * Inbound mail, read with mailparser (MIME, transfer encodings, charsets, HTML-only mails turned into text): who
 * sent it, to which address, its Subject (the command) and its body cleaned for a comment (quoted replies and
 * signatures stripped). Mails from robots — auto-replies, bounces, mailing lists, our own mails come back — are
 * recognised so they are never answered: two robots never loop.
 */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

export interface InboundMail {
  readonly kind: 'mail';
  /** The address replies go to (the From address). */
  readonly from: string;
  /** Every address the mail came to (envelope recipients, else To and Cc). */
  readonly to: readonly string[];
  readonly subject: string;
  /** The body as text, quoted replies and signature stripped. */
  readonly body: string;
  readonly messageId: string | undefined;
}

export interface RobotMail {
  readonly kind: 'robot';
  readonly why: string;
}

export interface Envelope {
  /** MAIL FROM; the empty string for the null return path `<>` of bounces. */
  readonly from?: string;
  readonly to?: readonly string[];
}

/**
 * The most text a body's own words may have (quoted replies and signature taken off): a comment or a Tactorus
 * order list is far shorter; a longer one is refused before it is read as a command or quoted.
 */
export const BODY_TEXT_MAX = 64 * 1024;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter((a) => a !== '');
}

function header(mail: ParsedMail, name: string): string {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && 'value' in v && typeof (v as { value: unknown }).value === 'string') {
    return (v as { value: string }).value;
  }
  if (typeof v === 'object' && 'text' in v && typeof (v as { text: unknown }).text === 'string') {
    return (v as { text: string }).text;
  }
  return String(v as unknown);
}

/** A board's reply address, `board-<id>-<token>@…` (gateway.ts reads its board and token). */
const REPLY_ADDRESS = /^board-(\d{1,9})-([a-z2-7]{24})@/i;
/** The reply address of an address's confirmation mail (store.ts). */
const CONFIRM_ADDRESS = /^confirm-[a-z2-7]{24}@/i;

/**
 * Whether an address is the gateway's own: its main address, or one of the boards' or confirmations' reply addresses
 * at its domain.
 * A mail from one is our own mail come back (through an alias, a forward or a forger) and is never answered.
 */
export function isOwnAddress(address: string, ownAddress: string, domain = ownAddress.split('@')[1] ?? ''): boolean {
  const a = address.trim().replace(/^<|>$/g, '').toLowerCase();
  if (a === ownAddress.toLowerCase()) return true;
  return domain !== '' && a.endsWith(`@${domain.toLowerCase()}`) && (REPLY_ADDRESS.test(a) || CONFIRM_ADDRESS.test(a));
}

/** Why a mail comes from a robot (and must not be answered), or undefined for a person's mail. */
function robotReason(mail: ParsedMail, envelope: Envelope, ownAddress: string, domain?: string): string | undefined {
  if (envelope.from === '') return 'an empty return path (a bounce)';
  // Through an MTA's pipe there is no envelope here: the MTA wrote the return path as the Return-Path line.
  if (envelope.from === undefined) {
    const returnPath = mail.headerLines.find((l) => l.key.toLowerCase() === 'return-path');
    if (returnPath && /^return-path:\s*<\s*>\s*$/i.test(returnPath.line.trim()))
      return 'an empty return path (a bounce)';
  }
  const auto = header(mail, 'auto-submitted').trim().toLowerCase();
  if (auto && auto !== 'no') return `Auto-Submitted: ${auto}`;
  const precedence = header(mail, 'precedence').trim().toLowerCase();
  if (['bulk', 'list', 'junk', 'auto_reply'].includes(precedence)) return `Precedence: ${precedence}`;
  // mailparser folds List-* headers into one `list` header: the raw lines say which were there.
  const present = new Set(mail.headerLines.map((l) => l.key.toLowerCase()));
  if (['list-id', 'list-unsubscribe', 'list-post'].some((h) => present.has(h)) || mail.headers.has('list')) {
    return 'a mailing list';
  }
  for (const h of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) {
    if (present.has(h)) return h;
  }
  if (header(mail, 'x-loop').toLowerCase().includes(ownAddress.toLowerCase())) return 'our own mail came back';
  const from = addresses(mail.from)[0] ?? envelope.from ?? '';
  const local = from.split('@')[0]?.toLowerCase() ?? '';
  if (['mailer-daemon', 'postmaster', 'noreply', 'no-reply', 'bounce', 'bounces'].includes(local)) {
    return `a mail from ${local}`;
  }
  if ([from, envelope.from ?? ''].some((a) => a !== '' && isOwnAddress(a, ownAddress, domain)))
    return 'our own mail came back';
  const type = header(mail, 'content-type').toLowerCase();
  if (type.includes('multipart/report')) return 'a delivery report';
  return undefined;
}

/**
 * The part of a body that is the sender's own words: up to a signature (`-- `), without quoted lines (`>`) and
 * without the quoted message a mail program puts after "On … wrote:" or "-----Original Message-----".
 */
function cleanBody(text: string): string {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line === '--' || raw === '-- ') break;
    if (/^-{2,}\s*(original message|forwarded message)\s*-{2,}$/i.test(line.trim())) break;
    if (/^(on|am|le)\s.{0,300}(wrote|schrieb|a écrit)\s*:$/i.test(line.trim())) break;
    if (/^\s*>/.test(line)) continue;
    out.push(line);
  }
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/**
 * Reads a raw message (its size already checked). A message mailparser cannot read at all is refused (the caller
 * answers it if it can). The Subject and body come whole: the caller checks their limits before it uses them.
 */
export async function readMail(
  raw: Buffer | string,
  envelope: Envelope,
  ownAddress: string,
  domain?: string,
): Promise<InboundMail | RobotMail> {
  const mail = await simpleParser(raw, { maxHtmlLengthToParse: 1024 * 1024, skipImageLinks: true });
  const robot = robotReason(mail, envelope, ownAddress, domain);
  if (robot) return { kind: 'robot', why: robot };
  const from = addresses(mail.from)[0] ?? envelope.from ?? '';
  const to = envelope.to && envelope.to.length > 0 ? [...envelope.to] : [...addresses(mail.to), ...addresses(mail.cc)];
  let text = typeof mail.text === 'string' ? mail.text : '';
  // A mail whose plain part is empty beside its HTML (as some programs send an "HTML-only" mail): the HTML is the
  // text, made plain by mailparser's own conversion (issue 40: such comments were lost).
  if (text.trim() === '' && typeof mail.html === 'string' && mail.html.trim() !== '') {
    const plain = await simpleParser(`Content-Type: text/html; charset=utf-8\r\n\r\n${mail.html}`, {
      maxHtmlLengthToParse: 1024 * 1024,
      skipImageLinks: true,
    });
    text = typeof plain.text === 'string' ? plain.text : '';
  }
  return {
    kind: 'mail',
    from,
    to,
    // Only line breaks (a folded header's remnants) become blanks: runs of blanks stay, since a quoted password may
    // hold them; the grammar splits words on any run of blanks outside quotes.
    subject: (mail.subject ?? '').replace(/[\r\n]+/g, ' ').trim(),
    body: cleanBody(text),
    messageId: mail.messageId,
  };
}
