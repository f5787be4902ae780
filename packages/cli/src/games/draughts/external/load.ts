/**
 * Whether a match ran on a quiet machine. A match measures strength only when nothing else competes for the cores:
 * under outside load our engine lost far more depth than its opponents did (issue 42). So the match refuses to start
 * while the 1-minute load average is above a threshold (`--max-load`, default `DEFAULT_MAX_LOAD`; `--force` plays on,
 * every game then flagged), and samples the load while it plays: a game is flagged "loaded" when a sample taken while
 * it was played was above the threshold plus the match's own share (its search threads: one side thinks at a time,
 * each on `threads` threads) **(ours)**. The 1-minute average lags by about a minute, so a flag can reach one game
 * past the load that caused it.
 */
import { loadavg } from 'node:os';

/** The 1-minute load average above which a match does not start (a machine with nothing else running reads 0-1). */
export const DEFAULT_MAX_LOAD = 1;
/** How often the load is sampled while the match plays. */
const LOAD_SAMPLE_MS = 5_000;

/** Reads the 1-minute load average (tests pass their own). */
export type LoadReader = () => number;

export const systemLoad: LoadReader = () => loadavg()[0] ?? 0;

/** The refusal's words, or undefined when the match may start; `force` starts it anyway (and says so). */
export function loadBeforeMatch(
  load: number,
  maxLoad: number,
  force: boolean,
): { readonly refuse?: string; readonly warn?: string } {
  if (load <= maxLoad) return {};
  const what = `the 1-minute load average is ${load.toFixed(2)}, above ${maxLoad}: other work is running`;
  if (force) return { warn: `${what}; --force: playing anyway, and every game will be flagged as loaded` };
  return {
    refuse: `${what}, and a match under load does not measure strength. Wait until the machine is quiet, or raise --max-load, or give --force (the result is then flagged as loaded)`,
  };
}

/** Samples the load while a match plays; each game asks for the highest reading since it began. */
export class LoadWatch {
  private readonly samples: { readonly at: number; readonly load: number }[] = [];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly read: LoadReader,
    everyMs = LOAD_SAMPLE_MS,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  sample(): number {
    const load = this.read();
    this.samples.push({ at: Date.now(), load });
    if (this.samples.length > 100_000) this.samples.shift();
    return load;
  }

  /** The highest load read from `since` (a Date.now()) to now, a reading taken now included. */
  highestSince(since: number): number {
    const now = this.sample();
    return this.samples.reduce((max, s) => (s.at >= since && s.load > max ? s.load : max), now);
  }

  /** The highest load read during the whole match. */
  highest(): number {
    return this.samples.reduce((max, s) => Math.max(max, s.load), 0);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
