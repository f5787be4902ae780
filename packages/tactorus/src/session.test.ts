import { createRng, restoreSimultaneousSession, type Player, type SimultaneousSnapshot } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { createTactorus } from './game.js';
import { parseGameFile } from './game-file.js';
import { recordOf } from './line.js';
import { replayRecord, type TactorusRecord } from './record.js';
import { rebuildGame } from './rebuild.js';
import {
  changeSessionMode,
  changeSessionRules,
  customizeSession,
  drawSession,
  exportSession,
  gameSettings,
  localView,
  newSession,
  playComputer,
  playLocal,
  receiveKey,
  receiveOrders,
  resignSession,
  restoreSessionSnapshot,
  revealKey,
  saveSession,
  sealOrders,
  sessionFromFile,
  sessionSnapshot,
  setComputerLevel,
  type TactorusSession,
} from './session.js';
import type { Order, TactorusMove } from './state.js';
import { scheduleRandomly } from './test-rounds.js';

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function play(session: TactorusSession, ...moves: TactorusMove[]): TactorusSession {
  let s = session;
  for (const m of moves) s = must(playLocal(s, m)).session;
  return s;
}

/** Schedules `orders` for the local player, one by one. */
function schedule(session: TactorusSession, orders: readonly Order[]): TactorusSession {
  return play(session, ...orders.map((o): TactorusMove => ({ type: 'order', player: session.seat, ...o })));
}

const record = (s: TactorusSession): TactorusRecord => must(recordOf(s.core));

/** A core snapshot without its version (which counts commands, and a reopened save replays fewer). */
function played(s: TactorusSession): Omit<SimultaneousSnapshot, 'version'> {
  const { version: _version, ...rest } = s.core.toJSON();
  return rest;
}

/** Both ends of an e-mail game: Player 1 creates it and exports it, Player 2 imports the export. */
async function startMailGame(): Promise<[TactorusSession, TactorusSession, string]> {
  const alice = newSession({ name: 'by mail', mode: 'e-mail' });
  const exported = must(await exportSession(alice));
  const bob = must(sessionFromFile(must(await parseGameFile(exported))));
  return [alice, bob, exported];
}

