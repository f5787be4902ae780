/**
 * Every screen on a phone, in a real Chromium (Debian's, driven by playwright-core) emulating a 390×844 touch screen
 * against a real `tactica serve` on loopback: the home screen, the new-game dialog of each game, each game's screen
 * with a move played by taps (tap the piece, tap its target) and its own controls (Force 400's amount question,
 * Tactrix!'s purchase, Tactorus' orders and Movement Check), the games' help and the site's, saves, and online: the
 * sign-up, the lobby with a seek, a game between two phones, the leaderboard and a player's page. On each: the page
 * does not scroll sideways, every control lies inside the window's width and is big enough for a finger, no field
 * is small enough for the phone to zoom in on it, and the board fits the window. Screenshots go to
 * packages/web/test-artifacts/phone/ (not committed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useOnlineApp, signUpOnline } from '../testing/app-server.js';
import {
  boardTakesMoves,
  legalInputs,
  moveCount,
  plainInputs,
  squareCentre,
  type BoardInput,
  type BoardWait,
} from '../testing/board.js';
import { WEB_ROOT } from '../testing/build-app.js';

/** An ordinary phone held upright (an iPhone 12 to 14's CSS pixels). */
const PHONE = { width: 390, height: 844 };
/** The smallest control a finger hits reliably, in CSS pixels (platform guides ask 44 to 48; 40 with some slack). */
const FINGER = 40;
const ARTIFACTS = join(WEB_ROOT, 'test-artifacts', 'phone');
const FAMILIES = ['draughts', 'force400', 'tactics', 'tactrix', 'tactorus'] as const;

const online = useOnlineApp('phone');

/** The phone's taps wait until the board stands still too: a square drawn anew mid-animation moves under the finger. */
const STILL: BoardWait = { still: true };

beforeAll(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});

async function phone(viewport = PHONE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await online.chromium.browser.newContext({ viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => void d.accept());
  return { context, page, errors };
}

interface Layout {
  /** How wide the page is: more than the window means it scrolls sideways. */
  readonly scrollWidth: number;
  /** Visible controls reaching past the window's left or right edge. */
  readonly offscreen: readonly string[];
  /** Visible controls smaller than a finger (checkboxes and radio buttons, whose label is the target, aside). */
  readonly small: readonly string[];
  /** Fields whose text is under 16 px: a phone (iOS) zooms the page in on them when they take the focus. */
  readonly zooming: readonly string[];
}

/**
 * What lies where on the page as shown. A control inside a box that scrolls sideways itself (a wide table's) is
 * reached by scrolling that box, not the page: it is left out.
 */
async function layout(page: Page): Promise<Layout> {
  return page.evaluate((finger) => {
    const width = document.documentElement.clientWidth;
    const name = (e: Element): string =>
      `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''} "${(e.textContent ?? (e as HTMLInputElement).value ?? '').trim().slice(0, 30)}"`;
    const inScroller = (e: Element): boolean => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) return true;
      }
      return false;
    };
    const offscreen: string[] = [];
    const small: string[] = [];
    const zooming: string[] = [];
    for (const e of document.querySelectorAll('button, select, input, textarea, a[href], summary')) {
      const b = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      if (b.width === 0 || b.height === 0 || style.visibility === 'hidden') continue;
      if (e.closest('.visually-hidden')) continue;
      if ((b.left < -0.5 || b.right > width + 0.5) && !inScroller(e)) offscreen.push(name(e));
      const type = (e as HTMLInputElement).type;
      if (type === 'checkbox' || type === 'radio') continue;
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(e.tagName) && parseFloat(style.fontSize) < 16) zooming.push(name(e));
      // A link within running text is read, not aimed at: the rule is for controls.
      if (e.tagName === 'A' && !e.closest('nav, .row, header')) continue;
      if (b.height < finger - 0.5) small.push(`${name(e)} ${Math.round(b.width)}×${Math.round(b.height)}`);
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, offscreen, small, zooming };
  }, FINGER);
}

