/**
 * Online play as a modern site does it, in a real Chromium (Debian's, driven by playwright-core) against a real
 * `tactica serve` on loopback: the last move is highlighted online as offline, a game's link opens it straight away
 * (spectating, for someone who does not play in it), the result banner says why the game ended, and a rematch
 * offered after it starts the same game again with the seats swapped; a game's leaderboard has column headings and
 * a player's page names each game's opponent, the result and how it ended; the lobby says who is online and offers
 * the games in progress to watch.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import { boardTakesMoves, legalInputs, squareCentre, type BoardInput } from '../testing/board.js';
import { WEB_ROOT } from '../testing/build-app.js';

const VIEWPORT = { width: 1280, height: 900 };
const online = useOnlineApp('play');

async function newContext(): Promise<BrowserContext> {
  return online.chromium.browser.newContext({ viewport: VIEWPORT });
}

const signUp = (page: Page, name: string): Promise<void> => signUpOnline(page, online.app.url, name);

/** A legal move of the board with both squares, clicked from and to; its squares. */
async function clickSomeMove(page: Page): Promise<BoardInput> {
  await boardTakesMoves(page);
  const m = (await legalInputs(page)).find((i) => i.from !== undefined && i.to !== undefined) as BoardInput;
  for (const square of [m.from, m.to] as string[]) {
    const { x, y } = await squareCentre(page, square);
    await page.mouse.click(x, y);
  }
  return m;
}

describe('online play as a modern site does it', () => {
  it('last move highlighted, a link that opens the game, a result banner with its reason, a rematch', async () => {
    const [alice, bob, carol] = [await newContext(), await newContext(), await newContext()];
    try {
      const a = await alice.newPage();
      const b = await bob.newPage();
      a.on('dialog', (d) => void d.accept());
      b.on('dialog', (d) => void d.accept());
      await Promise.all([signUp(a, 'alice'), signUp(b, 'bob')]);
      // Alice seeks a casual game of draughts as White; Bob accepts it; Alice is brought to it.
      await a.selectOption('#ch-seat', '0');
      await a.click('button:text-is("Post the seek")');
      await b.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      await b.click('tr[data-challenge] button:text-is("Accept")');
      await b.waitForSelector('.online-game');
      const id = (await b.locator('.online-game').getAttribute('data-game')) as string;
      await a.waitForSelector(`.online-game[data-game="${id}"]`);

      // The last move is highlighted on the opponent's board, as offline.
      expect(await b.locator('.tb-last').count()).toBe(0);
      await clickSomeMove(a);
      await b.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 1);
      await b.waitForFunction(() => document.querySelectorAll('.tb-last').length === 2);

      // The game's link, as shown beside it, opens the game straight away for someone who does not play in it.
      const link = (await a.locator('.share-link a').getAttribute('href')) as string;
      expect(link).toMatch(new RegExp(`#online/game/${id}$`));
      const c = await carol.newPage();
      await c.goto(link);
      await c.waitForSelector(`.online-game[data-game="${id}"]`);
      await c.waitForSelector('text=You are watching.');
      await c.waitForFunction(() => document.querySelectorAll('.tb-last').length === 2);

      // Bob resigns: the banner says who won and why, for both players and the spectator.
      await b.click('.online-game button:text-is("Resign")');
      for (const p of [a, b, c]) {
        await p.waitForSelector('.online-game .outcome');
        expect(await p.locator('.online-game .outcome').innerText()).toBe('alice wins by resignation: bob resigned.');
      }
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await a.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'online-result.png') });
      expect(await c.locator('button:text-is("Rematch")').count()).toBe(0);

      // Alice offers a rematch; Bob sees the offer beside the finished game and accepts: the new game has the
      // seats swapped (Bob plays White now).
      await a.click('.online-game button:text-is("Rematch")');
      await a.waitForSelector('text=Rematch offered to bob');
      await b.waitForSelector('button:text-is("Accept the rematch")');
      await b.click('button:text-is("Accept the rematch")');
      await b.waitForFunction((old) => {
        const g = document.querySelector('.online-game');
        return g !== null && g.getAttribute('data-game') !== old;
      }, id);
      await b.waitForSelector('text=You play White.');
      // Alice, on the finished game, is brought to the rematch at once; she plays Black now.
      const rematch = (await b.locator('.online-game').getAttribute('data-game')) as string;
      await a.waitForSelector(`.online-game[data-game="${rematch}"]`);
      await a.waitForSelector('text=You play Black.');
    } finally {
      await Promise.all([alice.close(), bob.close(), carol.close()]);
    }
  });

  it("who is online, games to watch; a game's leaderboard under headings; a player's games with how they ended", async () => {
    // Two players of a rated game, through the API (the browser part is the pages that show it).
    const { call } = online;
    const signUpApi = async (name: string) =>
      (
        (await call('POST', '/api/accounts', undefined, {
          name,
          password: 'a long enough password',
          kind: 'bearer',
        })) as {
          token: string;
        }
      ).token;
    const [dave, erin] = [await signUpApi('dave'), await signUpApi('erin')];
    const ch = (await call('POST', '/api/challenges', dave, {
      family: 'draughts',
      opponent: 'erin',
      seat: '0',
      rated: true,
    })) as { id: number };
    const { game } = (await call('POST', `/api/challenges/${ch.id}/accept`, erin)) as {
      game: { id: number; version: number };
    };
    await call('POST', `/api/games/${game.id}/resign`, erin, { version: game.version });
    // And a game of theirs still being played, for others to watch.
    const again = (await call('POST', '/api/challenges', erin, {
      family: 'draughts',
      opponent: 'dave',
      seat: '0',
    })) as {
      id: number;
    };
    const live = ((await call('POST', `/api/challenges/${again.id}/accept`, dave)) as { game: { id: number } }).game;

    const context = await newContext();
    try {
      const p = await context.newPage();
      await signUp(p, 'frank');
      // The lobby: who is online (Frank, with the page open; Dave and Erin play through the API only), and the game
      // in progress offered to watch.
      const who = p.locator('section[aria-label="who is online"]');
      await who.waitFor();
      expect(await who.innerText()).toMatch(/frank/);
      expect(await who.innerText()).not.toMatch(/dave|erin/);
      await p.click(`tr[data-game="${live.id}"] button:text-is("Watch")`);
      await p.waitForSelector(`.online-game[data-game="${live.id}"]`);
      await p.waitForSelector('text=You are watching.');
      await p.click('button:text-is("Back to the lobby")');
      await p.click('button:text-is("Players and ratings")');
      const board = p.locator('section[aria-label="leaderboard"]');
      await board.locator('tr[data-player="dave"]').waitFor();
      expect(await board.locator('thead th').allInnerTexts()).toEqual([
        'Rank',
        'Player',
        'Rating',
        '± Deviation',
        'Rated games',
      ]);
      // Best first: the winner of the rated game above its loser (the first test's players are there too).
      const order = await board
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-player')));
      expect(order.indexOf('dave')).toBeGreaterThanOrEqual(0);
      expect(order.indexOf('dave')).toBeLessThan(order.indexOf('erin'));
      // A name in the leaderboard opens that player's page: the game, against whom, the result and how it ended.
      await board.locator('tr[data-player="erin"] button').click();
      const row = p.locator(`.player-history tr[data-game="${game.id}"]`);
      await row.waitFor();
      const cells = await row.locator('td').allInnerTexts();
      expect(cells.slice(1, 4)).toEqual(['dave', 'Lost', 'dave wins by resignation: erin resigned.']);
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await p.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'online-players.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
