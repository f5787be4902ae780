import { createRng } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { newGame, playMove } from './game.js';
import { observe } from './observation.js';
import { exportOrders, openOrders, parseOrdersMemo, SLOTS } from './orders-file.js';
import type { Order, TactorusState } from './state.js';

function schedule(s: TactorusState, p: 0 | 1, orders: readonly Order[]): TactorusState {
  let t = s;
  for (const o of orders) t = playMove(t, { type: 'order', player: p, ...o });
  return t;
}

const P2_ORDERS: readonly Order[] = [
  { from: 15, to: 35 },
  { from: 16, to: 26 },
  { from: 5, to: 25 },
];

async function sealed(orders: readonly Order[] = P2_ORDERS) {
  const s = newGame();
  const withOrders = schedule(s, 1, orders);
  const r = await exportOrders(observe(withOrders, 1), 'mail game');
  if (!r.ok) throw new Error(r.error.message);
  return { start: s, ...r.value };
}

describe('++TacMoves order export', () => {
  it('opens with its key to the same orders, in the order scheduled', async () => {
    const { start, withKey, withoutKey, key } = await sealed();
    const memo = await parseOrdersMemo(withKey);
    expect(memo.ok).toBe(true);
    if (!memo.ok) return;
    expect(memo.value).toMatchObject({ name: 'mail game', round: 1, player: 1, key });
    expect(await openOrders(memo.value, undefined, start)).toEqual({ ok: true, value: P2_ORDERS });
    // The memo sent before the key exchange has an empty key line; the key added later opens it.
    const keyless = await parseOrdersMemo(withoutKey);
    expect(keyless.ok && keyless.value.key).toBeUndefined();
    if (!keyless.ok) return;
    expect(await openOrders(keyless.value, key, start)).toEqual({ ok: true, value: P2_ORDERS });
    const noKey = await openOrders(keyless.value, undefined, start);
    expect(noKey.ok ? 'ok' : noKey.error.code).toBe('tacmoves/no-key');
  });

  it('shows nothing of the orders: padded to 99 slots, the same size for none and for twenty orders', async () => {
    const none = await sealed([]);
    const many = await sealed(
      Array.from({ length: 10 }, (_, c) => ({ from: 10 + c, to: 30 + c })).concat(
        Array.from({ length: 10 }, (_, c) => ({ from: c, to: c === 5 ? 25 : 20 + c })),
      ),
    );
    expect(none.withoutKey.length).toBe(many.withoutKey.length);
    expect(none.withoutKey.split('\n').length).toBe(many.withoutKey.split('\n').length);
    expect(many.withoutKey).toContain(`Slots: ${SLOTS}`);
    expect(many.withoutKey).not.toMatch(/\d\d-\d\d/);
  });

  it('uses a fresh random key and nonce each time: the same orders seal differently', async () => {
    const a = await sealed();
    const b = await sealed();
    expect(a.key).not.toBe(b.key);
    expect(a.withoutKey).not.toBe(b.withoutKey);
  });

  it('a wrong key is refused, however close', async () => {
    const { start, withoutKey, key } = await sealed();
    const other = await sealed();
    const memo = await parseOrdersMemo(withoutKey);
    if (!memo.ok) throw new Error('unreadable');
    const flipped = (key[0] === '0' ? '1' : '0') + key.slice(1);
    for (const k of [other.key, flipped, '0'.repeat(64)]) {
      const r = await openOrders(memo.value, k, start);
      expect(r.ok ? 'ok' : r.error.code).toBe('tacmoves/wrong-key');
    }
    for (const k of ['abc', key.toUpperCase(), `${key}00`]) {
      const r = await openOrders(memo.value, k, start);
      expect(r.ok ? 'ok' : r.error.code).toBe('tacmoves/bad-key');
    }
  });

  it('changing any single byte of the memo (key line included) is detected', async () => {
    const { start, withKey } = await sealed();
    expect((await openOrders(await unwrapMemo(withKey), undefined, start)).ok).toBe(true);
    for (let i = 0; i < withKey.length; i++) {
      const c = withKey.charCodeAt(i);
      for (const replacement of [c ^ 1, c === 0x0a ? 0x20 : 0x0a]) {
        const changed = withKey.slice(0, i) + String.fromCharCode(replacement) + withKey.slice(i + 1);
        const memo = await parseOrdersMemo(changed);
        const opened = memo.ok ? await openOrders(memo.value, undefined, start) : memo;
        expect(opened.ok, `byte ${i} (${JSON.stringify(withKey[i])})`).toBe(false);
      }
    }
  });

  it('checks the memo belongs here: the round, the rules and the position it was made on', async () => {
    const { start, withKey } = await sealed();
    const memo = await unwrapMemo(withKey);
    const cases: [TactorusState, string][] = [
      [{ ...start, round: 3 }, 'tacmoves/wrong-round'],
      [{ ...start, rules: { ...start.rules, highGround: true } }, 'tacmoves/wrong-rules'],
      [{ ...start, board: `${start.board.slice(0, 50)}C${start.board.slice(51)}` }, 'tacmoves/wrong-position'],
      [{ ...start, ended: { kind: 'draw', reason: 'agreed' } }, 'tacmoves/game-over'],
    ];
    for (const [s, code] of cases) {
      const r = await openOrders(memo, undefined, s);
      expect(r.ok ? 'ok' : r.error.code).toBe(code);
    }
  });

  it("every order must start on one of that player's pieces (orders loaded into the wrong game)", async () => {
    // A memo that claims to be Player 2's but holds orders for Player 1's pieces.
    const s = newGame();
    const lying = { ...observe(schedule(s, 0, [{ from: 84, to: 64 }]), 0), viewer: 1 as const };
    const r = await exportOrders(lying, 'x');
    if (!r.ok) throw new Error(r.error.message);
    const opened = await openOrders(await unwrapMemo(r.value.withKey), undefined, s);
    expect(opened.ok ? 'ok' : opened.error.code).toBe('tacmoves/not-your-piece');
  });

  it('every order must pass the scheduling rules', async () => {
    const s = newGame();
    // Two orders into the same square, which scheduling would never allow.
    const lying = {
      ...observe(s, 1),
      orders: [
        { from: 15, to: 35 },
        { from: 16, to: 35 },
      ],
    };
    const r = await exportOrders(lying, 'x');
    if (!r.ok) throw new Error(r.error.message);
    const opened = await openOrders(await unwrapMemo(r.value.withKey), undefined, s);
    expect(opened.ok ? 'ok' : opened.error.code).toBe('tacmoves/illegal-order');
  });

  it('malformed memos give coded errors, never a throw', async () => {
    const { withKey, start } = await sealed();
    const rng = createRng('tacmoves fuzz');
    const samples = ['', '++TacMoves', 'Key:', '++TacMoves\nName: x\nRound: 1', '\u0000\n\n'];
    for (let i = 0; i < 300; i++) samples.push(mutate(rng, withKey));
    for (const sample of samples) {
      const memo = await parseOrdersMemo(sample);
      const r = memo.ok ? await openOrders(memo.value, undefined, start) : memo;
      if (!r.ok) expect(r.error.code).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  });
});

async function unwrapMemo(text: string) {
  const m = await parseOrdersMemo(text);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}