/** The page fits the phone's width, every control in it, each big enough to tap; a screenshot for the eye. */
async function fitsThePhone(page: Page, name: string): Promise<void> {
  const l = await layout(page);
  expect.soft(l.scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(l.offscreen, `${name}: controls off the screen`).toEqual([]);
  expect.soft(l.small, `${name}: controls too small for a finger`).toEqual([]);
  expect.soft(l.zooming, `${name}: fields a phone zooms in on`).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The board lies inside the window's width, and all of it can be seen at once. */
async function boardFits(page: Page): Promise<void> {
  const box = await page.locator('.tb').boundingBox();
  if (!box) throw new Error('no board');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.height).toBeLessThanOrEqual(PHONE.height);
}

/** A box lies inside the window, both ways (once scrolled to). */
async function inWindow(page: Page, selector: string): Promise<void> {
  const at = page.locator(selector).first();
  await at.scrollIntoViewIfNeeded();
  const box = await at.boundingBox();
  if (!box) throw new Error(`no ${selector}`);
  // (Layout gives fractions of a pixel: half a pixel over an edge is on it.)
  expect(box.x, selector).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, selector).toBeLessThanOrEqual(PHONE.width + 0.5);
  expect(box.y, selector).toBeGreaterThanOrEqual(-0.5);
  expect(box.y + box.height, selector).toBeLessThanOrEqual(PHONE.height + 0.5);
}

/** A finger's tap on the middle of a square. */
async function tapSquare(page: Page, square: string): Promise<void> {
  const { x, y } = await squareCentre(page, square);
  await page.touchscreen.tap(x, y);
}

/** A legal input of `action` that no other input shares its squares with (no "which one?" question). */
async function plainInput(page: Page, action: string): Promise<BoardInput> {
  const pick = (await plainInputs(page, STILL)).find((i) => i.action === action);
  if (!pick) throw new Error(`no plain ${action} among the inputs`);
  return pick;
}

async function tapMove(page: Page, m: BoardInput): Promise<void> {
  await tapSquare(page, m.from as string);
  await tapSquare(page, m.to as string);
}

/**
 * Opens the new-game dialog of `family` from the home screen, checks it on the phone, and starts the game: from
 * `position` typed into the dialog, with the clock `limit` chosen there, if given.
 */
async function newGame(
  page: Page,
  family: string,
  choices: { readonly position?: string; readonly limit?: string } = {},
): Promise<void> {
  await page.goto(online.app.url);
  await page.locator(`[data-new="${family}"]`).tap();
  await page.waitForSelector('#ng-level option', { state: 'attached' });
  await inWindow(page, '.modal h2');
  await fitsThePhone(page, `new-game-${family}`);
  if (choices.position !== undefined) await page.fill('.new-game input[name="position"]', choices.position);
  if (choices.limit !== undefined) await page.selectOption('#ng-limit', choices.limit);
  // The dialog scrolls inside the window: its last button can be brought into view and tapped.
  await inWindow(page, '.new-game button[type=submit]');
  await page.locator('.new-game button[type=submit]').tap();
  await page.waitForSelector(`.game-screen[data-family="${family}"]`);
  await page.waitForSelector('.new-game', { state: 'detached' });
}

