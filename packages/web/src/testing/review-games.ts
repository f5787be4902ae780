/**
 * The Tactorus round the review tests judge (the review worker's input test, the e2e review test): the catalogue's
 * review test's round on a customised board, in which Player 1's orders throw the round away.
 */
import type { AnySimultaneousSetup, StatusBase } from '@tactica/catalogue';
import { unwrap, type SimultaneousSession } from '@tactica/core';
import { loadEntry } from '@tactica/catalogue';

const BOARD =
  '.....f..../........../....a.c..c/.iiiiiiii./cac..cac../........../AIC.AI.I.I/.CICICIIC./.......A../....F.C...';
const ORDERS = [
  '96-98 76-54 61-51 78-56 87-86 65-43 67-49 62-63 69-78 94-96 60-42 73-55',
  '42-64 41-63 32-22 31-21 33-23 40-60 34-14 45-56 35-25 46-66 36-27 47-58 37-39 24-42 26-36 29-18',
] as const;

/** The game after its one round: both sides' orders given, the next round open. */
export async function plantedTactorusRound(): Promise<{
  readonly setup: AnySimultaneousSetup;
  readonly session: SimultaneousSession<unknown, unknown, StatusBase, unknown>;
}> {
  const setup = unwrap((await loadEntry('tactorus')).setup({ board: BOARD }));
  if (setup.dynamics !== 'simultaneous') throw new Error('tactorus is simultaneous');
  let session = unwrap(setup.newSession({ seed: 1, now: 0 }));
  for (const p of [0, 1] as const) {
    session = unwrap(
      session.submit(p, [...ORDERS[p].split(' '), 'done'], { now: 0, expectedVersion: session.version }),
    );
  }
  return { setup, session };
}
