/*
 * Bad input of every kind into the Tactorus parsers the command line reads (positions, `++Tactorus` exports and
 * saves, `++TacMoves` memos, `++TacKey` key releases, and a whole e-mail game rebuilt from them): truncations,
 * random bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs (a million-character line, a file
 * repeated to 2 MB). Every answer is a value or a coded error that is safe to print (`@tactica/core/fuzz`), each
 * within a few seconds.
 */
import { createRng, type Result } from '@tactica/core';
import { fuzzParser } from '@tactica/core/fuzz';
import { describe, expect, it } from 'vitest';
import { parseGameFile } from './game-file.js';
import { parseKeyRelease, parseOrdersMemo } from './orders-file.js';
import { formatPosition, parsePosition } from './position.js';
import { rebuildGame } from './rebuild.js';
import {
  addPeerKey,
  exportSession,
  importSession,
  newSession,
  playLocal,
  receiveOrders,
  revealKey,
  saveSession,
  sealOrders,
  withNewEmailIdentity,
} from './session.js';
import { randomState } from './test-rounds.js';

function must<T>(r: Result<T, unknown>): T {
  if (!r.ok) throw new Error(`expected ok: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** One round of an e-mail game up to the key releases: the texts each end reads. */
async function mailTexts() {
  const made = must(await withNewEmailIdentity(newSession({ name: 'fuzz', mode: 'e-mail' })));
  const exported = must(await exportSession(made));
  const bob0 = must(await importSession(must(await parseGameFile(exported)))).session;
  const alice0 = must(await addPeerKey(made, must(await parseGameFile(must(await exportSession(bob0)))))).session;
  const a1 = must(await sealOrders(must(playLocal(alice0, { type: 'order', player: 0, from: 84, to: 64 })).session));
  const b1 = must(await sealOrders(must(playLocal(bob0, { type: 'order', player: 1, from: 15, to: 35 })).session));
  const alice = must(await receiveOrders(a1.session, b1.memo)).session;
  const released = must(await revealKey(alice));
  return {
    exports: [must(await exportSession(alice0)), exported],
    save: must(await saveSession(released.session)),
    memos: [a1.memo, b1.memo, alice.sent ?? ''],
    release: released.release,
  };
}

const texts = await mailTexts();

describe('Tactorus parsers refuse bad input with a coded error, never a throw (fuzz)', () => {
  it('positions', async () => {
    const rng = createRng('tactorus fuzz positions');
    const samples = [0, 1, 2].map(() => formatPosition(randomState(rng)));
    const r = await fuzzParser(parsePosition, samples, { seed: 'tactorus positions', count: 300 });
    expect(r.refused).toBeGreaterThan(150);
  });

  it('++Tactorus exports and saves', async () => {
    const r = await fuzzParser(parseGameFile, [...texts.exports, texts.save], { seed: 'tactorus files', count: 250 });
    expect(r.refused).toBeGreaterThan(200);
  });

  it('++TacMoves memos', async () => {
    const r = await fuzzParser(parseOrdersMemo, texts.memos, { seed: 'tacmoves', count: 250 });
    expect(r.refused).toBeGreaterThan(200);
  });

  it('++TacKey key releases', async () => {
    const r = await fuzzParser(parseKeyRelease, [texts.release], { seed: 'tackey', count: 250 });
    expect(r.refused).toBeGreaterThan(200);
  });

  it('a game rebuilt from its export and keyed memos (tactica replay tactorus)', async () => {
    const keyed = texts.memos[2] ?? '';
    const sample = [texts.exports[0], keyed].join('\n');
    const r = await fuzzParser(rebuildGame, [sample], { seed: 'tactorus rebuild', count: 150 });
    expect(r.refused).toBeGreaterThan(100);
  });
});
