/**
 * End to end in a real Chromium (Debian's, driven by playwright-core) against a real `tactica serve` on loopback
 * serving the app's production build. For each game: a game against the computer from the new-game dialog, moves by
 * click and by drag, the computer's answers, a takeback, a reload that continues where it was, screenshots at the
 * start, in the middle and at the end. Then: illegal drags, a malformed record and corrupted saves, the page's
 * responsiveness while the engine searches for 3 seconds, the first board's time, and one online game between two
 * browser contexts with a spectator in a third. Screenshots and figures go to packages/web/test-artifacts/ (kept as
 * test artifacts, not committed).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '@tactica/server';
import {
  boardTakesMoves,
  legalInputs,
  moveCount,
  plainInputs,
  squareCentre,
  type BoardInput,
} from '../testing/board.js';
import { launchChromium, type LaunchedBrowser } from '../testing/browser.js';
import { firstBoardTime, noteLongTasks, timeSearch, timeStop } from '../testing/page-timing.js';
import { APP_DIR, WEB_ROOT, buildApp, type InitialJs } from '../testing/build-app.js';

const ARTIFACTS = join(WEB_ROOT, 'test-artifacts');
const figures: Record<string, unknown> = {};
let server: RunningServer;
let chromium: LaunchedBrowser;
let initial: InitialJs;
let dataDir: string;

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
  // The app is served with the server's Content-Security-Policy: anything of it the policy refuses is an error too.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { page, context: ctx, errors };
}

/** A legal move that no other input shares its squares with (no "which one?" question), not from `avoid`. */
async function plainMove(page: Page, avoid?: string): Promise<BoardInput> {
  const plain = (await plainInputs(page)).filter((i) => i.from !== avoid);
  const pick = plain.find((i) => i.action === 'move') ?? plain[0];
  if (!pick) throw new Error('no plain legal move');
  return pick;
}

async function waitMoves(page: Page, n: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll('.move-list li:not(.undone)').length >= k, n, {
    timeout,
  });
}

async function clickMove(page: Page, m: BoardInput): Promise<void> {
  const a = await squareCentre(page, m.from as string);
  const b = await squareCentre(page, m.to as string);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

async function dragMove(page: Page, from: string, to: string): Promise<void> {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
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

/** A screenshot once the board stands still (the board marks itself `tb-animating` while a move animates). */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForSelector('.tb:not(.tb-animating)', { timeout: 10_000 });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Tactorus: waits until the computer (Player 2) has given its orders for the round (the status says so). */
async function computerOrdersIn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /Player 2:[^·]*·[^·]*·\s*orders in/.test(document.querySelector('.tactorus-status')?.textContent ?? ''),
    undefined,
    { timeout: 30_000 },
  );
}

const SEQUENTIAL = ['draughts', 'force400', 'tactics', 'tactrix'] as const;

