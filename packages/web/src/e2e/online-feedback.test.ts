/**
 * Online feedback in a real Chromium (Debian's, driven by playwright-core) against a real `tactica serve` on loopback:
 * a refusal of the server is shown where the player looks (over the board, inside a 1280×900 window, not below the
 * board out of sight), in words for people (no internal codes such as `game/stale-version`, no version numbers), and
 * a blitz game, where the server refuses every takeback, offers no takeback button.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import { boardTakesMoves, legalInputs, squareCentre, type BoardInput } from '../testing/board.js';
import { WEB_ROOT } from '../testing/build-app.js';

const VIEWPORT = { width: 1280, height: 900 };
const online = useOnlineApp('feedback');

async function newContext(): Promise<BrowserContext> {
  return online.chromium.browser.newContext({ viewport: VIEWPORT });
}

const signUp = (page: Page, name: string): Promise<void> => signUpOnline(page, online.app.url, name);

/** Opens game `id` from the lobby's games in progress. */
async function openFromLobby(page: Page, id: string): Promise<void> {
  await page.waitForSelector(`tr[data-game="${id}"] button`);
  await page.click(`tr[data-game="${id}"] button`);
  await page.waitForSelector(`.online-game[data-game="${id}"]`);
}

/** A legal move of the board with both squares, clicked from and to. */
async function clickSomeMove(page: Page): Promise<void> {
  await boardTakesMoves(page);
  const m = (await legalInputs(page)).find((i) => i.from !== undefined && i.to !== undefined) as BoardInput;
  for (const square of [m.from, m.to] as string[]) {
    const { x, y } = await squareCentre(page, square);
    await page.mouse.click(x, y);
  }
}

describe('online feedback where the player looks, in words for people', () => {
  it('blitz offers no takeback; a refused action is shown over the board, inside the window, without codes', async () => {
    const [alice, bob] = [await newContext(), await newContext()];
    try {
      const a = await alice.newPage();
      const b = await bob.newPage();
      await Promise.all([signUp(a, 'alice'), signUp(b, 'bob')]);
      // Alice seeks a blitz game of draughts as White; Bob accepts it.
      await a.selectOption('#ch-seat', '0');
      await a.selectOption('#ch-control', 'live');
      await a.selectOption('#ch-limit', 'blitz');
      await a.selectOption('#ch-mode', 'game');
      await a.click('button:text-is("Post the seek")');
      await b.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      await b.click('tr[data-challenge] button:text-is("Accept")');
      await b.waitForSelector('.online-game');
      const id = (await b.locator('.online-game').getAttribute('data-game')) as string;
      // The challenger is brought to the game without a click.
      await a.waitForSelector(`.online-game[data-game="${id}"]`);

      // Blitz forbids takeback (manual 3.3.3): neither player is offered the button.
      for (const p of [a, b]) {
        await p.waitForSelector('.online-game button:text-is("Resign")');
        expect(await p.locator('.online-game button:text-is("Ask to take back")').count()).toBe(0);
      }

      // A second window of Alice's that hears nothing of the game's changes (its event stream answers nothing):
      // what she does there is meant for a position that is no longer the game's, and the server refuses it.
      const stale = await alice.newPage();
      await stale.routeWebSocket(/\/api\/stream/, () => undefined);
      await stale.goto(`${online.app.url}/#online`);
      await stale.waitForSelector('text=Signed in as');
      await openFromLobby(stale, id);
      await clickSomeMove(a);
      await b.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 1);
      await stale.click('.online-game button:text-is("Offer a draw")');

      await stale.waitForFunction(
        () => (document.querySelector('.online-game .notice')?.textContent ?? '').trim().length > 0,
      );
      const notice = stale.locator('.online-game .notice');
      const text = (await notice.innerText()).trim();
      expect(text.length).toBeGreaterThan(10);
      // Words for people: no internal code (`game/stale-version`), no version numbers, no "(at character 1)".
      expect(text).not.toMatch(/\b[a-z]+\/[a-z-]+\b|version \d|at character/i);
      // Where the player looks: inside the window as it is, the page not scrolled, over the board's area.
      const box = await notice.boundingBox();
      const scrolled = await stale.evaluate(() => window.scrollY);
      expect(scrolled).toBe(0);
      expect(box).not.toBeNull();
      expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= VIEWPORT.height).toBe(true);
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await stale.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'online-refusal.png') });
      const board = await stale.locator('.online-game .board-host').boundingBox();
      expect((box?.y ?? 0) < (board?.y ?? 0) + (board?.height ?? 0)).toBe(true);
      // The window catches up with the game: the move it had not heard of is shown.
      await stale.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 1);
    } finally {
      await Promise.all([alice.close(), bob.close()]);
    }
  });
});
