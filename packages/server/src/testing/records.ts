/** Game records for tests: long lines of legal moves, made with the catalogue. */
import { createRng } from '@tactica/core';
import { entryOf } from '@tactica/catalogue/all';

/**
 * A Tactics record of random legal moves, `plies` long and still in play (lines that end sooner are drawn again).
 * Long enough that a listing restoring games would show in the counter; the counter, not the time, is the proof.
 */
export async function longTacticsRecord(plies: number, seed: string): Promise<string> {
  const setup = entryOf('tactics');
  if (!setup.ok) throw new Error('no tactics');
  const s = setup.value.setup(undefined);
  if (!s.ok || s.value.dynamics !== 'sequential') throw new Error('no tactics setup');
  const { game } = s.value;
  for (let attempt = 0; ; attempt++) {
    const rng = createRng(`${seed} ${attempt}`);
    const session = s.value.newSession({
      seats: [
        { kind: 'human', name: 'a' },
        { kind: 'human', name: 'b' },
      ],
      seed: 1,
      now: 0,
    });
    if (!session.ok) throw new Error('no session');
    let sv = session.value;
    while (sv.history.cursor < plies && sv.toMove !== undefined) {
      const played = sv.play(sv.toMove, rng.pick(game.legalMoves(sv.position)), {
        expectedVersion: sv.version,
        now: 0,
      });
      if (!played.ok) throw new Error(played.error.message);
      sv = played.value;
    }
    if (sv.history.cursor < plies || sv.outcome) continue;
    const text = await s.value.exportRecord(s.value.records[0]?.id ?? '', sv.history);
    if (!text.ok) throw new Error(text.error.message);
    return text.value;
  }
}
