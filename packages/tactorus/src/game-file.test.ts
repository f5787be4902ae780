import { createRng } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { exportGame, importSeat, parseGameFile, publicView, saveGame, type GameFile } from './game-file.js';
import { newGame, playMove, playRound } from './game.js';
import { observe } from './observation.js';
import { appendEvent, startRecord, type TactorusRecord } from './record.js';
import { sessionFromFile } from './session.js';
import type { TactorusState } from './state.js';

/** The whole position a game file continues from: the record played, then the saving player's own orders. */
function positionOfFile(f: GameFile): TactorusState | string {
  const session = sessionFromFile(f);
  return session.ok ? session.value.core.position : session.error.code;
}

/** A short game with every kind of record event. */
function sampleGame(): { state: TactorusState; record: TactorusRecord } {
  let s = newGame();
  let record = startRecord(s);
  const rounds = [
    [[{ from: 84, to: 64 }], [{ from: 15, to: 35 }]],
    [
      [
        { from: 83, to: 63 },
        { from: 64, to: 54 },
      ],
      [],
    ],
  ] as const;
  for (const orders of rounds) {
    record = appendEvent(record, { type: 'round', round: s.round + 1, orders });
    s = playRound(s, orders);
  }
  const board = `${s.board.slice(0, 50)}C${s.board.slice(51)}`;
  record = appendEvent(record, { type: 'customize', board });
  s = { ...s, board };
  const rules = { chain: false, supplyLines: true, highGround: true };
  record = appendEvent(record, { type: 'rules', rules });
  s = { ...s, rules };
  return { state: s, record };
}

describe('++Tactorus game export and import', () => {
  it('round-trips settings, seat, record and position', async () => {
    const { state, record } = sampleGame();
    const text = await exportGame(publicView(observe(state, 0)), record, { name: 'friday game', mode: 'hot-seat' }, 0);
    expect(text.ok).toBe(true);
    if (!text.ok) return;
    expect(text.value.split('\n').slice(0, 4)).toEqual(['++Tactorus', 'Name: friday game', 'Round: 2', 'Player: 1']);
    const back = await parseGameFile(text.value);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.record).toEqual(record);
    expect(back.value.settings).toEqual({ name: 'friday game', mode: 'hot-seat' });
    expect(back.value.view).toEqual({ board: state.board, round: 2, rules: state.rules });
    expect(positionOfFile(back.value)).toEqual(state);
    expect(importSeat(back.value)).toBe(0);
  });

  it('a game made for e-mail play imports as the other player (manual, "Importing a Tactorus game")', async () => {
    const s = newGame();
    for (const p of [0, 1] as const) {
      const text = await exportGame(publicView(observe(s, p)), startRecord(s), { name: 'mail', mode: 'e-mail' }, p);
      const back = text.ok ? await parseGameFile(text.value) : text;
      expect(back.ok && importSeat(back.value)).toBe(p === 0 ? 1 : 0);
    }
  });

  it('names have no length limit and keep their spaces; the computer level is kept', async () => {
    const s = newGame();
    const name = 'A very long name for a game that is far longer than eight characters — ünïcode too';
    const text = await exportGame(publicView(observe(s, 0)), startRecord(s), { name, mode: 'computer', level: 3 }, 0);
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok && back.value.settings).toEqual({ name, mode: 'computer', level: 3 });
  });

  it('a finished game keeps its result', async () => {
    const s0 = newGame();
    const record = appendEvent(startRecord(s0), { type: 'resign', player: 1 });
    const s = { ...s0, ended: { kind: 'win', winner: 0, reason: 'resigned' } as const };
    const text = await exportGame(publicView(observe(s, 0)), record, { name: 'x', mode: 'hot-seat' }, 0);
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok && back.value.view.outcome).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
  });
});

