/**
 * Hands on the latest of a stream of values at most once per interval: the first at once, then the newest one when
 * the interval has passed, so the last value always arrives and nothing in between is drawn for nothing. The
 * engine's iterations and thoughts reach the screen through one, whatever rate the worker reports them at.
 */
export interface Throttle<T> {
  /** A new value: handed on now, or when the interval since the last one has passed. */
  push(value: T): void;
  /** Hands on the value waiting, if any, now. */
  flush(): void;
  /** Drops the value waiting, if any. */
  cancel(): void;
}

export function throttle<T>(
  deliver: (value: T) => void,
  intervalMs: number,
  clock: () => number = () => performance.now(),
): Throttle<T> {
  let last = -Infinity;
  let waiting: { readonly value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (): void => {
    timer = undefined;
    const w = waiting;
    waiting = undefined;
    if (!w) return;
    last = clock();
    deliver(w.value);
  };
  return {
    push(value) {
      waiting = { value };
      if (timer !== undefined) return;
      const wait = last + intervalMs - clock();
      if (wait <= 0) send();
      else timer = setTimeout(send, wait);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      send();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
    },
  };
}
