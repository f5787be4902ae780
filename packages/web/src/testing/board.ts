/**
 * The board as an end-to-end test sees it, whether it clicks (the desktop tests) or taps (the phone's): the legal
 * inputs the page's board offers (through its test hook `window.__tacticaBoard`), when it takes moves, where a
 * square's middle lies, and the inputs a move can be made from without a "which one?" question.
 */
import type { Page } from 'playwright-core';
// The page's test hook (`window.__tacticaBoard`), typed where the page sets it: this import brings its declaration.
import type {} from '../app/test-hook.js';

/** One legal input as the board's config lists it. */
export interface BoardInput {
  readonly action: string;
  readonly from?: string;
  readonly to?: string;
  readonly choice?: string;
  readonly label: string;
}

export async function legalInputs(page: Page): Promise<BoardInput[]> {
  return page.evaluate(() => {
    const board = window.__tacticaBoard;
    if (!board) throw new Error('no board on the page');
    return [...board.config.legal];
  });
}

export interface BoardWait {
  /** How long to wait, in ms (default 30 s). */
  readonly timeout?: number;
  /** Wait too until the board stands still (it marks itself `tb-animating` while a move animates). */
  readonly still?: boolean;
}

/** Waits until the board takes moves: it is interactive and has legal inputs with squares. */
export async function boardTakesMoves(page: Page, wait: BoardWait = {}): Promise<void> {
  await page.waitForFunction(
    () => {
      const b = window.__tacticaBoard;
      return !!b && b.config.interactive !== false && b.config.legal.some((i) => i.from !== undefined);
    },
    undefined,
    { timeout: wait.timeout ?? 30_000 },
  );
  if (wait.still) await page.waitForSelector('.tb:not(.tb-animating)');
}

/**
 * The middle of a square in the window, scrolled into it first (a pointer acts in the window only). A new position
 * from the server draws the squares anew: a square found just before that is gone (no box, or no longer in the
 * page), and is looked for again.
 */
export async function squareCentre(page: Page, square: string): Promise<{ x: number; y: number }> {
  const at = page.locator(`[data-square="${square}"]`);
  for (let attempt = 1; ; attempt++) {
    const box = await at
      .scrollIntoViewIfNeeded()
      .then(() => at.boundingBox())
      .catch((e: unknown) => {
        if (e instanceof Error && /not attached/.test(e.message)) return null;
        throw e;
      });
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (attempt === 5) throw new Error(`no square ${square} on the board`);
  }
}

/** Once the board takes moves, its inputs with both squares that no other input shares (no "which one?" question). */
export async function plainInputs(page: Page, wait: BoardWait = {}): Promise<BoardInput[]> {
  await boardTakesMoves(page, wait);
  const all = await legalInputs(page);
  return all.filter(
    (i) =>
      i.from !== undefined && i.to !== undefined && all.filter((j) => j.from === i.from && j.to === i.to).length === 1,
  );
}

/** The moves in the move list, taken-back ones aside. */
export async function moveCount(page: Page): Promise<number> {
  return page.locator('.move-list li:not(.undone)').count();
}
