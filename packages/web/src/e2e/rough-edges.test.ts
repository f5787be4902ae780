/**
 * The rough edges a new user met, in a real Chromium (Debian's, driven by playwright-core) against a real `tactica
 * serve` on loopback: the move list in numbered pairs, a save named after its game and rule set, and the New-game
 * dialog's clock box inside the dialog with plain labels, at a desktop's size and a phone's; Tactorus' "you are
 * Blue (Player 1)", its key to the unit icons, and its Movement Check leaving the board in sight; the site's help.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '@tactica/server';
import { plainInputs, squareCentre } from '../testing/board.js';
import { launchChromium, type LaunchedBrowser } from '../testing/browser.js';
import { APP_DIR, buildApp } from '../testing/build-app.js';

let server: RunningServer;
let chromium: LaunchedBrowser;
let dataDir: string;

beforeAll(async () => {
  await buildApp();
  dataDir = mkdtempSync(join(tmpdir(), 'tactica-web-edges-'));
  server = await startServer({ port: 0, dataDir, webRoot: APP_DIR, passwordCost: { log2N: 10, r: 8, p: 1 } });
  chromium = await launchChromium();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function withPage(size: { width: number; height: number }, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await chromium.browser.newContext({ viewport: size });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Plays one legal move by clicking its squares: the first move whose squares no other move shares. */
async function playAMove(page: Page, plies: number): Promise<void> {
  const m = (await plainInputs(page))[0];
  if (!m?.from || !m.to) throw new Error('no plain move');
  for (const sq of [m.from, m.to]) {
    const { x, y } = await squareCentre(page, sq);
    await page.mouse.click(x, y);
  }
  await page.waitForFunction((n) => document.querySelectorAll('.move-list li').length >= n, plies);
}

/** Opens the New-game dialog for a game (draughts unless told). */
async function openDialog(page: Page, family = 'draughts'): Promise<void> {
  await page.goto(server.url);
  await page.click(`[data-new="${family}"]`);
  await page.waitForSelector('#ng-level option', { state: 'attached' });
}

