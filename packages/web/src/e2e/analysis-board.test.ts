/**
 * After an online game, the analysis board, in a real Chromium (Debian's, driven by playwright-core) against a real
 * `tactica serve` on loopback: no "Analyse" while the game is played; once it is over (a resignation), "Analyse"
 * beside the result opens the game on the local board at its final position, where the engine's analysis runs; the
 * player's history offers it too.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import { WEB_ROOT } from '../testing/build-app.js';

const VIEWPORT = { width: 1280, height: 900 };
const PASSWORD = 'a long enough password';
const online = useOnlineApp('analysis');

interface View {
  id: number;
  version: number;
  legal: { notation: string }[];
}

/** The player plays their first legal move through the API. */
async function move(token: string, id: number): Promise<void> {
  const v = await online.call<View>('GET', `/api/games/${id}`, token);
  await online.call('POST', `/api/games/${id}/move`, token, { version: v.version, move: v.legal[0]?.notation });
}

/** The board's squares and pieces as the page draws them (the same board component online and offline). */
const boardModel = (): string => {
  const board = window.__tacticaBoard;
  if (!board) throw new Error('no board on the page');
  return JSON.stringify(board.config.model.squares);
};

describe('after an online game, the analysis board', () => {
  it('is not offered while the game is played; after a resignation it opens the final position with the engine', async () => {
    const context = await online.chromium.browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      await signUpOnline(page, online.app.url, 'anna');
      const anna = (
        await online.call<{ token: string }>('POST', '/api/login', undefined, {
          name: 'anna',
          password: PASSWORD,
          kind: 'bearer',
        })
      ).token;
      const bert = (
        await online.call<{ token: string }>('POST', '/api/accounts', undefined, {
          name: 'bert',
          password: PASSWORD,
          kind: 'bearer',
        })
      ).token;
      const ch = await online.call<{ id: number }>('POST', '/api/challenges', bert, {
        family: 'draughts',
        opponent: 'anna',
        seat: '0',
        rated: true,
      });
      const id = (await online.call<{ game: { id: number } }>('POST', `/api/challenges/${ch.id}/accept`, anna)).game.id;
      await move(bert, id);
      await move(anna, id);
      await move(bert, id);

      await page.goto(`${online.app.url}/#online/game/${id}`);
      await page.waitForSelector(`.online-game[data-game="${id}"]`);
      await page.waitForSelector('.online-game button:text-is("Resign")');
      // Fair play: no analysis while the game is played.
      expect(await page.locator('button:text-is("Analyse")').count()).toBe(0);

      await page.click('.online-game button:text-is("Resign")');
      await page.waitForSelector('.online-game .outcome');
      expect(await page.locator('.online-game .outcome').innerText()).toBe('bert wins by resignation: anna resigned.');
      const final = await page.evaluate(boardModel);

      await page.click('.online-game button:text-is("Analyse")');
      // The online game's screen is a game screen too: wait for the local one, named after the online game.
      await page.waitForSelector(`.game-title:has-text("Analysis of online game ${id}")`);
      await page.waitForSelector('.online-game', { state: 'detached' });
      // The final position (the resignation left out: Anna, who resigned, is to move), and the engine's analysis.
      expect(await page.evaluate(boardModel)).toBe(final);
      await page.waitForSelector('section.analysis[data-ready="true"]');
      await page.click('button:text-is("Analyse this position")');
      await page.waitForSelector('.analysis-line');
      expect(await page.locator('.analysis-line').innerText()).toMatch(/\d/);
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'online-analysis-board.png') });

      // The player's history offers the analysis board for the finished game too.
      await page.getByRole('button', { name: 'Online', exact: true }).click();
      await page.click('button:text-is("Back to the lobby")');
      await page.click('button:text-is("Players and ratings")');
      await page.locator('section[aria-label="leaderboard"] tr[data-player="anna"] button').click();
      const row = page.locator(`.player-history tr[data-game="${id}"]`);
      await row.waitFor();
      await row.locator('button:text-is("Analyse")').click();
      await page.waitForSelector('.game-screen[data-family="draughts"]');
      expect(await page.evaluate(boardModel)).toBe(final);
    } finally {
      await context.close();
    }
  });
});
