/**
 * The account's mail in a real Chromium (Debian's, driven by playwright-core) against a real `tactica serve` on
 * loopback: turn mails are off and cannot be ticked without a confirmed address, and the panel says so; an address
 * asked for gets its confirmation mail (the server's outbox), whose code typed in the panel confirms it; then the box
 * ticks, and the server keeps it.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import { WEB_ROOT } from '../testing/build-app.js';

const online = useOnlineApp('account-mail');

/** The code of the confirmation mail to `address` in the server's outbox (no relay: one `.eml` file a mail). */
function confirmationCode(address: string): string | undefined {
  const dir = (online.app.server.pbm.mailer as { dir?: string }).dir;
  if (!dir) throw new Error('the test server has no outbox');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (text.includes(`To: ${address}`)) return /confirm ([a-z2-7]{24})/.exec(text)?.[1];
  }
  return undefined;
}

describe('the account: mail when it is my turn', () => {
  it('cannot be ticked before an address is confirmed; after the confirmation it ticks and stays', async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signUpOnline(page, online.app.url, 'mona');
      await page.click('button:text-is("Account")');
      const panel = page.locator('section[aria-label="mail"]');
      const box = panel.getByLabel('Mail me when it is my turn in a correspondence game');
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      expect(await box.isDisabled()).toBe(true);
      expect(await panel.innerText()).toContain('Confirm a mail address first');

      await panel.getByLabel('Mail address').fill('mona@example.org');
      await panel.locator('button:text-is("Send confirmation")').click();
      await panel.locator('text=Waiting for mona@example.org').waitFor();
      const code = confirmationCode('mona@example.org');
      expect(code).toBeDefined();
      await panel.locator('form:has-text("Waiting for") input').fill(code as string);
      await panel.locator('button:text-is("Confirm")').click();
      await panel.locator('text=Mails go to mona@example.org.').waitFor();

      expect(await box.isDisabled()).toBe(false);
      await box.check();
      await page.waitForFunction(
        async () => ((await (await fetch('/api/account/mail')).json()) as { turnMail: boolean }).turnMail,
      );
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'online-account-mail.png') });
      // Read again from the server when the account is shown again.
      await page.reload();
      await page.click('button:text-is("Account")');
      await page.locator('section[aria-label="mail"]').getByLabel('Mail me when it is my turn').waitFor();
      expect(
        await page.locator('section[aria-label="mail"]').getByLabel('Mail me when it is my turn').isChecked(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });
});
