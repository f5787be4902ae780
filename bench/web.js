/* global document, requestIdleCallback */
// The browser app's timed figures, measured in a real Chromium (Debian's /usr/bin/chromium, or TACTICA_CHROMIUM)
// against the built app served by a real server on loopback — what the e2e tests check as behaviour only (issue 41:
// a timed assertion failed a clean clone's `npm test` on a loaded machine). Prints one line per figure and a JSON
// line; `npm run bench:web` builds the app first.
//
//   node bench/web.js [--runs 3] [--search 3]
//
// Figures: the first board of a reload (the app's `tactica-first-board` mark), the main thread while the engine
// searches for --search seconds (long tasks over 50 ms, the longest frame gap, task time), and how long the
// search takes to stop when asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '@tactica/server';
// The page-side measures are the e2e test's own (packages/web/src/testing/page-timing.ts, built by `tsc -b`).
import { firstBoardTime, noteLongTasks, timeSearch, timeStop } from '../packages/web/dist/tsc/testing/page-timing.js';
import { checkOptions, flags, numberOption } from './args.js';

checkOptions(process.argv.slice(2), ['--runs', '--search'], [], import.meta.url);
const given = flags();
const read = (name, fallback) => given[name.slice(2)] ?? fallback;
const RUNS = numberOption(read, '--runs', '3', 1);
const SEARCH_S = numberOption(read, '--search', '3', 1);
const APP_DIR = fileURLToPath(new URL('../packages/web/dist/app/', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'tactica-bench-web-'));
const server = await startServer({ port: 0, dataDir, webRoot: APP_DIR, passwordCost: { log2N: 10, r: 8, p: 1 } });
const browser = await chromium.launch({
  executablePath: process.env['TACTICA_CHROMIUM'] ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

/** One run: a draughts game against the computer, reloaded; the first board, then a search and its stop. */
async function run() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.addInitScript(noteLongTasks);
    await page.goto(server.url);
    await page.click('[data-new="draughts"]');
    await page.waitForSelector('#ng-level option', { state: 'attached' });
    await page.selectOption('#ng-level', (await page.locator('#ng-level option').first().getAttribute('value')) ?? '');
    await page.click('.new-game button[type=submit]');
    await page.waitForSelector('.game-screen[data-family="draughts"]');
    await page.reload();
    await page.waitForSelector('.tb');
    const firstBoardMs = await page.evaluate(firstBoardTime);
    await page.waitForSelector('.analysis[data-ready="true"]', { timeout: 60_000 });
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 })));
    await page.selectOption('select[aria-label="analysis time"]', String(SEARCH_S));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskTime = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const tasksBefore = await taskTime();
    const search = await page.evaluate(timeSearch);
    const taskMs = Math.round(((await taskTime()) - tasksBefore) * 1000);
    await page.selectOption('select[aria-label="analysis time"]', '120');
    await page.click('button.analyse');
    await page.waitForFunction(
      () => Number(document.querySelector('.analysis-line')?.getAttribute('data-depth')) >= 6,
      undefined,
      { timeout: 60_000 },
    );
    const { stopMs } = await page.evaluate(timeStop);
    return {
      firstBoardMs: Math.round(firstBoardMs),
      searchMs: Math.round(search.ms),
      longTasksOver50: search.longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.round(Math.max(0, ...search.longTasks)),
      maxFrameGapMs: Math.round(search.maxFrameGap),
      mainThreadTaskMs: taskMs,
      stopMs: Math.round(stopMs),
    };
  } finally {
    await context.close();
  }
}

try {
  const load = loadavg()[0].toFixed(1);
  console.log(`web app in Chromium — ${RUNS} runs, a ${SEARCH_S} s search each, load ${load}`);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  for (const key of Object.keys(runs[0])) {
    const values = runs.map((r) => r[key]);
    console.log(`${key.padEnd(18)} ${values.join(' / ')}  (min ${Math.min(...values)}, max ${Math.max(...values)})`);
  }
  console.log(JSON.stringify({ load: Number(load), runs }));
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
