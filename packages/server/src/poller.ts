/**
 * The loop behind the server's background work (the scheduler's due timeouts, the tournament director's rounds): a
 * run every so often on a timer that does not keep the process alive, one run at a time (a run still under way when
 * the timer fires again is not doubled), a failed run left for the next, and a stop that waits for the run under
 * way and for any other work handed to `track`.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private isStopped = false;
  private runsDone = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  /** `run` is one poll; it may throw (the next poll tries again). */
  constructor(private readonly run: () => Promise<void>) {}

  /** Whether `stop` was called: work started from outside the loop checks it too. */
  get stopped(): boolean {
    return this.isStopped;
  }

  /** Polls done so far, failed ones included (for tests and health checks). */
  get runs(): number {
    return this.runsDone;
  }

  /** Polls every `intervalMs`. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the work under way: the poll, and whatever was tracked. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Work a stop waits for; handed back as it is. */
  track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  private async tick(): Promise<void> {
    if (this.running || this.isStopped) return;
    this.running = true;
    try {
      await this.track(this.run());
    } catch {
      // A failed poll is retried at the next one.
    } finally {
      this.running = false;
      this.runsDone++;
    }
  }
}