describe('the browser app in Chromium', () => {
  it('loads at most 150 kB of JavaScript (gzip) before a game is opened, and no game with it', () => {
    figures['initialJsGzipBytes'] = initial.gzipBytes;
    figures['initialJsFiles'] = initial.files;
    expect(initial.gzipBytes).toBeLessThanOrEqual(150_000);
    // The engines' worker transport and a review's words (its marks and scores as text, no search) are part of the
    // shell; no rules package, engine or catalogue entry is.
    const games = initial.modules.filter(
      (m) =>
        /packages\/(draughts|force400|tactics|tactrix|tactorus)\//.test(m) ||
        (/packages\/ai\//.test(m) &&
          !/ai\/dist\/(web-worker|worker\/engine-client|worker\/protocol|review\/text)\.js$/.test(m)),
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
        // Each game's "end" shot is of a game played to its end by the rules (below); this one is a resignation.
        await shot(page, `${family}-resigned`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('tactorus: orders by click and drag, Next, the Movement Check, a round, takeback, reload, rules, end', async () => {
    const { page, context, errors } = await newPage();
    const status = async (): Promise<string> => page.locator('.tactorus-status .status-line').innerText();
    const ordersLeft = async (): Promise<string> => page.locator('.orders-left').innerText();
    try {
      await startAgainstComputer(page, 'tactorus');
      await computerOrdersIn(page);
      await boardTakesMoves(page);
      expect(await status()).toMatch(/^Round 1 of 50/);
      // Every unit of Player 1 can be ordered: 20 units, with Chain moves 20 orders a round.
      const start = await legalInputs(page);
      const orders = start.filter((i) => i.action === 'order');
      const units = new Set(orders.map((i) => i.from));
      expect(units.size).toBe(20);
      await shot(page, 'tactorus-start');
      // An order by click, one by drag, each shown on its unit; the round's orders left count down.
      const first = orders.find((i) => i.from === '84' && i.to === '64') as BoardInput;
      await clickMove(page, first);
      await page.waitForSelector('[data-piece="84"][data-ordered="64"]');
      await dragMove(page, '85', '65');
      await page.waitForSelector('[data-piece="85"][data-ordered="65"]');
      expect(await ordersLeft()).toMatch(/2 orders given, 18 left/);
      // A refused order gives the scheduling rule it breaks: 64 is already a target.
      await dragMove(page, '86', '64');
      await page.waitForFunction(() => (document.querySelector('.tb-toast')?.textContent ?? '') !== '');
      expect(await page.locator('.tb-toast').innerText()).toMatch(/64/);
      // A click on an ordered unit withdraws its order.
      await page.waitForSelector('.tb:not(.tb-animating)');
      const c = await squareCentre(page, '85');
      await page.mouse.click(c.x, c.y);
      await page.waitForSelector('[data-piece="85"]:not([data-ordered])');
      expect(await ordersLeft()).toMatch(/1 order given, 19 left/);
      await dragMove(page, '85', '75');
      await page.waitForSelector('[data-piece="85"][data-ordered="75"]');
      // Next: the computer's orders are in, the Movement Check shows both sides' orders; OK carries the round out.
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.movement-check');
      expect(await page.locator('.movement-check').innerText()).toMatch(/84-64/);
      // It shows the computer's orders: yours are committed, no Back to change them (issue 39).
      expect(await page.locator('.movement-check button:text-is("Back")').count()).toBe(0);
      await shot(page, 'tactorus-check');
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForSelector('.round-report');
      expect(await status()).toMatch(/^Round 2 of 50/);
      expect(await page.locator('[data-piece="64"]').count()).toBe(1);
      await shot(page, 'tactorus-mid');
      // Take back the round: round 1 again, the units where they stood.
      await page.click('text=Take back');
      await page.waitForFunction(() => /^Round 1 /.test(document.querySelector('.status-line')?.textContent ?? ''));
      expect(await page.locator('[data-piece="84"]').count()).toBe(1);
      // Reload and go on: an order, Next, OK.
      await page.reload();
      await page.waitForSelector('.game-screen[data-family="tactorus"]');
      expect(await status()).toMatch(/^Round 1 of 50/);
      await computerOrdersIn(page);
      await boardTakesMoves(page);
      await dragMove(page, '84', '74');
      await page.waitForSelector('[data-piece="84"][data-ordered="74"]');
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForFunction(() => /^Round 2 /.test(document.querySelector('.status-line')?.textContent ?? ''));
      // A rule alteration in mid-game: Supply Lines on, the home rows marked and the allowance 10.
      await page.click('button:text-is("Rule alterations…")');
      await page.check('.rules-form input[name="supplyLines"]');
      await page.click('.rules-form button[type=submit]');
      await page.waitForFunction(() => /Supply Lines/.test(document.querySelector('.status-line')?.textContent ?? ''));
      expect(await ordersLeft()).toMatch(/0 orders given, 10 left/);
      // The ++Tactorus record out, and in again as a new game at the same round, rules and all.
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:text-is("Export TXT")')]);
      const path = await download.path();
      const record = readFileSync(path, 'utf8');
      expect(record).toMatch(/^\+\+Tactorus/);
      await page.click('nav button:text-is("Games")');
      await page.setInputFiles('input[type=file]', {
        name: 'round2.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(record),
      });
      await page.waitForFunction(() => /round2/.test(document.querySelector('.game-title')?.textContent ?? ''));
      expect(await status()).toMatch(/^Round 2 of 50 · Chain moves, Supply Lines/);
      // Two players at one screen: Player 1's orders are hidden while the screen is handed over, then Player 2
      // gives theirs, and the round is carried out.
      await page.click('button:text-is("New game")');
      await page.selectOption('#ng-opponent', 'friend');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.new-game', { state: 'detached' });
      await page.waitForFunction(() =>
        /^Player 1: 0 orders given, 20 left/.test(document.querySelector('.orders-left')?.textContent ?? ''),
      );
      await boardTakesMoves(page);
      await page.waitForSelector('.tb:not(.tb-animating)');
      const p1 = (await legalInputs(page)).find((i) => i.action === 'order') as BoardInput;
      await dragMove(page, p1.from as string, p1.to as string);
      await page.waitForSelector(`[data-piece="${p1.from}"][data-ordered="${p1.to}"]`);
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.handoff');
      expect(await page.locator('[data-ordered]').count()).toBe(0);
      await shot(page, 'tactorus-handoff');
      await page.click('.handoff button:text-is("I am Player 2")');
      await page.waitForFunction(() =>
        /Player 2: 0 orders given/.test(document.querySelector('.orders-left')?.textContent ?? ''),
      );
      expect(await page.locator('[data-ordered]').count()).toBe(0);
      // The engine recommends Player 2's orders from Player 2's own seat: written out and drawn as arrows.
      await page.waitForSelector('.analysis[data-ready="true"]', { timeout: 30_000 });
      await page.selectOption('select[aria-label="analysis time"]', '3');
      await page.click('button.analyse');
      await page.waitForSelector('.analysis .spinner');
      await page.waitForSelector('.analysis .spinner', { state: 'detached', timeout: 30_000 });
      expect(await page.locator('.analysis-line').innerText()).toMatch(/orders recommended for Player 2: \d\d-\d\d/);
      expect(await page.locator('.tb-arrow-best').count()).toBeGreaterThan(0);
      await shot(page, 'tactorus-analysis');
      const p2 = (await legalInputs(page)).find((i) => i.action === 'order') as BoardInput;
      await clickMove(page, p2);
      await page.waitForSelector(`[data-piece="${p2.from}"][data-ordered="${p2.to}"]`);
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.movement-check');
      // Player 2 sees Player 1's orders only with their own committed: no Back (issue 39).
      expect(await page.locator('.movement-check').innerText()).toMatch(new RegExp(`Player 1: ${p1.from}-${p1.to}`));
      expect(await page.locator('.movement-check button:text-is("Back")').count()).toBe(0);
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForFunction(() => /^Round 2 /.test(document.querySelector('.status-line')?.textContent ?? ''));
      await shot(page, 'tactorus-hotseat-round');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactorus: a game played to its end from a customized start board (the flag cornered)', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      await page.click('[data-new="tactorus"]');
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      // Player 2's flag in the corner 00, Player 1's infantry on every square it can reach.
      const board = ['fII.......', 'III.......', 'III.......', '..........', '..........', '.........i'];
      await page.fill(
        'input[name="board"]',
        [...board, '..........', '..........', '..........', '....F.....'].join('/'),
      );
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="tactorus"]');
      await computerOrdersIn(page);
      await boardTakesMoves(page);
      await dragMove(page, '11', '00');
      await page.waitForSelector('[data-piece="11"][data-ordered="00"]');
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForSelector('.outcome');
      expect(await page.locator('.outcome').innerText()).toMatch(/Player 1 wins/);
      await shot(page, 'tactorus-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draughts: a game played to its end from a record of its last position (the last capture)', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      // A PDN record that starts from a position (its FEN tag): White's man on 33 takes Black's last man.
      await page.setInputFiles('input[type=file]', {
        name: 'last-capture.pdn',
        mimeType: 'text/plain',
        buffer: Buffer.from('[GameType "20"]\n[SetUp "1"]\n[FEN "W:W33:B28"]\n*\n'),
      });
      await page.waitForSelector('.game-screen[data-family="draughts"]');
      await boardTakesMoves(page);
      const take = await plainMove(page);
      expect([take.from, take.to]).toEqual(['33', '22']);
      await clickMove(page, take);
      await page.waitForSelector('.outcome');
      expect(await page.locator('.outcome').innerText()).toMatch(/White wins/);
      await shot(page, 'draughts-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** Plays a legal input by click from `from` to `to` (it must be the only one between them), then waits for the end. */
  async function lastMove(page: Page, from: string, to: string, winner: RegExp, name: string): Promise<void> {
    await boardTakesMoves(page);
    const all = await legalInputs(page);
    const between = all.filter((i) => i.from === from && i.to === to);
    expect(between).toHaveLength(1);
    await clickMove(page, between[0] as BoardInput);
    await page.waitForSelector('.outcome');
    expect(await page.locator('.outcome').innerText()).toMatch(winner);
    await shot(page, name);
  }

  it('force400: a game played to its end from a start position (a man takes the king)', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      await page.click('[data-new="force400"]');
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      // White's man of 20 on C1 next to Black's king on C0; Black has a man of 7 on E4 besides.
      await page.fill('input[name="position"]', 'w 3 W:C1:20,H9:10K B:C0:10K,E4:7');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="force400"]');
      await lastMove(page, 'C1', 'C0', /White wins/, 'force400-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactics: a game played to its end from a record of a set position (Black left without a move)', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      await page.setInputFiles('input[type=file]', {
        name: 'last-move.tactics',
        mimeType: 'text/plain',
        buffer: Buffer.from('[Game "Tactics"]\n[Position "8/8/8/3R4/3*R4/8/8/3R4 w 0"]\n\n*\n'),
      });
      await page.waitForSelector('.game-screen[data-family="tactics"]');
      await lastMove(page, 'd8', 'd6', /wins/, 'tactics-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactrix: a game played to its end from a record of a set position (the king taken)', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      const board = [...Array.from({ length: 8 }, () => '..........'), '.k........', 'K.........'];
      await page.setInputFiles('input[type=file]', {
        name: 'last-move.tac',
        mimeType: 'text/plain',
        buffer: Buffer.from(`Tactrix! game\nStart ${board.join('/')} w 0 0 0 1\nResult *\n`),
      });
      await page.waitForSelector('.game-screen[data-family="tactrix"]');
      await lastMove(page, 'a1', 'b2', /wins/, 'tactrix-end');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an illegal drag snaps back with the reason shown', async () => {
    const { page, context } = await newPage();
    try {
      await startAgainstComputer(page, 'draughts');
      const all = await legalInputs(page);
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

  it('the engine searches off the main thread for its 3 seconds and stops when asked; the first board is marked', async () => {
    const { page, context } = await newPage();
    // The analysis is Master's: its worker (and its Lazy SMP helpers) load the network's WebAssembly chunk with the
    // weights, not before.
    const wasmChunks: string[] = [];
    context.on('request', (r) => {
      if (/\/network-wasm-[^/]*\.js$/.test(new URL(r.url()).pathname)) wasmChunks.push(r.url());
    });
    try {
      await page.addInitScript(noteLongTasks);
      await startAgainstComputer(page, 'draughts');
      await page.reload();
      await page.waitForSelector('.tb');
      const firstBoard = await page.evaluate(firstBoardTime);
      figures['firstBoardMs'] = Math.round(firstBoard);
      // Its time is a figure of `npm run bench:web` (bench/web.js), not a bar here: a loaded machine is slow.
      expect(firstBoard).toBeGreaterThan(0);
      // Measured once the page has settled after its load (its first tasks are the load's, not the search's): the
      // analysis worker has loaded its engine and the main thread has had an idle moment.
      await page.waitForSelector('.analysis[data-ready="true"]', { timeout: 30_000 });
      await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 })));
      await page.selectOption('select[aria-label="analysis time"]', '3');
      // The main thread's own accounting (Chromium's Performance domain): every task it ran during the search.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const metrics = async (): Promise<Record<string, number>> =>
        Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      const before = await metrics();
      const result = await page.evaluate(timeSearch);
      const after = await metrics();
      const spent = (k: string): number => Math.round(((after[k] ?? 0) - (before[k] ?? 0)) * 1000);
      const depth = await page.locator('.analysis-line').getAttribute('data-depth');
      figures['searchMs'] = Math.round(result.ms);
      figures['searchDepth'] = Number(depth);
      figures['longTasksDuringSearch'] = result.longTasks;
      figures['maxFrameGapMs'] = Math.round(result.maxFrameGap);
      figures['mainThreadDuringSearch'] = {
        taskMs: spent('TaskDuration'),
        scriptMs: spent('ScriptDuration'),
        layoutMs: spent('LayoutDuration'),
        styleMs: spent('RecalcStyleDuration'),
      };
      expect(result.ms).toBeGreaterThan(2500);
      expect(Number(depth)).toBeGreaterThan(0);
      expect(wasmChunks.length).toBeGreaterThan(0);
      // The app's policy lets it compile WebAssembly (its workers get the same header): refused, the network's pass
      // would quietly stay JavaScript.
      const compiles = await page.evaluate(() =>
        WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
          () => true,
          () => false,
        ),
      );
      expect(compiles).toBe(true);
      // The search ran in the worker: the page kept drawing frames all along (their gaps and the long tasks are
      // figures of `npm run bench:web`; a loaded machine stretches them).
      expect(result.maxFrameGap).toBeLessThan(result.ms);
      // The computer's search can be stopped: it answers with its best move so far.
      await page.selectOption('select[aria-label="analysis time"]', '120');
      await page.click('button.analyse');
      await page.waitForFunction(
        () => Number(document.querySelector('.analysis-line')?.getAttribute('data-depth')) >= 6,
        undefined,
        {
          timeout: 30_000,
        },
      );
      const stopped = await page.evaluate(timeStop);
      figures['crossOriginIsolated'] = stopped.isolated;
      figures['stopMs'] = Math.round(stopped.stopMs);
      expect(stopped.isolated).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('online tactorus against the server’s computer: orders to /orders, a withdrawal, Next, the round played', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(`${server.url}/#online`);
      await page.fill('#auth-name', 'erin');
      await page.fill('#auth-password', 'a long enough password');
      await page.click('button:text-is("Sign up")');
      await page.waitForSelector('text=Signed in as');
      // A slow network: the family's code arrives after the click. The form must not send the options and level of
      // the family shown before (draughts), as it did on a loaded machine.
      let slowNetwork = true;
      await page.route('**/*.js', async (route) => {
        if (slowNetwork) await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.selectOption('#ch-kind', 'computer');
      await page.selectOption('#ch-family', 'tactorus');
      await page.selectOption('#ch-seat', '0');
      await page.click('.challenge-form button[type=submit]');
      await page.waitForSelector('.online-game[data-family="tactorus"]');
      slowNetwork = false;
      await boardTakesMoves(page);
      // Chain moves are on by default: the chain is drawn under the board, as offline.
      expect(await page.locator('.online-game svg.chain').count()).toBe(1);
      const mine = (): Promise<string> => page.locator('section[aria-label="orders"] p').innerText();
      await dragMove(page, '84', '64');
      await page.waitForFunction(() =>
        /84-64/.test(document.querySelector('section[aria-label="orders"] p')?.textContent ?? ''),
      );
      await boardTakesMoves(page);
      const c = await squareCentre(page, '85');
      await page.mouse.click(c.x, c.y);
      await page.mouse.click((await squareCentre(page, '75')).x, (await squareCentre(page, '75')).y);
      await page.waitForFunction(() =>
        /85-75/.test(document.querySelector('section[aria-label="orders"] p')?.textContent ?? ''),
      );
      expect(await mine()).toMatch(/Your orders this round: 84-64, 85-75/);
      await page.click('button:text-is("Withdraw all")');
      await page.waitForFunction(() =>
        /orders this round: none/.test(document.querySelector('section[aria-label="orders"] p')?.textContent ?? ''),
      );
      await boardTakesMoves(page);
      await dragMove(page, '84', '64');
      await page.waitForFunction(() =>
        /84-64/.test(document.querySelector('section[aria-label="orders"] p')?.textContent ?? ''),
      );
      // Next brings the Movement Check: Back returns to the orders with nothing sent, OK sends them as done.
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.movement-check');
      expect(await page.locator('.movement-check').innerText()).toMatch(/round 1[\s\S]*Player 1: 84-64/);
      await page.click('.movement-check button:text-is("Back")');
      await page.waitForSelector('.movement-check', { state: 'detached' });
      expect(await page.locator('.round-report').count()).toBe(0);
      await page.click('.tactorus-controls button:text-is("Next")');
      await shot(page, 'online-tactorus-check');
      await page.click('.movement-check button:text-is("OK")');
      await page.waitForFunction(() =>
        /Round 1: 84-64/.test(document.querySelector('.online-game .move-list')?.textContent ?? ''),
      );
      expect(await page.locator('[data-piece="64"]').count()).toBe(1);
      // The round report of the round just carried out, replayed from the orders the server reports.
      await page.waitForSelector('.round-report');
      expect(await page.locator('.round-report').innerText()).toMatch(/Round 1:[\s\S]*Player 1 ordered: 84-64/);
      // Recommend orders on what this player sees: arrows on the board and the orders written out.
      await boardTakesMoves(page);
      await page.selectOption('.analysis select', '3');
      await page.click('.analysis button:text-is("Recommend orders")');
      await page.waitForSelector('.analysis-line');
      await page.waitForSelector('.analysis button:text-is("Recommend orders")', { timeout: 30_000 });
      expect(await page.locator('.analysis-line').innerText()).toMatch(/orders recommended for Player 1: \d\d-\d\d/);
      await shot(page, 'online-tactorus');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the library on the server: a game saved on one device opens on another signed in to the account', async () => {
    const one = await newPage();
    const other = await newPage();
    try {
      const signUp = async (p: Page, kind: 'Sign up' | 'Sign in'): Promise<void> => {
        await p.goto(`${server.url}/#online`);
        await p.fill('#auth-name', 'dave');
        await p.fill('#auth-password', 'a long enough password');
        await p.click(`button:text-is("${kind}")`);
        await p.waitForSelector('text=Signed in as');
      };
      await startAgainstComputer(one.page, 'tactics');
      await clickMove(one.page, await plainMove(one.page));
      await waitMoves(one.page, 2);
      // Signed out, the server keeps nothing and says why.
      await one.page.click('button:text-is("Save on the server")');
      await one.page.waitForSelector('.save-note');
      expect(await one.page.locator('.save-note').innerText()).toMatch(/sign in/);
      await signUp(one.page, 'Sign up');
      await one.page.click('nav button:text-is("Current game")');
      await one.page.click('button:text-is("Save on the server")');
      await one.page.waitForFunction(() =>
        /on the server/.test(document.querySelector('.save-note')?.textContent ?? ''),
      );
      const moves = await one.page.locator('.move-list').innerText();
      // Another device: sign in, open it from the library, and play on.
      await signUp(other.page, 'Sign in');
      await other.page.click('button:text-is("My games")');
      await other.page.waitForSelector('.server-saves tr[data-save] button');
      expect(await other.page.locator('.server-saves tr[data-save]').count()).toBe(1);
      await other.page.click('.server-saves tr[data-save] button:text-is("Open")');
      await other.page.waitForSelector('.game-screen[data-family="tactics"]');
      expect(await other.page.locator('.move-list').innerText()).toBe(moves);
      await clickMove(other.page, await plainMove(other.page));
      await waitMoves(other.page, 4);
      // Saved again over the same entry: the first device's copy is at an older version.
      await other.page.click('button:text-is("Save on the server")');
      await other.page.waitForFunction(() =>
        /Saved over/.test(document.querySelector('.save-note')?.textContent ?? ''),
      );
      expect(one.errors).toEqual([]);
      expect(other.errors).toEqual([]);
    } finally {
      await one.context.close();
      await other.context.close();
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
      // Alice seeks a rated live game of Russian draughts as White.
      await a.page.selectOption('#ch-seat', '0');
      await a.page.selectOption('#ch-control', 'live');
      await a.page.selectOption('#ch-variant', 'russian');
      expect(await a.page.locator('#ch-rated').isChecked()).toBe(true);
      await a.page.click('button:text-is("Post the seek")');
      // Bob sees it in the lobby (the stream), its rule set with it, and accepts: the game opens for him.
      await b.page.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      expect(await b.page.locator('tr[data-challenge] .challenge-options').innerText()).toMatch(/Russian/);
      await b.page.click('tr[data-challenge] button:text-is("Accept")');
      await b.page.waitForSelector('.online-game');
      const id = await b.page.locator('.online-game').getAttribute('data-game');
      // Alice is brought to the game without a click, with a sound (issue 39: she stayed in the lobby, her clock
      // running).
      await a.page.waitForSelector(`.online-game[data-game="${id}"]`, { timeout: 5000 });
      expect(
        await a.page.evaluate(() => (window as { __tacticaSounds?: number }).__tacticaSounds ?? 0),
      ).toBeGreaterThanOrEqual(1);
      // Carol opens it from the lobby's games in progress, which says whose turn it is.
      await c.page.waitForSelector(`tr[data-game="${id}"] button`);
      expect(await c.page.locator(`tr[data-game="${id}"] .to-act`).innerText()).toBe('alice to move');
      await c.page.click(`tr[data-game="${id}"] button`);
      await c.page.waitForSelector(`.online-game[data-game="${id}"]`);
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
      // Each line with its sender's name (issue 39: every line read ": text").
      for (const p of [a.page, b.page, c.page]) {
        await p.waitForSelector('.chat-log li:has-text("nice opening")');
        expect(await p.locator('.chat-log li:has-text("nice opening")').innerText()).toBe('carol: nice opening');
      }
      // No engine help in a rated game between people, for anyone.
      for (const p of [a.page, b.page, c.page]) expect(await p.locator('.analysis').count()).toBe(0);
      await a.page.screenshot({ path: join(ARTIFACTS, 'online-alice.png') });
      await c.page.screenshot({ path: join(ARTIFACTS, 'online-spectator.png') });
      figures['onlineMs'] = Date.now() - t0;
      for (const p of players) expect(p.errors).toEqual([]);
    } finally {
      await Promise.all(players.map((p) => p.context.close()));
    }
  });

  // Issue 39: what a player met, game by game and online.

  it('online tactorus between two people, rated: no engine help for either until the game ends', async () => {
    const players = await Promise.all(['fay', 'gus'].map(async () => newPage()));
    const [f, g] = players as [(typeof players)[0], (typeof players)[0]];
    try {
      for (const [p, name] of [
        [f.page, 'fay'],
        [g.page, 'gus'],
      ] as const) {
        await p.goto(`${server.url}/#online`);
        await p.fill('#auth-name', name);
        await p.fill('#auth-password', 'a long enough password');
        await p.click('button:text-is("Sign up")');
        await p.waitForSelector('text=Signed in as');
      }
      await f.page.selectOption('#ch-family', 'tactorus');
      await f.page.waitForSelector('.challenge-form button[type=submit]:not([disabled])');
      expect(await f.page.locator('#ch-rated').isChecked()).toBe(true);
      await f.page.click('button:text-is("Post the seek")');
      await g.page.waitForSelector('tr[data-challenge] button:text-is("Accept")');
      await g.page.click('tr[data-challenge] button:text-is("Accept")');
      await g.page.waitForSelector('.online-game[data-family="tactorus"]');
      const id = await g.page.locator('.online-game').getAttribute('data-game');
      await f.page.waitForSelector(`.online-game[data-game="${id}"]`, { timeout: 5000 });
      for (const p of [f.page, g.page]) {
        await boardTakesMoves(p);
        await p.waitForSelector('.tactorus-controls button:text-is("Next")');
        expect(await p.locator('.analysis').count()).toBe(0);
        expect(await p.locator('button:text-is("Recommend orders")').count()).toBe(0);
      }
      for (const p of players) expect(p.errors).toEqual([]);
    } finally {
      await Promise.all(players.map((p) => p.context.close()));
    }
  });

  it('tactorus against the computer: once the Movement Check shows its orders, yours are committed', async () => {
    const { page, context, errors } = await newPage();
    try {
      await startAgainstComputer(page, 'tactorus');
      await computerOrdersIn(page);
      await boardTakesMoves(page);
      await dragMove(page, '84', '64');
      await page.waitForSelector('[data-piece="84"][data-ordered="64"]');
      await page.click('.tactorus-controls button:text-is("Next")');
      await page.waitForSelector('.movement-check');
      // The computer's orders are in sight: no Back to change one's own after reading them.
      expect(await page.locator('.movement-check').innerText()).toMatch(/Player 2: \d\d-\d\d/);
      expect(await page.locator('.movement-check button:text-is("Back")').count()).toBe(0);
      // Nor by reloading the page: the round was carried out before the check opened.
      await page.reload();
      await page.waitForSelector('.game-screen[data-family="tactorus"]');
      expect(await page.locator('.tactorus-status .status-line').innerText()).toMatch(/^Round 2 of 50/);
      expect(await page.locator('[data-piece="64"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tactics: "My side at the bottom" puts White’s rank 1 below when you play White, Black’s rank 8 as Black', async () => {
    for (const side of ['0', '1'] as const) {
      const { page, context, errors } = await newPage();
      try {
        const y = async (square: string): Promise<number> =>
          (await page.locator(`[data-square="${square}"]`).boundingBox())?.y ?? Number.NaN;
        await page.goto(server.url);
        await page.click('[data-new="tactics"]');
        await page.waitForSelector('#ng-level option', { state: 'attached' });
        await page.selectOption('#ng-side', side);
        await page.click('.new-game button[type=submit]');
        await page.waitForSelector('.game-screen[data-family="tactics"]');
        await page.waitForSelector('[data-square="a1"]');
        // Read until the board stands still: the computer's first move (it is White when you are Black) redraws it.
        const below = side === '0' ? ['a1', 'a8'] : ['a8', 'a1'];
        await expect
          .poll(async () => (await y(below[0] as string)) - (await y(below[1] as string)), { timeout: 10_000 })
          .toBeGreaterThan(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('tactrix: the Tutor describes your own piece when you pick it up, and its marks replace the opponent’s', async () => {
    const { page, context, errors } = await newPage();
    try {
      await startAgainstComputer(page, 'tactrix');
      await boardTakesMoves(page);
      const mine = await plainMove(page);
      const own = (await legalInputs(page)).filter((i) => i.from === mine.from).map((i) => i.to as string);
      await page.click('button:text-is("Tutor")');
      // An opponent's piece first: its marks.
      const board = await page.evaluate(() =>
        (window.__tacticaBoard?.config.model.squares ?? []).filter((q) => q.piece?.owner === 1).map((q) => q.id),
      );
      const tutorMarks = async (): Promise<number> => page.locator('.tb-tutor').count();
      let theirs = '';
      // Black's front row comes first in the model (rank by rank): the first piece with a move is soon found.
      for (const sq of board) {
        const c = await squareCentre(page, sq);
        await page.mouse.click(c.x, c.y);
        const marks = await page
          .waitForFunction(() => document.querySelectorAll('.tb-tutor').length > 0, undefined, { timeout: 2000 })
          .then(
            () => true,
            () => false,
          );
        if (marks) {
          theirs = sq;
          break;
        }
      }
      expect(await page.locator('.tutor-report').innerText()).toMatch(/^Black/);
      expect(await tutorMarks()).toBeGreaterThan(0);
      expect(theirs).not.toBe('');
      // Then one's own piece: described, and the marks are its moves alone.
      const c = await squareCentre(page, mine.from as string);
      await page.mouse.click(c.x, c.y);
      await page.waitForFunction(() => /White/.test(document.querySelector('.tutor-report')?.textContent ?? ''));
      expect(await page.locator('.tutor-report').innerText()).toMatch(/Legal moves:/);
      const marked = await page.evaluate(() =>
        [...document.querySelectorAll('.tb-tutor')].map((r) => {
          const x = Number(r.getAttribute('x'));
          const y = Number(r.getAttribute('y'));
          return `${x},${y}`;
        }),
      );
      expect(marked.length).toBe(new Set(own).size);
      // And a click on one of its marked squares is the move, not a question to the Tutor.
      const to = await squareCentre(page, mine.to as string);
      await page.mouse.click(to.x, to.y);
      await waitMoves(page, 1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('force400: a refused move puts the man down, and the transfer asks for units sent with half proposed', async () => {
    const { page, context, errors } = await newPage();
    try {
      await page.goto(server.url);
      await page.click('[data-new="force400"]');
      await page.waitForSelector('#ng-level option', { state: 'attached' });
      await page.fill('input[name="position"]', 'w 3 W:A9:10K,D9:30,E9:20 B:J0:10K');
      await page.click('.new-game button[type=submit]');
      await page.waitForSelector('.game-screen[data-family="force400"]');
      await boardTakesMoves(page);
      const click = async (sq: string): Promise<void> => {
        const c = await squareCentre(page, sq);
        await page.mouse.click(c.x, c.y);
      };
      const selected = async (): Promise<string | undefined> => page.evaluate(() => window.__tacticaBoard?.selected);
      // D9 to F5 is no line: refused, and D9 is put down.
      await click('D9');
      expect(await selected()).toBe('D9');
      await click('F5');
      await page.waitForFunction(() => (document.querySelector('.tb-toast')?.textContent ?? '') !== '');
      expect(await selected()).toBeUndefined();
      // T, then E9: E9 is picked up, no transfer from D9 is asked (it was: T D9-E9).
      await page.click('button:text-is("T Transfer")');
      await click('E9');
      expect(await selected()).toBe('E9');
      expect(await page.locator('.tb-choose').count()).toBe(0);
      // E9 to D9: the amount asked as the game words it, half of E9's 20 proposed.
      await click('D9');
      await page.waitForSelector('.tb-choose-amount');
      expect(await page.locator('.tb-choose-title').innerText()).toBe('Transfer force from E9 to D9');
      expect(await page.locator('.tb-choose-amount label').innerText()).toMatch(/^Units sent \(1–20/);
      expect(await page.locator('.tb-choose-amount input').inputValue()).toBe('10');
      await page.click('.tb-choose-ok');
      await waitMoves(page, 1);
      expect(await page.locator('.move-list').innerText()).toMatch(/T E9-D9 10/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
