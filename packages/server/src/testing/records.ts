/** Game records for tests: long lines of legal moves, made with the catalogue. */
import { createRng } from '@tactica/core';
import { entryOf } from '@tactica/catalogue/all';
import { exportPlay, playersToAct, playTurn, startPlay, turnsPlayed, turnStart } from '@tactica/catalogue';

/**
 * A Tactics record of random legal moves, `plies` long and still in play (lines that end sooner are drawn again).
 * Long enough that a listing restoring games would show in the counter; the counter, not the time, is the proof.
 */
export async function longTacticsRecord(plies: number, seed: string): Promise<string> {
  const setup = entryOf('tactics');
  if (!setup.ok) throw new Error('no tactics');
  const s = setup.value.setup(undefined);
  if (!s.ok) throw new Error('no tactics setup');
  const { game } = s.value;
  for (let attempt = 0; ; attempt++) {
    const rng = createRng(`${seed} ${attempt}`);
    const started = startPlay(s.value, {
      seats: [
        { kind: 'human', name: 'a' },
        { kind: 'human', name: 'b' },
      ],
      seed: 1,
      now: 0,
    });
    if (!started.ok) throw new Error('no session');
    let play = started.value;
    for (let p = playersToAct(play)[0]; turnsPlayed(play) < plies && p !== undefined; p = playersToAct(play)[0]) {
      const move = rng.pick(game.legalMoves(turnStart(play)));
      const played = playTurn(play, p, [move], { expectedVersion: play.session.version, now: 0 });
      if (!played.ok) throw new Error(played.error.message);
      play = played.value;
    }
    if (turnsPlayed(play) < plies || play.session.outcome) continue;
    const text = await exportPlay(play, s.value.records[0]?.id ?? '');
    if (!text.ok) throw new Error(text.error.message);
    return text.value;
  }
}
