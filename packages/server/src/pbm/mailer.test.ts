/**
 * The gateway's outbound mails: composed directly (composeText) they read back through mailparser exactly as
 * nodemailer's own composer's would — Subject, addresses, threading headers, body — in plain ASCII, in other
 * scripts, with long lines and lines a transport could take for its own (`.`, `From `); no header can be smuggled in
 * through a Subject; the outbox holds one whole `.eml` per mail and nothing half written.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, describe, expect, it } from 'vitest';
import { composeText, OutboxMailer, type OutMail } from './mailer.js';

const identity = { address: 'pbm@games.example', domain: 'games.example' };

function viaNodemailer(mail: OutMail): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer({
      from: { name: 'Tactica', address: identity.address },
      to: [...mail.to],
      subject: mail.subject,
      text: mail.text,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: mail.inReplyTo } : {}),
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Loop': identity.address },
    })
      .compile()
      .build((e, m) => (e ? reject(e) : resolve(m))),
  );
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => `${v.name}<${v.address}>`));

function essence(m: ParsedMail) {
  return {
    from: addresses(m.from),
    to: addresses(m.to),
    replyTo: addresses(m.replyTo),
    subject: m.subject,
    text: m.text,
    inReplyTo: m.inReplyTo,
    references: m.references,
    auto: m.headers.get('auto-submitted'),
    loop: m.headers.get('x-loop'),
  };
}

const board = [
  '    A   B   C   D   E   F   G   H',
  '  +---+---+---+---+---+---+---+---+',
  '1 | R |:::|   |:::| R |:::|   |:::| 1',
].join('\n');

const cases: [string, OutMail][] = [
  [
    'a plain board mail',
    {
      to: ['w1@players.example'],
      subject: 'Tactics Board 105 w1',
      text: `b1 played c8-c6.\n\n${board}\n`,
      replyTo: 'board-105-abcdefghijklmnopqrstuvwx@games.example',
      inReplyTo: '<their.mail@players.example>',
    },
  ],
  [
    'other scripts in the Subject and body',
    {
      to: ['élève@players.example', 'b@players.example'],
      subject: 'Tactorus Board 7 Jürgen — ход за вами, 该你走了',
      text: 'Jürgen says: «На здоровье» 🙂\nzweite Zeile ü\n',
    },
  ],
  [
    'lines a transport reads as its own, trailing spaces, a line past 998',
    {
      to: ['a@players.example'],
      subject: 'x'.repeat(200),
      text: `.\n..dots\nFrom the start\n${'y'.repeat(1200)}\nend with spaces   \n`,
    },
  ],
];

describe('composeText', () => {
  for (const [what, mail] of cases) {
    it(`reads back as nodemailer's composer's mail: ${what}`, async () => {
      const ours = await simpleParser(composeText(identity, mail));
      const theirs = await simpleParser(await viaNodemailer(mail));
      expect(essence(ours)).toEqual(essence(theirs));
      expect(ours.text).toBe(mail.text);
      expect(ours.subject).toBe(mail.subject);
      // Unix line ends for the outbox read the same.
      expect(essence(await simpleParser(composeText(identity, mail, '\n')))).toEqual(essence(ours));
    });
  }

  it('writes a board in 7bit, as it is; other scripts in quoted-printable, headers folded at 76', () => {
    const plain = composeText(identity, cases[0]![1]).toString();
    expect(plain).toContain('Content-Transfer-Encoding: 7bit');
    expect(plain).toContain(`\r\n\r\n${cases[0]![1].text.replace(/\n/g, '\r\n')}`);
    const other = composeText(identity, cases[1]![1]).toString();
    expect(other).toContain('Content-Transfer-Encoding: quoted-printable');
    // All ASCII but the address's own local part (as nodemailer leaves it: SMTPUTF8's to carry).
    expect(/^[\x20-\x7e\r\n\t]*$/.test(other.replace('élève@', ''))).toBe(true);
    for (const line of other.split('\r\n\r\n')[0]!.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('sends ASCII lines up to 998 characters in 7bit, and a longer line in quoted-printable (RFC 5322)', () => {
    const encoding = (text: string): string | undefined =>
      /Content-Transfer-Encoding: (\S+)/.exec(
        composeText(identity, { to: ['a@b.example'], subject: 's', text }).toString(),
      )?.[1];
    expect(encoding(`first\n${'x'.repeat(998)}\nlast`)).toBe('7bit');
    expect(encoding(`first\n${'x'.repeat(999)}\nlast`)).toBe('quoted-printable');
    expect(encoding('x'.repeat(999))).toBe('quoted-printable');
  });

  it('keeps a Subject on one header: no header smuggled in through line breaks', async () => {
    const raw = composeText(identity, {
      to: ['a@players.example'],
      subject: 'Tactics Board 1 a\r\nBcc: victim@elsewhere.example\r\n\r\nforged body',
      text: 'real body\n',
    });
    const m = await simpleParser(raw);
    expect(m.headers.has('bcc')).toBe(false);
    expect(m.text).toBe('real body\n');
    expect(m.subject).toBe('Tactics Board 1 a Bcc: victim@elsewhere.example forged body');
  });

  it('refuses an address that would break the header, and a mail to nobody', () => {
    expect(() => composeText(identity, { to: ['a@b.example>\r\nBcc: c@d.example'], subject: 's', text: '' })).toThrow(
      /not an address/,
    );
    expect(() => composeText(identity, { to: [], subject: 's', text: '' })).toThrow(/recipient/);
  });

  it('gives every mail its own Message-ID', () => {
    const ids = new Set(
      Array.from({ length: 50 }, () => /^Message-ID: (.*)$/m.exec(composeText(identity, cases[0]![1]).toString())?.[1]),
    );
    expect(ids.size).toBe(50);
    expect([...ids][0]).toMatch(/^<[^@\s]+@games\.example>$/);
  });
});

describe('OutboxMailer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tactica-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one whole .eml per mail, in the order sent, and no temporary file stays', async () => {
    const outbox = new OutboxMailer(join(dir, 'outbox'), identity);
    for (let i = 0; i < 30; i++) await outbox.send({ ...cases[0]![1], subject: `Tactics Board 105 mail ${i}` });
    await expect(outbox.send({ to: ['bad address'], subject: 's', text: '' })).rejects.toThrow(/not an address/);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(30);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const subjects = [];
    for (const f of files) {
      const m = await simpleParser(readFileSync(join(dir, 'outbox', f)));
      expect(m.text).toBe(cases[0]![1].text);
      subjects.push(m.subject);
    }
    expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Tactics Board 105 mail ${i}`));
  });
});
