/**
 * `tactica pbm`: the mail grammar from the command line on the server's data folder — the Subject as argument with
 * the body on stdin (the reply on stdout), and a whole mail on stdin as an MTA's alias pipes it (the reply in the
 * outbox). Wrong passwords and replayed mails change nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapture } from './testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tactica-pbm-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pbm = (subject: string, input = '') => runCapture(['pbm', subject, '--data', dir], { input });
const outbox = (): string[] =>
  readdirSync(join(dir, 'outbox'))
    .sort()
    .map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'));

describe('tactica pbm', () => {
  it('carries out commands given as a Subject, with the body on stdin', async () => {
    // The operator vouches for Ann's address; Bob's confirms with the token of the mail it got.
    const ann = await runCapture(['pbm', 'signup ann annpassword1 ann@example.org', '--confirmed', '--data', dir]);
    expect(ann.stdout).toContain('Welcome, ann. Your mails go to ann@example.org.');
    expect((await pbm('signup bob bobpassword1 bob@example.org')).stdout).toContain(
      'Waiting for confirmation (3 days): bob@example.org.',
    );
    const token = /Subject: confirm ([a-z2-7]{24})/.exec(outbox().find((m) => m.includes('To: bob@example.org')) ?? '');
    expect((await pbm(`confirm ${token?.[1] ?? ''}`)).stdout).toContain('bob@example.org is confirmed');
    expect((await pbm('tactics challenge ann annpassword1 bob')).stdout).toContain('Subject: Tactics Challenge 1');
    const accepted = await pbm('tactics accept bob bobpassword1');
    expect(accepted.stdout).toContain('board 1 has started');
    const before = outbox().length;
    const moved = await pbm('tactics move 1 ann annpassword1 c1-c7#1', 'Your move, Bob.\n');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^Subject: Tactics Board 1 bob\nReply-To: board-1-[a-z2-7]{24}@localhost\n/);
    expect(moved.stdout).toContain('7 |   |:::| R |:::|   |:::|   |:::| 7');
    expect(moved.stdout).toContain('Comment from ann:\n  Your move, Bob.');
    // Both players hear of it by mail (a command line has no sender address to leave out).
    const mails = outbox().slice(before);
    expect(mails).toHaveLength(2);
    for (const to of ['ann@example.org', 'bob@example.org']) {
      const m = mails.find((x) => x.includes(`\nTo: ${to}\n`)) ?? '';
      expect(m).toMatch(/^Subject: Tactics Board 1 bob$/m);
    }
  });

  it('refuses a wrong password with exit 1 and changes nothing', async () => {
    const wrong = await pbm('tactics move 1 bob not-his-password g8-f7#2');
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('Subject: Tactics Board 1 Error');
    expect(wrong.stdout).toContain('auth/bad-credentials');
    expect(wrong.stderr).toContain('refused: auth/bad-credentials');
    const shown = await pbm('tactics show 1');
    expect(shown.stdout).toContain('Move #2: Black (bob) to move.');
  });

  it('takes a whole mail on stdin (--mail) and mails the reply; the same mail again is refused', async () => {
    const mail = [
      'From: Bob <bob@example.org>',
      'To: pbm@localhost',
      'Subject: tactics move 1 bob bobpassword1 g8-f7#2',
      'Message-ID: <cli-pipe-1@example.org>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks.',
      '',
      '-- ',
      'Bob, from his phone',
      '',
    ].join('\r\n');
    const before = outbox().length;
    const first = await runCapture(['pbm', '--mail', '--data', dir], { input: mail });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('the mail was carried out');
    const after = outbox().slice(before);
    const toBob = after.find((m) => /^To: bob@example\.org$/m.test(m)) ?? '';
    expect(toBob).toMatch(/^Subject: Tactics Board 1 ann$/m);
    expect(after.find((m) => /^To: ann@example\.org$/m.test(m))).toContain('Thanks.');
    expect(after.join('\n')).not.toContain('from his phone');
    const again = await runCapture(['pbm', '--mail', '--data', dir], { input: mail });
    expect(again.stderr).toContain('refused (pbm/duplicate)');
    expect((await pbm('tactics show 1')).stdout).toContain('Move #3: White (ann) to move.');
  });

  it("understands pbmserv's own forms verbatim: challenge without a password, resign as a move, two boards", async () => {
    // Without a password and without a sender, the challenger (who has a confirmed address) is asked to confirm.
    const asked = await pbm('tactics challenge ann bob');
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain('Subject: Tactics Challenge Waiting');
    expect(outbox().at(-1)).toMatch(/^Subject: tactics challenge ann bob$/m);
    // From ann's own address (an MTA's pipe), it is made at once; options after the userids.
    const fromAnn = ['From: ann@example.org', 'To: pbm@localhost', 'Subject: tactics challenge ann bob -no-x', '', ''];
    const piped = await runCapture(['pbm', '--mail', '--data', dir], { input: fromAnn.join('\r\n') });
    expect(piped.stderr).toContain('refused (pbm/bad-option)');
    const made = await runCapture(['pbm', '--confirmed', '--data', dir, 'tactics challenge ann bob']);
    expect(made.stdout).toMatch(/Subject: Tactics Challenge \d+/);
    expect((await pbm('tactics accept bob bobpassword1')).stdout).toContain('has started (ann, White, moves first)');
    const two = await pbm('tactics show 1 2');
    expect(two.code).toBe(0);
    expect(two.stdout).toContain('Subject: Tactics Boards 1 2');
    const resigned = await pbm('tactics move 2 bob bobpassword1 resign');
    expect(resigned.stdout).toContain('Result: ann (White) wins (resigned).');
    const ratings = await pbm('tactics ratings');
    expect(ratings.code).toBe(0);
    expect(ratings.stdout).toContain('Subject: Tactics Standings');
    const rules = await pbm('tactics rules');
    expect(rules.stdout).toContain('Help for Tactics');
    expect((await pbm('tactics help')).stdout).toContain('FLIPPING');
  });

  it('needs a Subject or --mail', async () => {
    const none = await runCapture(['pbm', '--data', dir]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('give the command');
  });
});
