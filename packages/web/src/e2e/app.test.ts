/**
 * End to end in a real Chromium (Debian's, driven by playwright-core) against a real `tactica serve` on loopback
 * serving the app's production build. For each game: a game against the computer from the new-game dialog, moves by
 * click and by drag, the computer's answers, a takeback, a reload that continues where it was, screenshots at the
 * start, in the middle and at the end. Then: illegal drags, a malformed record and corrupted saves, the page's
 * responsiveness while the engine searches for 3 seconds, the first board's time, and one online game between two
 * browser contexts with a spectator in a third. Screenshots and figures go to packages/web/test-artifacts/ (kept as
 * test artifacts, not committed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '@tactica/server';
import { launchChromium, type LaunchedBrowser } from '../testing/browser.js';
import { APP_DIR, WEB_ROOT, buildApp, type InitialJs } from '../testing/build-app.js';

const ARTIFACTS = join(WEB_ROOT, 'test-artifacts');
const figures: Record<string, unknown> = {};
let server: RunningServer;
let chromium: LaunchedBrowser;
let initial: InitialJs;
let dataDir: string;

interface Legal {
  readonly action: string;
  readonly from?: string;
  readonly to?: string;
  readonly choice?: string;
  readonly label: string;
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  initial = await buildApp();
  dataDir = mkdtempSync(join(tmpdir(), 'tactica-web-e2e-'));
  server = await startServer({
    port: 0,
    dataDir,
    webRoot: APP_DIR,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    rateLimits: { auth: 10_000, moves: 10_000, challenges: 10_000, chat: 10_000, imports: 10_000 },
  });
  chromium = await launchChromium();
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  writeFileSync(join(ARTIFACTS, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

async function newPage(context?: BrowserContext): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const ctx = context ?? (await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } }));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context: ctx, errors };
}

async function centre(page: Page, square: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-square="${square}"]`).boundingBox();
  if (!box) throw new Error(`no square ${square} on the board`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function legal(page: Page): Promise<Legal[]> {
  return page.evaluate(
    () => (window as unknown as { __tacticaBoard: { config: { legal: Legal[] } } }).__tacticaBoard.config.legal,
  );
}

/** A legal move that no other input shares its squares with (no "which one?" question), not from `avoid`. */
async function plainMove(page: Page, avoid?: string): Promise<Legal> {
  const all = await legal(page);
  const plain = all.filter(
    (i) =>
      i.from !== undefined &&
      i.to !== undefined &&
      i.from !== avoid &&
      all.filter((j) => j.from === i.from && j.to === i.to).length === 1,
  );
  const pick = plain.find((i) => i.action === 'move') ?? plain[0];
  if (!pick) throw new Error(`no plain legal move among ${all.length}`);
  return pick;
}

async function moveCount(page: Page): Promise<number> {
  return page.locator('.move-list li:not(.undone)').count();
}

async function waitMoves(page: Page, n: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll('.move-list li:not(.undone)').length >= k, n, {
    timeout,
  });
}

