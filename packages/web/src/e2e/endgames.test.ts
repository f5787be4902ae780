/**
 * The draughts endgame databases in the browser, in a real Chromium (Debian's, driven by playwright-core) against a
 * real `tactica serve` on loopback whose `--egdb` folder holds English to 3 pieces (built here, in a second): the
 * page's engine worker fetches the slices of the position on its board from `/egdb/` and its analysis says what
 * they prove, a win or a draw, which the evaluation alone cannot; its review worker fetches them for a review.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrder, EgdbBuilder } from '@tactica/ai/draughts-egdb';
import { writeSliceFile } from '@tactica/ai/node-egdb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOnlineApp } from '../testing/app-server.js';

const dir = mkdtempSync(join(tmpdir(), 'tactica-web-egdb-'));
// The slices are built below before any page asks the server for its index (which it then keeps for 30 s).
const online = useOnlineApp('endgames', { egdb: dir });

beforeAll(() => {
  const builder = new EgdbBuilder('english');
  for (const m of buildOrder(3, builder.set.half)) writeSliceFile(dir, builder.solve(m));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a page asked of /egdb/ (its engine workers' requests) and the errors it threw, beside `run`'s answer. */
interface Watched<T> {
  readonly result: T;
  /** The paths under /egdb/ the page asked for. */
  readonly fetched: readonly string[];
  readonly errors: readonly string[];
}

/** Opens the PDN record `pdn` on the local board of a fresh page, then `run`s on that page, watching /egdb/. */
async function onRecord<T>(pdn: string, run: (page: Page) => Promise<T>): Promise<Watched<T>> {
  const context = await online.chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fetched: string[] = [];
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/egdb/')) fetched.push(path);
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(online.app.url);
    await page.setInputFiles('input[type=file]', {
      name: 'ending.pdn',
      mimeType: 'text/plain',
      buffer: Buffer.from(pdn),
    });
    await page.waitForSelector('.game-screen[data-family="draughts"]');
    return { result: await run(page), fetched, errors };
  } finally {
    await context.close();
  }
}

/** The analysis line's `data-proven` (what the databases prove for the side to move, if they said anything). */
interface Analysis {
  readonly proven: string | null;
  readonly text: string;
}

/** Analyses an English position set up at `fen` for 3 seconds. */
async function analyse(fen: string): Promise<Watched<Analysis>> {
  return onRecord(`[GameType "21"]\n[SetUp "1"]\n[FEN "${fen}"]\n*\n`, async (page) => {
    await page.waitForSelector('.analysis[data-ready="true"]', { timeout: 30_000 });
    await page.selectOption('select[aria-label="analysis time"]', '3');
    await page.click('button.analyse');
    await page.waitForSelector('.analysis .spinner');
    await page.waitForSelector('.analysis .spinner', { state: 'detached', timeout: 30_000 });
    const line = page.locator('.analysis-line');
    const marks = line.locator('.proven');
    const proven = (await marks.count()) > 0 ? await marks.getAttribute('data-proven') : null;
    return { proven, text: await line.innerText() };
  });
}

describe('the endgame databases in the browser', () => {
  it("the page's engine fetches the slices from the server and its analysis says what they prove", async () => {
    // Two kings against one, White to move: won (the search alone shuffles, or sees a long line at best).
    const won = await analyse('W:WK1,K2:BK32');
    expect(won.result.proven, won.result.text).toBe('1');
    expect(won.result.text).toMatch(/the endgame databases say: won/);
    expect(won.fetched).toContain('/egdb/index.json');
    expect(won.fetched).toContain('/egdb/english-0201.egdb');
    expect(won.errors).toEqual([]);
    // King against king, Black to move: drawn.
    const drawn = await analyse('B:WK1:BK32');
    expect(drawn.result.proven, drawn.result.text).toBe('0');
    expect(drawn.result.text).toMatch(/the endgame databases say: drawn/);
    expect(drawn.errors).toEqual([]);
  }, 120_000);

  it("the page's review engine fetches them too, for the positions of the game reviewed", async () => {
    // A record opened from a file is reviewed on request: two kings against one, three moves played.
    const pdn = '[GameType "21"]\n[SetUp "1"]\n[FEN "W:WK1,K2:BK32"]\n\n1. 1-6 32-27 2. 6-10 *\n';
    const reviewed = await onRecord(pdn, async (page) => {
      await page.click('.review button.start-review');
      await page.waitForSelector('.review-result', { timeout: 60_000 });
    });
    expect(reviewed.fetched).toContain('/egdb/english-0201.egdb');
    expect(reviewed.errors).toEqual([]);
  }, 120_000);
});
