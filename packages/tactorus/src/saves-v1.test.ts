/*
 * Files written before the core session became the authority of a game (testdata/saves-v1, made by the code of
 * commit 14d7e63, whose TactorusSession kept its own state and record): they open, play on, and are written again
 * byte for byte, so every save and export in users' hands still works.
 */
import { readFileSync } from 'node:fs';
import { restoreSimultaneousSession } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { tactorus } from './game.js';
import { parseGameFile } from './game-file.js';
import { recordOf } from './line.js';
import { formatBoard } from './position.js';
import { rebuildGame } from './rebuild.js';
import {
  exportSession,
  gameSettings,
  importSession,
  localView,
  receiveKey,
  saveSession,
  sealOrders,
  sessionFromFile,
  withNewEmailIdentity,
  type TactorusSession,
} from './session.js';

const read = (name: string): string => readFileSync(new URL(`./testdata/saves-v1/${name}`, import.meta.url), 'utf8');

function must<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function open(name: string): Promise<TactorusSession> {
  return must(sessionFromFile(must(await parseGameFile(read(name)))));
}

describe('saves and exports written before the core session was the authority', () => {
  it('a hot-seat save with rounds, a customize, a rule change and Player 2’s orders opens and is written the same', async () => {
    const text = read('save-hot-seat.txt');
    const s = await open('save-hot-seat.txt');
    expect(s.seat).toBe(1);
    expect(s.settings).toEqual({ name: 'hot seat game', mode: 'hot-seat' });
    const view = localView(s);
    expect(view).toMatchObject({
      round: 3,
      orders: [
        { from: 16, to: 36 },
        { from: 17, to: 37 },
      ],
      done: false,
    });
    expect(view.rules).toEqual({ chain: true, supplyLines: true, highGround: false });
    expect(`Board: ${formatBoard(view.board)}`).toBe(text.split('\n')[7]);
    expect(must(recordOf(s.core)).events.map((e) => e.type)).toEqual(['round', 'round', 'customize', 'rules', 'round']);
    // Player 1's orders were never in the save: Player 1 schedules again.
    expect(localView(s, 0).orders).toEqual([]);
    expect(must(await saveSession(s))).toBe(text);
    expect(must(restoreSimultaneousSession(tactorus, JSON.stringify(s.core))).position).toEqual(s.core.position);
  });

  it('a game against the computer that was resigned opens with its level and result, and is written the same', async () => {
    const s = await open('save-computer-resigned.txt');
    expect(gameSettings(s)).toEqual({ name: 'against the computer', mode: 'computer', level: 4 });
    expect(s.core.seats).toEqual([{ kind: 'human' }, { kind: 'computer', level: '4' }]);
    expect(s.core.outcome).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(must(await saveSession(s))).toBe(read('save-computer-resigned.txt'));
  });

  it('an agreed draw opens as a drawn game, and is written the same', async () => {
    const s = await open('save-drawn.txt');
    expect(s.core.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(must(await saveSession(s))).toBe(read('save-drawn.txt'));
  });

  it('an e-mail game opens and is written the same, but its unsigned memos are refused until it is exported anew', async () => {
    const imported = await open('export-email.txt');
    expect(imported.seat).toBe(1);
    expect(imported.email).toBeUndefined();
    expect(must(await exportSession({ ...imported, seat: 0 }))).toBe(read('export-email.txt'));
    const alice = await open('save-email-alice.txt');
    const bob = await open('save-email-bob.txt');
    expect([alice.seat, bob.seat]).toEqual([0, 1]);
    expect(alice.sent).toBeDefined();
    expect(alice.received).toBeDefined();
    expect(alice.core.submitted(0)).toBe(true);
    expect(must(await saveSession(alice))).toBe(read('save-email-alice.txt'));
    expect(must(await saveSession(bob))).toBe(read('save-email-bob.txt'));
    // (ours) The old memos are bound to no game and no sender: the round is not played from them.
    const refused = await receiveKey(alice, read('key-bob.txt').trim());
    expect(refused.ok ? 'ok' : refused.error.code).toBe('email/unsigned-game');
    // As a record, the export and both keyed memos still replay to the round they made.
    const rebuilt = must(await rebuildGame([read('export-email.txt'), alice.sent, bob.sent].join('\n')));
    expect(rebuilt.reports[0]?.orders).toEqual([
      [
        { from: 84, to: 64 },
        { from: 85, to: 65 },
      ],
      [{ from: 15, to: 35 }],
    ]);
    // Exported anew, the game gets an id and Alice's key; Bob imports it and the game goes on signed.
    const upgraded = must(await withNewEmailIdentity(alice));
    expect(upgraded.sent).toBeUndefined();
    // Alice's orders stay as given; sealed again, they go out signed.
    expect(must(await sealOrders(upgraded)).memo).toMatch(/\nGame: [0-9a-f]{32}\n[^]*\nSignature: /);
    const bobAgain = must(await importSession(must(await parseGameFile(must(await exportSession(upgraded)))))).session;
    expect(bobAgain.email?.gameId).toBe(upgraded.email?.gameId);
    expect(bobAgain.core.roundStart).toEqual(alice.core.roundStart);
  });
});