describe('play by e-mail: the protocol at each end', () => {
  it('a game exported for e-mail play continues at the other end as Player 2', async () => {
    const [alice, bob] = await startMailGame();
    expect(alice.seat).toBe(0);
    expect(bob.seat).toBe(1);
    expect(bob.core.roundStart).toEqual(alice.core.roundStart);
    expect(bob.core.seats).toEqual([{ kind: 'human' }, { kind: 'human' }]);
  });

  it('one round: seal, exchange sealed memos, exchange keys, both ends resolve the same round', async () => {
    let [alice, bob] = await startMailGame();
    alice = play(alice, { type: 'order', player: 0, from: 84, to: 64 });
    bob = play(bob, { type: 'order', player: 1, from: 15, to: 35 }, { type: 'order', player: 1, from: 14, to: 34 });

    const a1 = must(await sealOrders(alice));
    const b1 = must(await sealOrders(bob));
    alice = a1.session;
    bob = b1.session;
    // The memos sent carry no key.
    expect(a1.memo).toMatch(/\nKey:\n/);
    expect(b1.memo).toMatch(/\nKey:\n/);

    // No key is given out before the other side's sealed memo has arrived.
    expect((await revealKey(alice)).ok).toBe(false);
    alice = must(await receiveOrders(alice, b1.memo)).session;
    bob = must(await receiveOrders(bob, a1.memo)).session;
    const aliceKey = must(await revealKey(alice));
    const bobKey = must(await revealKey(bob));

    const aliceDone = must(await receiveKey(alice, bobKey));
    const bobDone = must(await receiveKey(bob, aliceKey));
    expect(aliceDone.session.core.roundStart).toEqual(bobDone.session.core.roundStart);
    expect(aliceDone.session.core.round).toBe(2);
    expect(record(aliceDone.session)).toEqual(record(bobDone.session));
    // Each end's core session played the round: its own orders as given, the other side's as opened from the memo.
    expect(aliceDone.session.core.state.line.moves[0]).toEqual({
      kind: 'round',
      moves: [
        [
          { type: 'order', player: 0, from: 84, to: 64 },
          { type: 'done', player: 0 },
        ],
        [
          { type: 'order', player: 1, from: 15, to: 35 },
          { type: 'order', player: 1, from: 14, to: 34 },
          { type: 'done', player: 1 },
        ],
      ],
    });
    expect(aliceDone.report?.orders).toEqual([
      [{ from: 84, to: 64 }],
      [
        { from: 15, to: 35 },
        { from: 14, to: 34 },
      ],
    ]);
    expect(aliceDone.session.sent).toBeUndefined();
    expect(aliceDone.session.received).toBeUndefined();
  });

  it("the other side's orders cannot be opened before one's own are sealed", async () => {
    let [alice, bob] = await startMailGame();
    const b1 = must(await sealOrders(play(bob, { type: 'order', player: 1, from: 15, to: 35 })));
    bob = b1.session;
    // Alice gets Bob's memo with the key still in it (Bob forgot to remove it): it is kept, not opened.
    const withKey = bob.sent as string;
    const r = await receiveOrders(alice, withKey);
    expect(r.ok ? 'ok' : r.error.code).toBe('email/export-first');
    alice = must(await receiveOrders(alice, b1.memo)).session;
    const early = await receiveKey(alice, must(await revealKey({ ...bob, received: b1.memo })));
    expect(early.ok ? 'ok' : early.error.code).toBe('email/export-first');
  });

  it('sealed orders cannot change, and sealing again returns the same memo', async () => {
    const [alice] = await startMailGame();
    const first = must(await sealOrders(play(alice, { type: 'order', player: 0, from: 84, to: 64 })));
    const again = must(await sealOrders(first.session));
    expect(again.memo).toBe(first.memo);
    const change = playLocal(first.session, { type: 'order', player: 0, from: 83, to: 63 });
    expect(change.ok ? 'ok' : change.error.code).toBe('email/sealed');
  });

  it("one's own memo is taken as the manual allows: it replaces the orders scheduled, not the ones sealed", async () => {
    const [alice] = await startMailGame();
    // The memo Alice sealed on another machine (its key in it, as her own copy has it).
    const elsewhere = must(await sealOrders(schedule(alice, [{ from: 84, to: 64 }])));
    const ownMemo = elsewhere.session.sent as string;
    // Here she had scheduled something else: the memo's orders replace it.
    const here = schedule(alice, [{ from: 83, to: 63 }]);
    const replaced = must(await receiveOrders(here, ownMemo));
    expect(replaced.own).toBe('replaced');
    expect(localView(replaced.session).orders).toEqual([{ from: 84, to: 64 }]);
    expect(replaced.session.sent).toBeUndefined();
    // Without its key the memo cannot be opened.
    const keyless = await receiveOrders(here, elsewhere.memo);
    expect(keyless.ok ? 'ok' : keyless.error.code).toBe('tacmoves/no-key');
    expect(keyless.ok ? '' : keyless.error.message).toContain('your own memo');
    // Once sealed, the very memo sealed changes nothing, and another memo of hers is refused.
    const sealedHere = must(await sealOrders(here));
    const same = must(await receiveOrders(sealedHere.session, sealedHere.session.sent as string));
    expect(same.own).toBe('sealed');
    expect(same.session).toBe(sealedHere.session);
    const other = await receiveOrders(sealedHere.session, ownMemo);
    expect(other.ok ? 'ok' : other.error.code).toBe('email/sealed');
  });

  it('a second, different memo of the other player is refused', async () => {
    let [alice, bob] = await startMailGame();
    const a1 = must(await sealOrders(alice));
    alice = a1.session;
    const own = must(await receiveOrders(alice, a1.memo));
    expect(own.own).toBe('sealed');
    const b1 = must(await sealOrders(bob));
    bob = b1.session;
    alice = must(await receiveOrders(alice, b1.memo)).session;
    const other = must(await sealOrders((await startMailGame())[1]));
    const second = await receiveOrders(alice, other.memo);
    expect(second.ok ? 'ok' : second.error.code).toBe('email/different-memo');
  });

  it('in e-mail play only the local seat is scheduled; a hot-seat game schedules both', async () => {
    const [alice] = await startMailGame();
    const r = playLocal(alice, { type: 'order', player: 1, from: 15, to: 35 });
    expect(r.ok ? 'ok' : r.error.code).toBe('email/not-your-seat');
    const hot = newSession({ name: 'hot', mode: 'hot-seat' });
    const done = must(
      playLocal(play(hot, { type: 'order', player: 1, from: 15, to: 35 }, { type: 'done', player: 1 }), {
        type: 'done',
        player: 0,
      }),
    );
    expect(done.report?.round).toBe(1);
    expect(record(done.session).events).toEqual([{ type: 'round', round: 1, orders: [[], [{ from: 15, to: 35 }]] }]);
  });

  it('nobody acts for the other player where the mode does not allow it: by e-mail, or for the computer', async () => {
    const [alice] = await startMailGame();
    expect(resignSession(alice, 1).ok ? 'ok' : 'refused').toBe('refused');
    const offeredForBob = drawSession(alice, 1);
    expect(offeredForBob.ok ? 'ok' : offeredForBob.error.code).toBe('email/not-your-seat');
    const vs = newSession({ name: 'vs', mode: 'computer', level: 2 });
    expect(vs.core.seats).toEqual([{ kind: 'human' }, { kind: 'computer', level: '2' }]);
    for (const r of [playLocal(vs, { type: 'order', player: 1, from: 15, to: 35 }), resignSession(vs, 1)]) {
      expect(r.ok ? 'ok' : r.error.code).toBe('computer/not-your-seat');
    }
    const draw = drawSession(vs);
    expect(draw.ok ? 'ok' : draw.error.code).toBe('computer/declines-draw');
    const hot = newSession({ name: 'hot', mode: 'hot-seat' });
    const noComputer = playComputer(hot, []);
    expect(noComputer.ok ? 'ok' : noComputer.error.code).toBe('computer/not-pending');
  });

  it("the computer's level is a setting of its seat: it changes, also once the game is over", () => {
    let vs = newSession({ name: 'vs', mode: 'computer', level: 2 });
    vs = must(setComputerLevel(vs, 5));
    expect(gameSettings(vs)).toEqual({ name: 'vs', mode: 'computer', level: 5 });
    vs = must(setComputerLevel(must(resignSession(vs, 0)), 6));
    expect(vs.core.seats[1]).toEqual({ kind: 'computer', level: '6' });
    const none = setComputerLevel(newSession({ name: 'hot', mode: 'hot-seat' }), 3);
    expect(none.ok ? 'ok' : none.error.code).toBe('computer/none');
  });

  it("against the computer, the person's orders are played locally and the computer's through playComputer", () => {
    let vs = newSession({ name: 'vs', mode: 'computer', level: 4 }, {}, 1);
    expect(vs.core.seats).toEqual([{ kind: 'computer', level: '4' }, { kind: 'human' }]);
    vs = play(vs, { type: 'order', player: 1, from: 15, to: 35 }, { type: 'done', player: 1 });
    expect(vs.core.pendingComputer(0).map((c) => c.player)).toEqual([0]);
    const r = must(playComputer(vs, [{ from: 84, to: 64 }]));
    expect(r.report?.orders).toEqual([[{ from: 84, to: 64 }], [{ from: 15, to: 35 }]]);
    expect(r.session.core.round).toBe(2);
    const illegal = playComputer(r.session, [{ from: 84, to: 44 }]);
    expect(illegal.ok ? 'ok' : illegal.error.code).toMatch(/^order\//);
  });

  it('a save keeps the sealed and received memos, and the game continues from it', async () => {
    let [alice, bob] = await startMailGame();
    const a1 = must(await sealOrders(play(alice, { type: 'order', player: 0, from: 84, to: 64 })));
    alice = a1.session;
    const b1 = must(await sealOrders(bob));
    bob = b1.session;
    alice = must(await receiveOrders(alice, b1.memo)).session;
    const saved = must(await saveSession(alice));
    const reopened = must(sessionFromFile(must(await parseGameFile(saved))));
    expect(played(reopened)).toEqual(played(alice));
    expect({ ...reopened, core: undefined }).toEqual({ ...alice, core: undefined });
    const finished = must(await receiveKey(reopened, must(await revealKey({ ...bob, received: a1.memo }))));
    expect(finished.session.core.roundStart.round).toBe(1);
  });
});

describe('rebuilding an e-mail game from its memos (manual: the game "may be reconstructed by third parties")', () => {
  it('the initial export plus both players’ keyed order memos give the same game, round by round', async () => {
    const rng = createRng('mail rebuild');
    const game = await startMailGame();
    const initial = game[2];
    let [alice, bob] = game;
    const memos: string[] = [];
    for (let round = 0; round < 12 && !alice.core.outcome; round++) {
      const ends: TactorusSession[] = [alice, bob];
      const sealedMemos: string[] = [];
      for (const p of [0, 1] as Player[]) {
        const end = ends[p] as TactorusSession;
        const scheduled = scheduleRandomly(rng, end.core.roundStart, p);
        const s = must(await sealOrders(schedule(end, scheduled.orders[p])));
        ends[p] = s.session;
        sealedMemos.push(s.memo);
        memos.push(s.session.sent as string);
      }
      [alice, bob] = ends as [TactorusSession, TactorusSession];
      alice = must(await receiveOrders(alice, sealedMemos[1] as string)).session;
      bob = must(await receiveOrders(bob, sealedMemos[0] as string)).session;
      const ak = must(await revealKey(alice));
      const bk = must(await revealKey(bob));
      alice = must(await receiveKey(alice, bk)).session;
      bob = must(await receiveKey(bob, ak)).session;
      expect(alice.core.roundStart).toEqual(bob.core.roundStart);
    }
    const shuffledMemos = [...memos].reverse();
    const rebuilt = must(await rebuildGame([initial, ...shuffledMemos].join('\n')));
    expect(rebuilt.state).toEqual(alice.core.roundStart);
    expect(rebuilt.record).toEqual(record(alice));
    expect(must(replayRecord(rebuilt.record))).toEqual(alice.core.roundStart);

    // What a server would keep of either end is the core snapshot: it restores with the game object alone.
    for (const end of [alice, bob]) {
      const text = JSON.stringify(end.core);
      const back = must(restoreSimultaneousSession(createTactorus(), text));
      expect(JSON.stringify(back)).toBe(text);
      expect(must(recordOf(back))).toEqual(rebuilt.record);
    }

    // A missing memo is named.
    const missing = await rebuildGame([initial, ...memos.slice(1)].join('\n'));
    expect(missing.ok ? 'ok' : missing.error.code).toBe('rebuild/missing');
    // A memo without its key cannot be opened.
    const keyless = memos.map((m, i) => (i === 0 ? m.replace(/\nKey: [0-9a-f]+\n/, '\nKey:\n') : m));
    const noKey = await rebuildGame([initial, ...keyless].join('\n'));
    expect(noKey.ok ? 'ok' : noKey.error.code).toBe('tacmoves/no-key');
  });
});

describe('secrecy across the exchange', () => {
  it("what one end sends (game export, sealed memo) and saves is the same whatever the other end's orders", async () => {
    const [alice] = await startMailGame();
    const sentA = must(await sealOrders(play(alice, { type: 'order', player: 0, from: 84, to: 64 })));
    expect(sentA.memo).not.toMatch(/\d\d-\d\d/);
    const exportA = must(await exportSession(sentA.session));
    expect(exportA).not.toContain('84-64');
    // Hot-seat: Player 2's save and export are the same whatever Player 1 has scheduled.
    const hot = newSession({ name: 'hot', mode: 'hot-seat' });
    const p1a = play(hot, { type: 'order', player: 0, from: 84, to: 64 }, { type: 'done', player: 0 });
    const p1b = play(hot, { type: 'order', player: 0, from: 83, to: 73 }, { type: 'done', player: 0 });
    expect(must(await saveSession({ ...p1a, seat: 1 }))).toBe(must(await saveSession({ ...p1b, seat: 1 })));
    expect(must(await exportSession({ ...p1a, seat: 1 }))).toBe(must(await exportSession({ ...p1b, seat: 1 })));
    expect(localView({ ...p1a, seat: 1 })).toEqual(localView({ ...p1b, seat: 1 }));
  });
});

describe('changing the mode of play mid-game (manual, 3.5.X)', () => {
  it("hot-seat to e-mail keeps only the local player's orders; back again unseals them", async () => {
    let hot = newSession({ name: 'x', mode: 'hot-seat' });
    hot = play(hot, { type: 'order', player: 0, from: 84, to: 64 }, { type: 'done', player: 0 });
    hot = play(hot, { type: 'order', player: 1, from: 15, to: 35 });
    const mail = must(changeSessionMode({ ...hot, seat: 1 }, 'e-mail'));
    expect(mail.settings.mode).toBe('e-mail');
    expect(mail.core.position.orders).toEqual([[], [{ from: 15, to: 35 }]]);
    expect([mail.core.submitted(0), mail.core.submitted(1)]).toEqual([false, false]);
    const sealed = must(await sealOrders(mail)).session;
    expect(sealed.core.submitted(1)).toBe(true);
    const back = must(changeSessionMode(sealed, 'hot-seat'));
    expect(back.sent).toBeUndefined();
    expect([back.core.submitted(0), back.core.submitted(1)]).toEqual([false, false]);
    expect(localView(back).orders).toEqual([{ from: 15, to: 35 }]);
    const vs = must(changeSessionMode(play(back, { type: 'order', player: 0, from: 84, to: 64 }), 'computer', 3));
    expect(gameSettings(vs)).toEqual({ name: 'x', mode: 'computer', level: 3 });
    // The computer plans its own orders: what was scheduled for its seat at this screen is withdrawn.
    expect(vs.core.seats[0]).toEqual({ kind: 'computer', level: '3' });
    expect(vs.core.position.orders).toEqual([[], [{ from: 15, to: 35 }]]);
    expect(gameSettings(must(changeSessionMode(vs, 'computer', 5)))).toMatchObject({ level: 5 });
  });
});

describe('customize, rule changes and resignation go into the record', () => {
  it('each is replayed from a save', async () => {
    let s = newSession({ name: 'x', mode: 'hot-seat' });
    s = play(s, { type: 'order', player: 0, from: 84, to: 64 });
    const board = s.core.roundStart.board;
    s = must(customizeSession(s, `${board.slice(0, 50)}I${board.slice(51)}`));
    expect(s.core.position.orders).toEqual([[], []]);
    s = play(s, { type: 'order', player: 0, from: 84, to: 64 });
    const unchanged = must(changeSessionRules(s, s.core.roundStart.rules));
    expect(unchanged).toBe(s);
    s = must(changeSessionRules(s, { chain: false, supplyLines: true, highGround: false }));
    expect(s.core.position.orders).toEqual([[], []]);
    s = must(resignSession(s, 1));
    const back = must(sessionFromFile(must(await parseGameFile(must(await saveSession(s))))));
    expect(back.core.roundStart).toEqual(s.core.roundStart);
    expect(record(back).events.map((e) => e.type)).toEqual(['customize', 'rules', 'resign']);
    expect(s.core.outcome).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    // The core session is the authority: its snapshot alone gives the same game, the customize and rules included.
    const restored = must(restoreSimultaneousSession(createTactorus(), JSON.stringify(s.core)));
    expect(must(recordOf(restored))).toEqual(record(s));
    expect(must(restoreSimultaneousSession(createTactorus(), JSON.stringify(back.core))).position).toEqual(
      s.core.position,
    );
  });

  it('a draw agreed at one screen, or by mail, ends the game and is kept in saves; the orders of the round go', async () => {
    let hot = newSession({ name: 'x', mode: 'hot-seat' });
    hot = play(hot, { type: 'order', player: 0, from: 84, to: 64 });
    hot = must(drawSession(hot, 0));
    expect(hot.core.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(hot.core.position.orders).toEqual([[], []]);
    const [alice] = await startMailGame();
    const sealedAlice = must(await sealOrders(alice)).session;
    const drawn = must(drawSession(sealedAlice));
    expect(drawn.sent).toBeUndefined();
    const back = must(sessionFromFile(must(await parseGameFile(must(await saveSession(drawn))))));
    expect(back.core.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(record(back).events).toEqual([{ type: 'draw' }]);
    const again = drawSession(back);
    expect(again.ok ? 'ok' : again.error.code).toBe('session/game-over');
  });

  it('customize refuses any change to a flag', () => {
    const s = newSession({ name: 'x', mode: 'hot-seat' });
    const b = s.core.roundStart.board;
    for (const board of [
      `${b.slice(0, 94)}.${b.slice(95)}`, // remove Player 1's flag
      `${b.slice(0, 50)}F${b.slice(51)}`, // add a flag
      `${b.slice(0, 5)}i${b.slice(6)}`, // replace Player 2's flag
    ]) {
      const r = customizeSession(s, board);
      expect(r.ok ? 'ok' : r.error.code).toBe('customize/flag');
    }
    expect(customizeSession(s, `${b.slice(0, 93)}.${b.slice(94)}`).ok).toBe(true);
  });
});

describe('the snapshot a program keeps to resume a game exactly', () => {
  it('holds both players’ orders at one screen, the computer’s level, the e-mail memos and key', async () => {
    const hot = play(
      newSession({ name: 'hot', mode: 'hot-seat' }),
      { type: 'order', player: 0, from: 84, to: 64 },
      { type: 'done', player: 0 },
      { type: 'order', player: 1, from: 15, to: 35 },
    );
    const vs = setComputerLevel(
      schedule(newSession({ name: 'vs', mode: 'computer', level: 2 }), [{ from: 84, to: 64 }]),
      5,
    );
    const [alice] = await startMailGame();
    const mail = must(await sealOrders(schedule(alice, [{ from: 83, to: 63 }]))).session;
    for (const session of [hot, must(vs), mail]) {
      const back = must(restoreSessionSnapshot(JSON.parse(JSON.stringify(sessionSnapshot(session)))));
      expect(back.core.toJSON()).toEqual(session.core.toJSON());
      expect([back.settings, back.seat, back.sent, back.received]).toEqual([
        session.settings,
        session.seat,
        session.sent,
        session.received,
      ]);
    }
  });

  it('refuses a snapshot whose fields are wrong, naming the field', () => {
    const good = sessionSnapshot(newSession({ name: 'x', mode: 'hot-seat' }));
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, format: 'other' }, 'format'],
      [{ ...good, seat: 2 }, 'seat'],
      [{ ...good, settings: { name: 'x', mode: 'telepathy' } }, 'settings.mode'],
      [{ ...good, settings: { name: 'two\nlines', mode: 'hot-seat' } }, 'settings.name'],
      [{ ...good, sent: 'memo' }, 'sent'],
      [{ ...good, core: { ...(good['core'] as object), pending: [['84-99'], []] } }, 'core'],
      [{ ...good, settings: { name: 'x', mode: 'computer' } }, 'core.seats'],
    ];
    for (const [v, field] of cases) {
      const r = restoreSessionSnapshot(v);
      expect(r.ok, field).toBe(false);
      if (!r.ok) expect(r.error.message.startsWith(`${field}: `), `${field}: ${r.error.message}`).toBe(true);
    }
  });
});
