/**
 * What the page measures of itself while the engine searches: for the e2e test, which checks it as behaviour, and for
 * `npm run bench:web` (bench/web.js, from the build in dist/tsc), which prints it as figures. Each function runs
 * inside the page (`page.addInitScript`, `page.evaluate`), sent there as its source: it uses nothing from outside
 * itself.
 */

/** A search as the page saw it: how long it ran, the long tasks that began during it, and the longest frame gap. */
export interface SearchTiming {
  readonly ms: number;
  readonly longTasks: readonly number[];
  readonly maxFrameGap: number;
}

declare global {
  interface Window {
    /** The page's long tasks (start, duration), noted by `noteLongTasks`. */
    __long?: [number, number][];
  }
}

/** An init script: notes every long task (start, duration) in `window.__long` from the page's load on. */
export function noteLongTasks(): void {
  const long: [number, number][] = [];
  window.__long = long;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** When the first board was drawn (the app's `tactica-first-board` mark), in ms since the load; -1 if never. */
export function firstBoardTime(): number {
  return performance.getEntriesByName('tactica-first-board')[0]?.startTime ?? -1;
}

/** Starts the analysis and waits for its end, counting frames meanwhile (needs `noteLongTasks` at load). */
export async function timeSearch(): Promise<SearchTiming> {
  const long = window.__long;
  if (!long) throw new Error('no long tasks noted: add noteLongTasks as an init script');
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
  const panel = document.querySelector('.analysis') as HTMLElement;
  // The search is under way from the click until the spinner it shows goes away.
  const ended = new Promise<void>((resolve) => {
    let seen = false;
    const watch = new MutationObserver(() => {
      const spinning = panel.querySelector('.spinner') !== null;
      if (spinning) seen = true;
      else if (seen) {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(panel, { childList: true, subtree: true });
  });
  (document.querySelector('button.analyse') as HTMLButtonElement).click();
  await ended;
  running = false;
  // Long tasks are reported after they end: only those that began during the search count.
  const longTasks = long.filter(([t]) => t >= start).map(([, d]) => d);
  return { ms: performance.now() - start, longTasks, maxFrameGap: Math.max(...gaps.slice(1)) };
}

/** Stops the analysis under way and waits until its spinner goes; says whether the page is cross-origin isolated. */
export async function timeStop(): Promise<{ readonly stopMs: number; readonly isolated: boolean }> {
  const panel = document.querySelector('.analysis') as HTMLElement;
  const t0 = performance.now();
  const ended = new Promise<void>((resolve) => {
    const watch = new MutationObserver(() => {
      if (!panel.querySelector('.spinner')) {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(panel, { childList: true, subtree: true });
  });
  ([...panel.querySelectorAll('button')].find((b) => /Stop/.test(b.textContent ?? '')) as HTMLButtonElement).click();
  await ended;
  return { stopMs: performance.now() - t0, isolated: crossOriginIsolated };
}
