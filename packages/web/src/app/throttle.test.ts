import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.js';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands on the first value at once and then the newest one per interval, the last one always', () => {
    const got: number[] = [];
    const t = throttle(
      (v: number) => got.push(v),
      250,
      () => Date.now(),
    );
    t.push(1);
    expect(got).toEqual([1]);
    for (let i = 2; i <= 20; i++) {
      vi.advanceTimersByTime(20);
      t.push(i);
    }
    // 380 ms after the first: one value handed on at 250 ms (the newest then), the 20th still waiting.
    expect(got).toEqual([1, 13]);
    vi.advanceTimersByTime(250);
    expect(got).toEqual([1, 13, 20]);
    vi.advanceTimersByTime(1000);
    expect(got).toEqual([1, 13, 20]);
  });

  it('flush hands on the waiting value now; cancel drops it', () => {
    const got: string[] = [];
    const t = throttle(
      (v: string) => got.push(v),
      250,
      () => Date.now(),
    );
    t.push('a');
    t.push('b');
    t.flush();
    expect(got).toEqual(['a', 'b']);
    t.push('c');
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(got).toEqual(['a', 'b']);
    t.flush();
    expect(got).toEqual(['a', 'b']);
  });
});
