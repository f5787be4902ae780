/**
 * Tournaments in the browser, in a real Chromium against a real `tactica serve` on loopback: the list, joining,
 * the game opening when its round is paired, "your next game" bringing the player back to it, and the standings
 * and crosstable once it is played. The organiser works through the API in the first test, in the page in the
 * second.
 */
import { describe, expect, it } from 'vitest';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';

const online = useOnlineApp('tournaments');

describe('tournaments in the browser', () => {
  it('a player finds a tournament, joins it, is brought to their game, and sees the standings and crosstable', async () => {
    const { token } = await online.call<{ token: string }>('POST', '/api/accounts', undefined, {
      name: 'olga',
      password: 'a long enough password',
      kind: 'bearer',
    });
    const { id } = await online.call<{ id: number }>('POST', '/api/tournaments', token, {
      name: 'Winter Swiss',
      kind: 'swiss',
      family: 'draughts',
      rounds: 1,
      control: { kind: 'correspondence', daysPerMove: 5 },
    });
    await online.call('POST', `/api/tournaments/${id}/join`, token, {});
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      await signUpOnline(page, online.app.url, 'pat');
      await page.click('nav[aria-label="online"] button:text-is("Tournaments")');
      await page.waitForSelector(`tr[data-tournament="${id}"]`);
      expect(await page.locator(`tr[data-tournament="${id}"]`).innerText()).toMatch(
        /Winter Swiss\s+Draughts\s+Swiss\s+open\s+1\/128/,
      );
      await page.click(`tr[data-tournament="${id}"] button:text-is("Show")`);
      await page.click('section.tournament button:text-is("Join")');
      await page.waitForSelector('section.tournament button:text-is("Leave")');
      expect(await page.locator('table.standings tbody tr').count()).toBe(2);

      // The organiser starts it: the player is brought to their game at once (the stream's `started`, as for an
      // accepted challenge); back on the tournaments, "your next game" offers it and opens it again.
      await online.call('POST', `/api/tournaments/${id}/start`, token, {});
      await page.waitForSelector('.online-game');
      const game = (await page.locator('.online-game').getAttribute('data-game')) as string;
      expect(game).toMatch(/^\d+$/);
      await page.click('button:text-is("Back to the lobby")');
      await page.click('nav[aria-label="online"] button:text-is("Tournaments")');
      await page.waitForSelector('section.next-game button:text-is("Play")');
      expect(await page.locator('section.next-game').innerText()).toMatch(/Winter Swiss, round 1: against olga/);
      await page.click('section.next-game button:text-is("Play")');
      await page.waitForSelector(`.online-game[data-game="${game}"]`);

      // The player resigns: the tournament is over, olga first; the crosstable says who met whom.
      await page.click('.online-game button:text-is("Resign")');
      await page.waitForSelector('.online-game .outcome');
      await page.click('button:text-is("Back to the lobby")');
      await page.click('nav[aria-label="online"] button:text-is("Tournaments")');
      await page.click(`tr[data-tournament="${id}"] button:text-is("Show")`);
      await page.waitForSelector('section.tournament h3:has-text("finished")');
      const first = await page.locator('table.standings tbody tr').first().innerText();
      expect(first).toMatch(/^1\s+olga\s+1\s+0\s+0\s+1$/);
      const cross = await page.locator('table.crosstable tbody').innerText();
      expect(cross).toMatch(/olga\s+1 v pat/);
      expect(cross).toMatch(/pat\s+0 v olga/);
    } finally {
      await context.close();
    }
  });

  it('an organiser creates a Swiss in the page, enters the computer four times, starts it, and watches it finish', async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signUpOnline(page, online.app.url, 'oscar');
      await page.click('nav[aria-label="online"] button:text-is("Tournaments")');
      await page.fill('#t-name', 'Computer cup');
      await page.selectOption('#t-family', 'draughts');
      await page.selectOption('#t-kind', 'swiss');
      await page.fill('#t-rounds', '2');
      await page.click('form.new-tournament button:text-is("Create")');
      await page.waitForSelector('section.tournament h3:has-text("Computer cup")');
      await page.selectOption('#t-level', 'dumb');
      for (let i = 1; i <= 4; i++) {
        await page.click('button:text-is("Add a computer player")');
        await page.waitForFunction((n) => document.querySelectorAll('table.standings tbody tr').length === n, i);
      }
      await page.click('button:text-is("Start now")');
      await page.waitForSelector('section.tournament h3:has-text("finished")', { timeout: 60_000 });
      const rows = await page.locator('table.crosstable tbody tr').allInnerTexts();
      expect(rows).toHaveLength(4);
      for (const row of rows)
        expect(row).toMatch(/^Computer \(dumb\) #\d\s+[0-9½]+ v Computer .*\s+[0-9½]+ v Computer /);
    } finally {
      await context.close();
    }
  }, 90_000);
});
