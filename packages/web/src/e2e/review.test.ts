/**
 * The computer review at the game screen, in a real Chromium (Debian's, driven by playwright-core) against a real
 * `tactica serve` on loopback: a draughts record with a planted blunder is opened, reviewed (in the page's review
 * worker, at the game's review depth), and the blunder is marked `??` in the move list, counted in its player's
 * summary and, clicked, shows the engine's better line; a Tactorus round likewise; a long review is cancelled; a
 * game against the computer in progress offers no review, and offers it once over.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { current, pushMove, startHistory, unwrap } from '@tactica/core';
import { loadEntry } from '@tactica/catalogue';
import { useOnlineApp } from '../testing/app-server.js';
import { WEB_ROOT } from '../testing/build-app.js';
import { plantedTactorusRound } from '../testing/review-games.js';

const online = useOnlineApp('review');

/**
 * International draughts, Black to move: 19-23 gives a man and the game turns (29x20 follows). The catalogue's
 * review test finds it a blunder at the default depth (packages/catalogue/src/review.test.ts, PLANTED); the server's
 * review tests import the same record.
 */
const PLANTED_PDN = readFileSync(new URL('../../../catalogue/testdata/planted-blunder.pdn', import.meta.url), 'utf8');

/** A 40-ply international draughts game (each side's first legal move), long enough to cancel its review. */
async function longPdn(): Promise<string> {
  const setup = unwrap((await loadEntry('draughts')).setup({}));
  if (setup.dynamics !== 'sequential') throw new Error('draughts is sequential');
  let h = startHistory<unknown, unknown>(setup.initial());
  for (let i = 0; i < 40 && !setup.game.outcome(current(h)); i++) {
    const move = setup.game.legalMoves(current(h))[0];
    h = pushMove(h, move, setup.game.play(current(h), move));
  }
  return unwrap(await setup.exportRecord('pdn', h, {}));
}

/**
 * A Tactorus record of one round from a customised board, Player 1's orders throwing the round away (the
 * catalogue's review test's round).
 */
async function tactorusRecord(): Promise<string> {
  const { setup, session } = await plantedTactorusRound();
  return unwrap(await setup.exportRecord(setup.records[0]?.id ?? '', session, {}));
}

async function openRecord(page: Page, name: string, text: string, family = 'draughts'): Promise<void> {
  await page.goto(online.app.url);
  await page.setInputFiles('input[type=file]', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForSelector(`.game-screen[data-family="${family}"]`);
}

describe('the review of a game', () => {
  it('marks the planted blunder in the move list and the summary, and shows the better line', async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await openRecord(page, 'planted.pdn', PLANTED_PDN);
      await page.click('.review button.start-review');
      await page.waitForSelector('.review-result', { timeout: 60_000 });

      // The blunder is signed in the move list, with what it lost and the better line in its title.
      const sign = page.locator('.move-list .review-sign');
      expect(await sign.count()).toBe(1);
      expect(await sign.innerText()).toBe('??');
      expect(await sign.getAttribute('title')).toMatch(/^blunder: loses \d+\.\d\d; better: \S+/);
      expect(await page.locator('.move-list li:has(.review-sign) button').innerText()).toContain('19-23');

      // One point per position, and Black's summary counts one blunder in one move.
      expect(await page.locator('.review-graph').getAttribute('data-points')).toBe('3');
      expect(await page.locator('.review-graph circle.mark-blunder').count()).toBe(1);
      const black = page.locator('.review-summary tr[data-player="1"]');
      expect(await black.locator('th').innerText()).toBe('Black');
      expect(await black.locator('.count-blunder').innerText()).toBe('1');

      // The marked move, clicked, is on the board with the engine's better line.
      await page.click('.review-marks button[data-ply="0"]');
      await page.waitForSelector('.review-focus[data-ply="0"][data-mark="blunder"]');
      const better = await page.locator('.review-focus .review-better').innerText();
      const first = /better: (\S+)/.exec(better)?.[1];
      expect(first).toBeDefined();
      expect(first).not.toBe('19-23');
      expect(await page.locator('.move-list .current').innerText()).toContain('19-23');
      mkdirSync(join(WEB_ROOT, 'test-artifacts'), { recursive: true });
      await page.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'review.png'), fullPage: true });

      // Both moves taken back and the engine's move played instead: the sign goes with the move it was for.
      await page.click('button:text-is("Take back")');
      await page.click('button:text-is("Take back")');
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length === 0);
      await page.fill('#typed', first as string);
      await page.click('.typed-move button[type=submit]');
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length === 1);
      expect(await page.locator('.move-list li:not(.undone) .review-sign').count()).toBe(0);
      expect(await page.locator('.review-focus').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("tactorus: each side's orders of a round judged, the round thrown away marked, with the engine's orders", async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await openRecord(page, 'round.txt', await tactorusRecord(), 'tactorus');
      await page.click('.review button.start-review');
      await page.waitForSelector('.review-result', { timeout: 60_000 });
      expect(await page.locator('.review-graph').getAttribute('data-points')).toBe('3');
      await page.click('.review-marks button[data-ply="0"]');
      await page.waitForSelector('.review-focus[data-ply="0"][data-mark="blunder"]');
      expect(await page.locator('.review-focus .review-better').innerText()).toMatch(/better: \S+/);
      expect(await page.locator('.review-summary tr[data-player="0"] .count-blunder').innerText()).toBe('1');
      await page.screenshot({ path: join(WEB_ROOT, 'test-artifacts', 'review-tactorus.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is followed move by move and can be cancelled', async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await openRecord(page, 'long.pdn', await longPdn());
      await page.click('.review button.start-review');
      await page.waitForFunction(() =>
        /Reviewing the game: [1-9]\d* of 40 moves/.test(document.querySelector('.review-progress')?.textContent ?? ''),
      );
      await page.click('.review button:text-is("Cancel review")');
      await page.waitForSelector('.review-note:text-is("Review cancelled.")');
      expect(await page.locator('.review-result').count()).toBe(0);
      expect(await page.locator('.review button.start-review').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('is not offered while a game against the computer is played, and is once it is over', async () => {
    const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(online.app.url);
      await page.click('[data-new="draughts"]');
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="draughts"]');
      await page.waitForSelector('.analysis');
      expect(await page.locator('.review').count()).toBe(0);
      // Over (a resignation): offered, as for a finished online game the analysis board opens here.
      page.once('dialog', (d) => void d.accept());
      await page.click('button:text-is("Resign")');
      await page.waitForSelector('.outcome');
      await page.waitForSelector('.review button.start-review');
    } finally {
      await context.close();
    }
  });
});
