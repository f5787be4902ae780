import { describe, expect, it } from 'vitest';
import {
  createSimultaneousSession,
  restoreSimultaneousSession,
  type InputError,
  type Result,
  type SimultaneousSession,
} from '@tactica/core';
import { tactorus, type TactorusMove, type TactorusObservation, type TactorusState } from '@tactica/tactorus';

/* Tactorus in the core simultaneous session, the one authority the terminal loop (play.ts) plays a game in. */
type Tac = SimultaneousSession<TactorusState, TactorusMove, undefined, TactorusObservation>;

function value(r: Result<Tac, InputError>): Tac {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const at = (s: Tac) => ({ expectedVersion: s.version, now: 0 });

function start(): Tac {
  return value(
    createSimultaneousSession(tactorus, { now: 0, seats: [{ kind: 'human' }, { kind: 'computer', level: '3' }] }),
  );
}

function observation(s: Tac, p: 0 | 1): TactorusObservation {
  const v = s.viewFor(p);
  if (!v.ok) throw new Error(v.error.code);
  return v.value.observation;
}

describe('Tactorus rounds in the simultaneous session', () => {
  it("Player 1's orders stay out of Player 2's view until both are done, then the round is carried out", () => {
    let s = start();
    s = value(s.submit(0, ['84-64', '83-63', 'w84', 'done'], at(s)));
    expect(s.pendingComputer(0)).toEqual([{ player: 1, level: '3', budgetMs: undefined }]);
    const view = s.viewFor(1);
    expect(view.ok && view.value.opponentSubmitted).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/83|84-64|"from":8/);
    expect(observation(s, 0).orders).toEqual([{ from: 83, to: 63 }]);
    s = value(s.submit(1, ['15-35', 'done'], at(s)));
    expect(s.round).toBe(2);
    expect(s.roundStart.round).toBe(1);
    expect(s.roundStart.board[63]).toBe('I');
    expect(s.roundStart.board[35]).toBe('i');
  });

  it("a Player 2 order is refused the same whatever Player 1 has scheduled (errors never depend on the other side's orders)", () => {
    let a = start();
    let b = start();
    a = value(a.submit(0, ['84-64', '85-65'], at(a)));
    b = value(b.submit(0, ['83-63'], at(b)));
    for (const text of ['15-35', '15-55', '84-64', 'w15', 'done', '1:done', 'nonsense']) {
      const ra = a.submit(1, text, at(a));
      const rb = b.submit(1, text, at(b));
      expect(ra.ok ? observation(ra.value, 1) : ra.error).toEqual(rb.ok ? observation(rb.value, 1) : rb.error);
    }
  });

  it('a snapshot mid-round with Player 2 done comes back through the Tactorus notation and plays on the same', () => {
    let s = start();
    s = value(s.submit(0, ['84-64', 'done'], at(s)));
    s = value(s.submit(1, ['15-35', 'done'], at(s)));
    s = value(s.submit(1, ['35-55', 'done'], at(s)));
    const json = JSON.parse(JSON.stringify(s)) as { pending: unknown; line: { steps: unknown } };
    expect(json.pending).toEqual([[], ['35-55', 'done']]);
    expect(json.line.steps).toEqual([
      [
        ['84-64', 'done'],
        ['15-35', 'done'],
      ],
    ]);
    const back = value(restoreSimultaneousSession(tactorus, JSON.stringify(s)));
    const next = (t: Tac) => JSON.stringify(value(t.submit(0, ['64-44', 'done'], at(t))));
    expect(next(back)).toBe(next(s));
    const bad = restoreSimultaneousSession(tactorus, { ...json, pending: [[], ['35-99']] });
    expect(bad.ok ? '' : `${bad.error.code} ${bad.error.message}`).toMatch(/^snapshot\/bad-move pending\[1\]\[0\]/);
  });
});