describe('the rough edges, in Chromium', () => {
  it('the move list numbers the moves in pairs, the reply beside its move; a save is named after the game', async () => {
    await withPage({ width: 1280, height: 900 }, async (page) => {
      await openDialog(page);
      await page.selectOption('#ng-opponent', 'friend');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="draughts"]');
      for (let n = 1; n <= 3; n++) await playAMove(page, n);
      const items = page.locator('.move-list li');
      const texts = (await items.allInnerTexts()).map((t) => t.trim());
      expect(texts[0]).toMatch(/^1\. \S+$/);
      expect(texts[1]).toMatch(/^\S+$/); // the reply carries no number of its own
      expect(texts[2]).toMatch(/^2\. \S+$/);
      const [first, reply, next] = await Promise.all([0, 1, 2].map((i) => items.nth(i).boundingBox()));
      expect(reply?.y).toBe(first?.y); // one row a number
      expect(reply?.x ?? 0).toBeGreaterThan(first?.x ?? 0);
      expect(next?.y ?? 0).toBeGreaterThan(first?.y ?? 0);

      await page.click('button:text-is("Save")');
      await page.waitForSelector('.save-note');
      const note = await page.locator('.save-note').innerText();
      expect(note).toMatch(/^Saved as ".*draughts.*"/i);
      expect(note).not.toMatch(/Untitled/);
    });
  });

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`the New-game dialog's clock box stands inside the dialog, its labels plain (${size.width}×${size.height})`, async () => {
      await withPage(size, async (page) => {
        await openDialog(page);
        const dialog = await page.locator('.new-game').boundingBox();
        const clock = await page.locator('.new-game .clock-fields').boundingBox();
        if (!dialog || !clock) throw new Error('no dialog or clock box');
        expect(clock.x).toBeGreaterThanOrEqual(dialog.x);
        expect(clock.x + clock.width).toBeLessThanOrEqual(dialog.x + dialog.width);
        for (const select of ['#ng-limit', '#ng-mode']) {
          const box = await page.locator(select).boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(clock.x + clock.width);
        }
        const words = await page.locator('.new-game .clock-fields').innerText();
        expect(words).toMatch(/^Clock/);
        expect(words).not.toMatch(/Draughts Galore|Increment|\(s,/);
      });
    });
  }

  it('Tactorus says which side the person is, in its colour, and keys the unit icons', async () => {
    for (const [side, words] of [
      ['0', /You are Blue \(Player 1\)/],
      ['1', /You are Red \(Player 2\)/],
    ] as const) {
      await withPage({ width: 1280, height: 900 }, async (page) => {
        await openDialog(page, 'tactorus');
        await page.selectOption('#ng-side', side);
        await page.click('.new-game button[type=submit]');
        await page.waitForSelector('.game-screen[data-family="tactorus"] .you-are');
        expect(await page.locator('.you-are').innerText()).toMatch(words);
        const key = page.locator('.unit-key li');
        expect((await key.allInnerTexts()).map((t) => t.trim())).toEqual(['Flag', 'Infantry', 'Cavalry', 'Artillery']);
        // Each name beside its icon as the board draws it.
        expect(await page.locator('.unit-key li svg rect').count()).toBe(4);
      });
    }
  });

  it('the Movement Check leaves the board in sight and the page usable (a panel, not a dialog over the page)', async () => {
    await withPage({ width: 1280, height: 900 }, async (page) => {
      await openDialog(page, 'tactorus');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="tactorus"]');
      // The computer (Player 2) gives its orders; then Next with none of Player 1's own opens the check.
      await page.waitForFunction(
        () => /Player 2:[^·]*·[^·]*·\s*orders in/.test(document.querySelector('.tactorus-status')?.textContent ?? ''),
        undefined,
        { timeout: 30_000 },
      );
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.movement-check');
      expect(await page.locator('.modal-back').count()).toBe(0);
      const board = await page.locator('.tb').boundingBox();
      if (!board) throw new Error('no board');
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('.tb') !== null,
        [board.x + board.width / 2, board.y + board.height / 2],
      );
      expect(onTop).toBe(true);
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForSelector('.movement-check', { state: 'detached' });
    });
  });

  it('the help has a page for the site beside the games: online play, clocks, correspondence, saving, keyboard', async () => {
    await withPage({ width: 1280, height: 900 }, async (page) => {
      await page.goto(server.url);
      await page.click('header button:text-is("Help")');
      await page.click('.help-nav button:text-is("Using Tactica")');
      await page.waitForSelector('#help-title:text-is("Using Tactica")');
      expect(await page.locator('.help section h3').allInnerTexts()).toEqual([
        'Playing online',
        'Clocks',
        'Correspondence',
        'Saving',
        'Keyboard',
      ]);
      // A game's page is one click away, as before.
      await page.click('.help-nav button:text-is("Tactics")');
      await page.waitForFunction(() => document.querySelector('#help-title')?.textContent !== 'Using Tactica');
    });
  });

  it('the New-game dialog offers to reload a saved game of that game first, as Force 400 did at set-up', async () => {
    await withPage({ width: 1280, height: 900 }, async (page) => {
      await openDialog(page, 'force400');
      // Nothing saved yet: no such question.
      expect(await page.locator('.reload-saved').count()).toBe(0);
      await page.selectOption('#ng-opponent', 'friend');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="force400"]');
      await playAMove(page, 1);
      await page.click('button:text-is("Save")');
      await page.waitForSelector('.save-note');
      await playAMove(page, 2);
      await page.click('header button:text-is("Games")');
      await page.click('[data-new="force400"]');
      await page.waitForSelector('.reload-saved');
      expect(await page.locator('#ng-reload option').allInnerTexts()).toEqual(['Force 400 (move 1, Black to move)']);
      await page.click('.reload-saved button:text-is("Reload")');
      await page.waitForSelector('.new-game', { state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('.move-list li').length === 1);
    });
  });
});
