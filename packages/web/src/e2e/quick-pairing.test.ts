/**
 * Quick pairing and engine help by agreement (issue 39), in a real Chromium against a real `tactica serve` on
 * loopback: two players click the same game and clock in the lobby's quick pairing and both are on its board without
 * another click (the one who waited brought there by the stream); a request waits visibly, another clock is not
 * paired, and Cancel takes it out of the queue; a casual challenge allowing engine help says so to the accepter, and
 * both players are offered the engine's recommendation in the game.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import { WEB_ROOT } from '../testing/build-app.js';

const VIEWPORT = { width: 1280, height: 900 };
const online = useOnlineApp('pairing');

/** Two players signed up in browser contexts of their own; `close` ends both. */
async function twoPlayers(names: readonly [string, string]): Promise<{ pages: [Page, Page]; close(): Promise<void> }> {
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  for (const name of names) {
    const context = await online.chromium.browser.newContext({ viewport: VIEWPORT });
    contexts.push(context);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    pages.push(page);
    await signUpOnline(page, online.app.url, name);
  }
  return { pages: pages as [Page, Page], close: async () => void (await Promise.all(contexts.map((c) => c.close()))) };
}

const clockButton = (family: string, clock: string): string =>
  `tr[data-pairing-game="${family}"] button:text-is("${clock}")`;

describe('quick pairing in the lobby', () => {
  it('two players who click the same game and clock are both brought to its board without another click', async () => {
    const { pages, close } = await twoPlayers(['alice', 'bob']);
    const [a, b] = pages;
    try {
      await a.click(clockButton('draughts', '6 min'));
      await a.waitForSelector('.pairing-waiting:has-text("Waiting for an opponent")');
      expect(await a.locator(clockButton('draughts', '6 min')).getAttribute('aria-pressed')).toBe('true');
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await a.locator('section[aria-label="quick pairing"]').screenshot({
        path: join(WEB_ROOT, 'test-artifacts', 'quick-pairing.png'),
      });
      // Bob's lobby lists Alice's request as a seek.
      await b.waitForSelector('tr[data-challenge]:has-text("alice (quick pairing)")');
      await b.click(clockButton('draughts', '6 min'));
      await b.waitForSelector('.online-game');
      const id = (await b.locator('.online-game').getAttribute('data-game')) as string;
      // Alice, who waited, is brought to the same game by the server at once.
      await a.waitForSelector(`.online-game[data-game="${id}"]`, { timeout: 5_000 });
      for (const p of [a, b]) await p.waitForSelector('.online-game [data-square]');
    } finally {
      await close();
    }
  });

  it('a request waits in view; another clock is not paired; Cancel takes it out of the queue', async () => {
    const { pages, close } = await twoPlayers(['carol', 'dave']);
    const [c, d] = pages;
    try {
      await c.click(clockButton('draughts', '30 min'));
      await c.waitForSelector('.pairing-waiting');
      await d.click(clockButton('draughts', '6 min'));
      await d.waitForSelector('.pairing-waiting');
      expect(await c.locator('.online-game').count()).toBe(0);
      expect(await d.locator('.online-game').count()).toBe(0);
      await c.click('.pairing-waiting button:text-is("Cancel")');
      await c.waitForSelector('.pairing-waiting', { state: 'detached' });
      await d.waitForSelector('tr[data-challenge]:has-text("carol")', { state: 'detached' });
      // Dave's own request is still waiting.
      expect(await d.locator('.pairing-waiting').count()).toBe(1);
      await d.click('.pairing-waiting button:text-is("Cancel")');
      await d.waitForSelector('.pairing-waiting', { state: 'detached' });
    } finally {
      await close();
    }
  });
});

describe('engine help by agreement', () => {
  it('a casual seek allowing engine help says so to the accepter; both players are offered the recommendation', async () => {
    const { pages, close } = await twoPlayers(['erin', 'fred']);
    const [e, f] = pages;
    try {
      await e.selectOption('#ch-family', 'tactorus');
      await e.waitForSelector('.challenge-form button[type=submit]:not([disabled])');
      // Only a casual game may allow it: the box appears once Rated is off.
      expect(await e.locator('#ch-engine-help').count()).toBe(0);
      await e.uncheck('#ch-rated');
      await e.check('#ch-engine-help');
      await e.click('button:text-is("Post the seek")');
      const row = f.locator('tr[data-challenge]:has-text("erin")');
      await row.waitFor();
      expect(await row.locator('.challenge-terms').innerText()).toBe('casual, engine help allowed');
      await row.locator('button:text-is("Accept")').click();
      await f.waitForSelector('.online-game[data-family="tactorus"]');
      const id = (await f.locator('.online-game').getAttribute('data-game')) as string;
      await e.waitForSelector(`.online-game[data-game="${id}"]`);
      for (const p of [e, f]) {
        await p.waitForSelector('.analysis button:text-is("Recommend orders")');
        await p.waitForSelector('.side-column :text("engine help allowed by agreement")');
      }
    } finally {
      await close();
    }
  });
});