async function clickMove(page: Page, m: Legal): Promise<void> {
  const a = await centre(page, m.from as string);
  const b = await centre(page, m.to as string);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

async function dragMove(page: Page, from: string, to: string): Promise<void> {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

async function startAgainstComputer(page: Page, family: string): Promise<void> {
  await page.goto(server.url);
  await page.click(`[data-new="${family}"]`);
  await page.waitForSelector('#ng-level option', { state: 'attached' });
  const first = await page.locator('#ng-level option').first().getAttribute('value');
  await page.selectOption('#ng-level', first ?? '');
  await page.click('.new-game button[type=submit]');
  await page.waitForSelector(`.game-screen[data-family="${family}"]`);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // the last move's animation
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

const SEQUENTIAL = ['draughts', 'force400', 'tactics', 'tactrix'] as const;

describe('the browser app in Chromium', () => {
  it('loads at most 150 kB of JavaScript (gzip) before a game is opened, and no game with it', () => {
    figures['initialJsGzipBytes'] = initial.gzipBytes;
    figures['initialJsFiles'] = initial.files;
    expect(initial.gzipBytes).toBeLessThanOrEqual(150_000);
    // The engines' worker transport is part of the shell; no rules package, engine or catalogue entry is.
    const games = initial.modules.filter(
      (m) =>
        /packages\/(draughts|force400|tactics|tactrix|tactorus)\//.test(m) ||
        (/packages\/ai\//.test(m) && !/ai\/dist\/(web-worker|worker\/engine-client|worker\/protocol)\.js$/.test(m)),
    );
    expect(games).toEqual([]);
    const entries = initial.modules.filter((m) =>
      /catalogue\/dist\/(draughts|force400|tactics|tactrix|tactorus)\//.test(m),
    );
    expect(entries).toEqual([]);
  });

  for (const family of SEQUENTIAL) {
    it(`${family}: new game against the computer, click and drag, takeback, reload, screenshots`, async () => {
      const { page, context, errors } = await newPage();
      try {
        await startAgainstComputer(page, family);
        await shot(page, `${family}-start`);
        const first = await plainMove(page);
        await clickMove(page, first);
        await waitMoves(page, 2); // the computer answered
        const second = await plainMove(page);
        await dragMove(page, second.from as string, second.to as string);
        await waitMoves(page, 4);
        expect(await moveCount(page)).toBe(4);
        await shot(page, `${family}-mid`);
        await page.click('text=Take back');
        await page.waitForFunction(() => document.querySelectorAll('.move-list li:not(.undone)').length === 2);
        const version = await page.locator('.game-screen').getAttribute('data-version');
        await page.reload();
        await page.waitForSelector(`.game-screen[data-family="${family}"]`);
        expect(await moveCount(page)).toBe(2);
        expect(await page.locator('.game-screen').getAttribute('data-version')).toBe(version);
        // and it goes on from there
        const third = await plainMove(page);
        await clickMove(page, third);
        await waitMoves(page, 4);
        page.once('dialog', (d) => void d.accept());
        await page.click('button:text-is("Resign")');
        await page.waitForSelector('.outcome');
        expect(await page.locator('.outcome').innerText()).toMatch(/wins/);
        await shot(page, `${family}-end`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('an illegal drag snaps back with the reason shown', async () => {
    const { page, context } = await newPage();
    try {
      await startAgainstComputer(page, 'draughts');
      const all = await legal(page);
      const from = all[0]?.from as string;
      const targets = new Set(all.filter((i) => i.from === from).map((i) => i.to));
      const squares = await page
        .locator('[data-square]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-square') ?? ''));
      const to = squares.find((s) => s !== from && !targets.has(s) && /^\d+$/.test(s)) as string;
      await dragMove(page, from, to);
      await page.waitForFunction(() => (document.querySelector('.tb-toast')?.textContent ?? '') !== '');
      expect(await page.locator('.tb-toast').innerText()).toMatch(/cannot go to|no legal|compulsory/);
      expect(await page.locator(`[data-piece="${from}"]`).count()).toBe(1);
      expect(await moveCount(page)).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a malformed PDN file and corrupted saves give a clear message and change nothing', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      // A good save and a damaged one in the browser's saved games; a garbled game in progress.
      await page.evaluate(() => {
        localStorage.setItem('tactica:save:broken', '{"id":"broken","family":"draughts","ti');
        localStorage.setItem(
          'tactica:current',
          '{"format":"tactica-web-game","formatVersion":1,"stored":{"format":"tactica-game"',
        );
      });
      await page.reload();
      await page.waitForSelector('.alert-error');
      expect(await page.locator('.alert-error').innerText()).toMatch(/could not be resumed/);
      expect(await page.locator('.saves .damaged').innerText()).toMatch(/tactica:save:broken/);
      // A PDN file with an illegal move.
      await page.setInputFiles('input[type=file]', {
        name: 'bad.pdn',
        mimeType: 'text/plain',
        buffer: Buffer.from('[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 3. 99-98 *\n'),
      });
      await page.waitForFunction(() => /bad\.pdn/.test(document.querySelector('.alert')?.textContent ?? ''));
      expect(await page.locator('.alert').innerText()).toMatch(
        /bad\.pdn could not be read as Portable Draughts Notation/,
      );
      expect(await page.locator('.game-screen').count()).toBe(0);
      const kept = await page.evaluate(() => localStorage.getItem('tactica:save:broken'));
      expect(kept).toBe('{"id":"broken","family":"draughts","ti');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the page stays responsive while the engine searches for 3 seconds; the first board shows within 1 s', async () => {
    const { page, context } = await newPage();
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { __long: [number, number][] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await startAgainstComputer(page, 'draughts');
      await page.reload();
      await page.waitForSelector('.tb');
      const firstBoard = await page.evaluate(
        () => performance.getEntriesByName('tactica-first-board')[0]?.startTime ?? -1,
      );
      figures['firstBoardMs'] = Math.round(firstBoard);
      expect(firstBoard).toBeGreaterThan(0);
      expect(firstBoard).toBeLessThan(1000);
      // Measured once the page has settled after its load (its first tasks are the load's, not the search's).
      await page.waitForTimeout(2000);
      await page.selectOption('select[aria-label="analysis time"]', '3');
      const result = await page.evaluate(async () => {
        const w = window as unknown as { __long: [number, number][] };
        const gaps: number[] = [];
        let last = performance.now();
        let running = true;
        const frame = (t: number): void => {
          gaps.push(t - last);
          last = t;
          if (running) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        const start = performance.now();
        (document.querySelector('button.analyse') as HTMLButtonElement).click();
        await new Promise<void>((resolve) => {
          const poll = (): void => {
            if (!document.querySelector('.analysis .spinner') && performance.now() - start > 500) resolve();
            else setTimeout(poll, 50);
          };
          poll();
        });
        running = false;
        // Long tasks are reported after they end: only those that began during the search count.
        const during = w.__long.filter(([t]) => t >= start).map(([, d]) => d);
        return { ms: performance.now() - start, longTasks: during, maxFrameGap: Math.max(...gaps.slice(1)) };
      });
      const depth = await page.locator('.analysis-line').getAttribute('data-depth');
      figures['searchMs'] = Math.round(result.ms);
      figures['searchDepth'] = Number(depth);
      figures['longTasksDuringSearch'] = result.longTasks;
      figures['maxFrameGapMs'] = Math.round(result.maxFrameGap);
      expect(result.ms).toBeGreaterThan(2500);
      expect(Number(depth)).toBeGreaterThan(0);
      // The bar. Flaky under load: in some full-suite runs on two shared cores, tasks of 60–120 ms were reported.
      expect(result.longTasks.filter((d) => d > 50)).toEqual([]);
      // The computer's search can be stopped: it answers with its best move so far.
      const stopped = await page.evaluate(async () => {
        const sel = document.querySelector('select[aria-label="analysis time"]') as HTMLSelectElement;
        sel.value = '120';
        sel.dispatchEvent(new Event('change', { bubbles: true }));
        await new Promise((r) => setTimeout(r, 50));
        (document.querySelector('button.analyse') as HTMLButtonElement).click();
        await new Promise((r) => setTimeout(r, 1500));
        const t0 = performance.now();
        (
          [...document.querySelectorAll('.analysis button')].find((b) =>
            /Stop/.test(b.textContent ?? ''),
          ) as HTMLButtonElement
        ).click();
        await new Promise<void>((resolve) => {
          const poll = (): void =>
            document.querySelector('.analysis .spinner') ? void setTimeout(poll, 10) : resolve();
          poll();
        });
        return { isolated: crossOriginIsolated, stopMs: performance.now() - t0 };
      });
      figures['crossOriginIsolated'] = stopped.isolated;
      figures['stopMs'] = Math.round(stopped.stopMs);
      expect(stopped.isolated).toBe(true);
      expect(stopped.stopMs).toBeLessThan(1000);
    } finally {
      await context.close();
    }
  });

  it('online: two players in two browser contexts, a spectator in a third, chat and clocks over the stream', async () => {
    const t0 = Date.now();
    const players = await Promise.all(['alice', 'bob', 'carol'].map(async () => newPage()));
    const [a, b, c] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    try {
      const signUp = async (p: Page, name: string): Promise<void> => {
        await p.goto(`${server.url}/#online`);
        await p.fill('#auth-name', name);
        await p.fill('#auth-password', 'a long enough password');
        await p.click('button:text-is("Sign up")');
        await p.waitForSelector('text=Signed in as');
      };
      await Promise.all([signUp(a.page, 'alice'), signUp(b.page, 'bob'), signUp(c.page, 'carol')]);
      // Alice seeks a live game of draughts as White.
      await a.page.selectOption('#ch-seat', '0');
      await a.page.selectOption('#ch-control', 'live');
      await a.page.click('button:text-is("Post the seek")');
      // Bob sees it in the lobby (the stream) and accepts: the game opens for him.
      await b.page.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      await b.page.click('tr[data-challenge] button:text-is("Accept")');
      await b.page.waitForSelector('.online-game');
      const id = await b.page.locator('.online-game').getAttribute('data-game');
      // Alice and Carol open it from the lobby's games in progress.
      for (const p of [a.page, c.page]) {
        await p.waitForSelector(`tr[data-game="${id}"] button`);
        await p.click(`tr[data-game="${id}"] button`);
        await p.waitForSelector(`.online-game[data-game="${id}"]`);
      }
      expect(await c.page.locator('text=You are watching.').count()).toBe(1);
      await a.page.waitForSelector('.clock.running');
      // Alice moves by clicking, Bob by dragging; everyone sees both moves.
      const m1 = await plainMove(a.page);
      await clickMove(a.page, m1);
      await b.page.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 1);
      const m2 = await plainMove(b.page);
      await dragMove(b.page, m2.from as string, m2.to as string);
      for (const p of [a.page, b.page, c.page]) {
        await p.waitForFunction(() => document.querySelectorAll('.online-game .move-list li').length >= 2);
      }
      expect(await c.page.locator('.online-game .move-list').innerText()).toBe(
        await a.page.locator('.online-game .move-list').innerText(),
      );
      // The spectator chats; the players read it.
      await c.page.fill('input[aria-label="message"]', 'nice opening');
      await c.page.click('button:text-is("Say")');
      await a.page.waitForSelector('.chat-log >> text=nice opening');
      await b.page.waitForSelector('.chat-log >> text=nice opening');
      await a.page.screenshot({ path: join(ARTIFACTS, 'online-alice.png') });
      await c.page.screenshot({ path: join(ARTIFACTS, 'online-spectator.png') });
      figures['onlineMs'] = Date.now() - t0;
      for (const p of players) expect(p.errors).toEqual([]);
    } finally {
      await Promise.all(players.map((p) => p.context.close()));
    }
  });
});