describe('saves', () => {
  it("keep the saving player's own orders and Next, and give them back on opening", async () => {
    let s = newGame();
    s = playMove(s, { type: 'order', player: 1, from: 15, to: 35 });
    s = playMove(s, { type: 'order', player: 1, from: 16, to: 36 });
    s = playMove(s, { type: 'done', player: 1 });
    const text = await saveGame(observe(s, 1), startRecord(s), { name: 'mine', mode: 'e-mail' }, {});
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.private).toEqual({ orders: s.orders[1], done: true });
    expect(importSeat(back.value)).toBe(1);
    expect(positionOfFile(back.value)).toEqual(s);
  });

  it("never contain the other side's pending orders: saves by a player are the same whatever the other scheduled", async () => {
    const base = newGame();
    const a = playMove(playMove(base, { type: 'order', player: 0, from: 84, to: 64 }), { type: 'done', player: 0 });
    const b = playMove(playMove(base, { type: 'order', player: 0, from: 83, to: 73 }), { type: 'done', player: 0 });
    const settings = { name: 'hot', mode: 'hot-seat' } as const;
    const saveA = await saveGame(observe(a, 1), startRecord(base), settings);
    const saveB = await saveGame(observe(b, 1), startRecord(base), settings);
    expect(saveA).toEqual(saveB);
    expect(saveA.ok && saveA.value).not.toContain('84-64');
    const exportA = await exportGame(publicView(observe(a, 0)), startRecord(base), settings, 0);
    expect(exportA.ok && exportA.value).not.toContain('84-64');
  });

  it('carry this round’s memos quoted line by line', async () => {
    const s = newGame();
    const sent = '++TacMoves\nName: x\nKey: abc\n';
    const text = await saveGame(observe(s, 0), startRecord(s), { name: 'm', mode: 'e-mail' }, { sent });
    expect(text.ok && text.value).toContain('Sent: 3\n> ++TacMoves\n> Name: x\n> Key: abc\nReceived: 0\n');
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok && back.value.private?.sent).toBe(sent);
  });
});

describe('the checksum and strict layout detect any change', () => {
  it('changing any single byte of an export or a save is refused', async () => {
    const { state, record } = sampleGame();
    const exported = await exportGame(publicView(observe(state, 0)), record, { name: 'g', mode: 'e-mail' }, 0);
    const saved = await saveGame(observe(playMove(state, { type: 'order', player: 0, from: 63, to: 43 }), 0), record, {
      name: 'g',
      mode: 'e-mail',
    });
    for (const r of [exported, saved]) {
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const text = r.value;
      expect((await parseGameFile(text)).ok).toBe(true);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        for (const replacement of [c ^ 1, c === 0x0a ? 0x20 : 0x0a]) {
          const changed = text.slice(0, i) + String.fromCharCode(replacement) + text.slice(i + 1);
          const back = await parseGameFile(changed);
          expect(back.ok, `byte ${i} (${JSON.stringify(text[i])}) → ${replacement}`).toBe(false);
        }
      }
    }
  });

  it('a history that does not lead to the stated board is refused even with a correct checksum', async () => {
    const { state, record } = sampleGame();
    const lying = { ...publicView(observe(state, 0)), board: state.board.replace('C', '.') };
    const text = await exportGame(lying, record, { name: 'g', mode: 'hot-seat' }, 0);
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok ? 'ok' : back.error.code).toBe('tactorus/inconsistent');
  });

  it('an illegal round in the history is refused, naming the event', async () => {
    const s = newGame();
    const record = appendEvent(startRecord(s), {
      type: 'round',
      round: 1,
      orders: [[{ from: 84, to: 94 }], []],
    });
    const text = await exportGame(publicView(observe(s, 0)), record, { name: 'g', mode: 'hot-seat' }, 0);
    const back = text.ok ? await parseGameFile(text.value) : text;
    expect(back.ok ? 'ok' : back.error.code).toBe('round/illegal-order');
  });

  it('malformed text of any kind gives a coded error, never a throw', async () => {
    const { state, record } = sampleGame();
    const text = await exportGame(publicView(observe(state, 0)), record, { name: 'g', mode: 'e-mail' }, 0);
    const rng = createRng('game file fuzz');
    const samples = ['', '++Tactorus', '++Tactorus\nName: x', 'garbage\n\n', '\u0000'];
    for (let i = 0; i < 300; i++) samples.push(mutate(rng, text.ok ? text.value : ''));
    for (const sample of samples) {
      const r = await parseGameFile(sample);
      if (!r.ok) expect(r.error.code).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  });
});