describe('every screen on a 390×844 touch screen', () => {
  it('home, help and the site help fit the phone', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto(online.app.url);
      await page.waitForSelector('[data-new="draughts"]');
      await fitsThePhone(page, 'home');
      for (const family of [...FAMILIES, 'site']) {
        await page.goto(`${online.app.url}/#help/${family}`);
        await page.waitForSelector('#help-title');
        await fitsThePhone(page, `help-${family}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const family of ['draughts', 'tactics'] as const) {
    it(`${family}: the new-game dialog, the game screen with its clocks, and a move by taps`, async () => {
      const { context, page, errors } = await phone();
      try {
        await newGame(page, family, { limit: 'normal' });
        await boardTakesMoves(page, STILL);
        await boardFits(page);
        await inWindow(page, '.clocks');
        await fitsThePhone(page, `${family}-start`);
        await tapMove(page, await plainInput(page, 'move'));
        await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length >= 2);
        await boardTakesMoves(page, STILL);
        await fitsThePhone(page, `${family}-moved`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('force400: the amount question of a transfer inside the window; a move by taps', async () => {
    const { context, page, errors } = await phone();
    try {
      await newGame(page, 'force400');
      await boardTakesMoves(page, STILL);
      await boardFits(page);
      await fitsThePhone(page, 'force400-start');
      // Transfer mode: from a man to one of his own, the amount asked over the board, inside the window.
      await page.locator('button:text-is("T Transfer")').tap();
      const transfer = (await legalInputs(page)).find((i) => i.action === 'transfer' && i.from && i.to) as BoardInput;
      expect(transfer).toBeDefined();
      await tapMove(page, transfer);
      await page.waitForSelector('.tb-choose');
      await inWindow(page, '.tb-choose');
      await fitsThePhone(page, 'force400-amount');
      await page.locator('.tb-choose-cancel').tap();
      await page.waitForSelector('.tb-choose', { state: 'detached' });
      expect(await moveCount(page)).toBe(0);
      // Back to moving: a move by taps.
      await page.locator('button:text-is("M Move")').tap();
      await tapMove(page, await plainInput(page, 'move'));
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length >= 2);
      await boardTakesMoves(page, STILL);
      await fitsThePhone(page, 'force400-moved');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactrix: a purchase placed by taps, then a move by taps', async () => {
    const { context, page, errors } = await phone();
    try {
      // White's king on a1 and regeneroid on e3 with 9 chips to spend; Black's king on j10.
      const board = ['.........k', ...Array.from({ length: 6 }, () => '..........'), '....R.....', '..........'];
      await newGame(page, 'tactrix', { position: `${[...board, 'K.........'].join('/')} w 9 0 0 1` });
      await boardTakesMoves(page, STILL);
      await boardFits(page);
      await fitsThePhone(page, 'tactrix-start');
      // A piece bought: its button, then a tap on a marked square beside the regeneroid.
      const buy = page.locator('.buy button').first();
      await buy.tap();
      await page.waitForFunction(() => window.__tacticaBoard?.config.placing !== undefined);
      const square = (await legalInputs(page)).find((i) => i.action === 'buy' && i.to)?.to as string;
      expect(square).toBeDefined();
      await fitsThePhone(page, 'tactrix-buying');
      await tapSquare(page, square);
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length >= 2);
      expect(await page.locator(`[data-piece="${square}"]`).count()).toBe(1);
      await boardTakesMoves(page, STILL);
      await tapMove(page, await plainInput(page, 'move'));
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length >= 4);
      await boardTakesMoves(page, STILL);
      await fitsThePhone(page, 'tactrix-moved');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactorus: an order by taps, Next, the Movement Check inside the window, the round carried out', async () => {
    const { context, page, errors } = await phone();
    try {
      await newGame(page, 'tactorus');
      await page.waitForFunction(
        () => /orders in/.test(document.querySelector('.tactorus-status')?.textContent ?? ''),
        undefined,
        { timeout: 30_000 },
      );
      await boardTakesMoves(page, STILL);
      await boardFits(page);
      await fitsThePhone(page, 'tactorus-start');
      const order = await plainInput(page, 'order');
      await tapMove(page, order);
      await page.waitForSelector(`[data-piece="${order.from}"][data-ordered="${order.to}"]`);
      await page.locator('.tactorus-controls button:text-is("Next")').tap();
      await page.waitForSelector('.movement-check');
      await inWindow(page, '.movement-check button:text-is("OK")');
      await fitsThePhone(page, 'tactorus-check');
      await page.locator('.movement-check button:text-is("OK")').tap();
      await page.waitForFunction(() => /^Round 2 /.test(document.querySelector('.status-line')?.textContent ?? ''));
      await fitsThePhone(page, 'tactorus-round-2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactorus, two players at one phone: the hand-over and each player’s orders by taps', async () => {
    const { context, page, errors } = await phone();
    try {
      await page.goto(online.app.url);
      await page.locator('[data-new="tactorus"]').tap();
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      await page.selectOption('#ng-opponent', 'friend');
      await page.locator('.new-game button[type=submit]').tap();
      await page.waitForSelector('.new-game', { state: 'detached' });
      for (const player of [1, 2]) {
        await boardTakesMoves(page, STILL);
        const order = await plainInput(page, 'order');
        await tapMove(page, order);
        await page.waitForSelector(`[data-piece="${order.from}"][data-ordered="${order.to}"]`);
        await page.locator('.tactorus-controls button:text-is("Next")').tap();
        if (player === 1) {
          await page.waitForSelector('.handoff');
          await inWindow(page, '.handoff button:text-is("I am Player 2")');
          await fitsThePhone(page, 'tactorus-handoff');
          await page.locator('.handoff button:text-is("I am Player 2")').tap();
        }
      }
      await page.waitForSelector('.movement-check');
      await inWindow(page, '.movement-check button:text-is("OK")');
      await page.locator('.movement-check button:text-is("OK")').tap();
      await page.waitForFunction(() => /^Round 2 /.test(document.querySelector('.status-line')?.textContent ?? ''));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('turned sideways (844×390), the board still fits the window, and a move is played by taps', async () => {
    const sideways = { width: PHONE.height, height: PHONE.width };
    const { context, page, errors } = await phone(sideways);
    try {
      await page.goto(online.app.url);
      await page.locator('[data-new="draughts"]').tap();
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      await page.locator('.new-game button[type=submit]').tap();
      await boardTakesMoves(page, STILL);
      const box = await page.locator('.tb').boundingBox();
      expect(box && box.height).toBeLessThanOrEqual(sideways.height);
      expect(box && box.x + box.width).toBeLessThanOrEqual(sideways.width);
      expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(sideways.width);
      await tapMove(page, await plainInput(page, 'move'));
      await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length >= 1);
      await page.screenshot({ path: join(ARTIFACTS, 'sideways.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a saved game listed on the home screen, and opened from there', async () => {
    const { context, page, errors } = await phone();
    try {
      await newGame(page, 'draughts');
      await boardTakesMoves(page, STILL);
      await page.locator('button:text-is("Save")').tap();
      await page.waitForSelector('.save-note');
      await page.locator('nav button:text-is("Games")').tap();
      await page.waitForSelector('.saves li');
      await fitsThePhone(page, 'saves');
      await page.locator('.saves li button').first().tap();
      await page.waitForSelector('.game-screen[data-family="draughts"]');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('online tactorus against the server’s computer on a phone: an order by taps, Next, the Movement Check', async () => {
    const { context, page, errors } = await phone();
    try {
      await signUpOnline(page, online.app.url, 'tess');
      await page.selectOption('#ch-kind', 'computer');
      await page.selectOption('#ch-family', 'tactorus');
      await page.selectOption('#ch-seat', '0');
      await page.locator('.challenge-form button[type=submit]').tap();
      await page.waitForSelector('.online-game[data-family="tactorus"]');
      // The computer's orders are in before the person's are tapped (its arrival redraws the board).
      await page.waitForFunction(() =>
        /opponent has given theirs/.test(document.querySelector('section[aria-label="orders"] p')?.textContent ?? ''),
      );
      await boardTakesMoves(page, STILL);
      await boardFits(page);
      await fitsThePhone(page, 'online-tactorus');
      const order = await plainInput(page, 'order');
      await tapMove(page, order);
      await page.waitForFunction(
        (o) => (document.querySelector('section[aria-label="orders"] p')?.textContent ?? '').includes(o),
        `${order.from}-${order.to}`,
      );
      await page.locator('.tactorus-controls button:text-is("Next")').tap();
      await page.waitForSelector('.movement-check');
      await inWindow(page, '.movement-check button:text-is("OK")');
      await fitsThePhone(page, 'online-tactorus-check');
      await page.locator('.movement-check button:text-is("OK")').tap();
      await page.waitForFunction(() =>
        /Round 1: /.test(document.querySelector('.online-game .move-list')?.textContent ?? ''),
      );
      await fitsThePhone(page, 'online-tactorus-round');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('online on two phones: sign-up, the lobby with a seek, a game played by taps, leaderboard, a player', async () => {
    const [alice, bob] = [await phone(), await phone()];
    try {
      const [a, b] = [alice.page, bob.page];
      await a.goto(`${online.app.url}/#online`);
      await a.waitForSelector('#auth-name');
      await fitsThePhone(a, 'online-sign-in');
      await Promise.all([signUpOnline(a, online.app.url, 'alice'), signUpOnline(b, online.app.url, 'bob')]);
      // Alice seeks a rated game of draughts as White; Bob sees it in his lobby and accepts it.
      await a.selectOption('#ch-seat', '0');
      await a.locator('button:text-is("Post the seek")').tap();
      await b.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      await fitsThePhone(b, 'online-lobby');
      await fitsThePhone(a, 'online-lobby-own-seek');
      await b.locator('tr[data-challenge] button:text-is("Accept")').tap();
      await b.waitForSelector('.online-game');
      const id = (await b.locator('.online-game').getAttribute('data-game')) as string;
      await a.waitForSelector(`.online-game[data-game="${id}"]`);
      // Alice moves by taps; Bob sees it and answers by taps.
      await tapMove(a, await plainInput(a, 'move'));
      await b.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 1);
      await boardFits(a);
      await fitsThePhone(a, 'online-game');
      await tapMove(b, await plainInput(b, 'move'));
      await a.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 2);
      await boardFits(b);
      await fitsThePhone(b, 'online-game-black');
      // Bob goes back to the lobby: the game is among the games in progress, and opens from there.
      await b.locator('button:text-is("Back to the lobby")').tap();
      await b.waitForSelector(`tr[data-game="${id}"] button`);
      await fitsThePhone(b, 'online-lobby-games');
      await b.locator(`tr[data-game="${id}"] button`).tap();
      await b.waitForSelector(`.online-game[data-game="${id}"]`);
      // A chat line; then Bob resigns and both see the result.
      await b.locator('input[aria-label="message"]').fill('good game');
      await b.locator('section[aria-label="chat"] button:text-is("Say")').tap();
      await a.waitForSelector('.chat-log li:has-text("good game")');
      await b.locator('.online-game button:text-is("Resign")').tap();
      await a.waitForSelector('.online-game .outcome');
      await fitsThePhone(a, 'online-game-over');
      // The leaderboard, and a player's page from it.
      await a.locator('button:text-is("Back to the lobby")').tap();
      await a.locator('button:text-is("Players and ratings")').tap();
      const board = a.locator('section[aria-label="leaderboard"]');
      await board.locator('tr[data-player="bob"]').waitFor();
      await fitsThePhone(a, 'online-leaderboard');
      await board.locator('tr[data-player="bob"] button').tap();
      await a.locator(`.player-history tr[data-game="${id}"]`).waitFor();
      await fitsThePhone(a, 'online-player');
      await a.locator('button:text-is("My games")').tap();
      await a.waitForSelector('.server-saves');
      await fitsThePhone(a, 'online-my-games');
      await a.locator('button:text-is("Account")').tap();
      await a.waitForSelector('#pw-old');
      await fitsThePhone(a, 'online-account');
      expect([...alice.errors, ...bob.errors]).toEqual([]);
    } finally {
      await Promise.all([alice.context.close(), bob.context.close()]);
    }
  });
});
