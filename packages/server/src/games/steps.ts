/**
 * How an instance follows another's changes without reading the game back. A change's event carries a step: what
 * brings a copy of the game from version v − 1 to v — the move played, in the notation the stored snapshot keeps
 * it in, with the time it was played at; or nothing but the new meta when the session did not change (a takeback
 * asked for, a reminder, a vacation's credit); or the player who resigned. The instance that hears it plays the
 * step on its cached copy with the same rules code, so the copy equals what a reload would give. Anything else (a
 * draw, a takeback, a timeout, a Tactorus round) carries no step, and every instance that has the game reads it
 * back, as it does after a missed event or a version gap **(ours)**.
 */
import { carryLineTexts, moveText, prefixOf, stateAt, type Player } from '@tactica/core';
import { sequentialPlay, type RestoredGame, type SequentialPlay } from '@tactica/catalogue';
import type { GameMeta, LiveGame } from './live-game.js';

export interface GameStep {
  /** When the change was made: the clock's time for the move, and the game's `updatedAt`. */
  readonly at: number;
  readonly meta: GameMeta;
  /** The move played, as the snapshot writes it (absent with `resigned`, or when the session did not change). */
  readonly move?: string;
  /** The player who resigned (instead of a move). */
  readonly resigned?: Player;
  /** The session's version after the move or resignation: a check that the copy followed the same line. */
  readonly session?: number;
}

/** The step from `before` to `after` (one version on), or undefined when the change is not one the others replay. */
export function stepOf(before: LiveGame, after: LiveGame): GameStep | undefined {
  if (after.restored.session === before.restored.session) return { at: after.updatedAt, meta: after.meta };
  // Only a game of single moves is followed by steps; the others read a round back.
  const b = sequentialPlay(before.restored);
  const a = sequentialPlay(after.restored);
  if (!a || !b) return undefined;
  if (a.session.version !== b.session.version + 1 || b.session.ending !== undefined) return undefined;
  const ending = a.session.ending;
  if (ending !== undefined) {
    // A resignation on the position the copy holds: the line before it is the copy's line, unchanged.
    const resigned = ending.kind === 'resigned' && ending.before === b.session.history ? ending.player : undefined;
    return resigned === undefined
      ? undefined
      : { at: after.updatedAt, meta: after.meta, resigned, session: a.session.version };
  }
  const hb = b.session.history;
  const ha = a.session.history;
  // One move played on the current position, and nothing else: the history was extended by `pushMove` from the
  // one before (taken-back moves dropped), and the session's version went up by one.
  if (ha.cursor !== hb.cursor + 1 || ha.moves.length !== ha.cursor || prefixOf(ha.moves) !== hb.moves) {
    return undefined;
  }
  const i = hb.cursor;
  // Remembered on the state (the line holds the one before its cursor): the snapshot just written formatted it.
  const move = moveText(a.session.game, stateAt(a.session.game, ha, i), ha.moves[i]);
  return { at: after.updatedAt, meta: after.meta, move, session: a.session.version };
}

function isStep(v: unknown): v is GameStep {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const meta = s['meta'] as Record<string, unknown> | null | undefined;
  const move = s['move'];
  const resigned = s['resigned'];
  return (
    typeof s['at'] === 'number' &&
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta['turnSince'] === 'number' &&
    (move === undefined || typeof move === 'string') &&
    (resigned === undefined || resigned === 0 || resigned === 1) &&
    // A move or a resignation, not both; either comes with the session version it reached.
    (move === undefined || resigned === undefined) &&
    (move === undefined && resigned === undefined ? true : typeof s['session'] === 'number')
  );
}

type SequentialSession = SequentialPlay['session'];

/** The session after the step's move or resignation, as the writer's rules code made it (undefined: no turn). */
function sessionAfter(session: SequentialSession, step: GameStep): ReturnType<SequentialSession['resign']> | undefined {
  const at = { expectedVersion: session.version, now: step.at };
  if (step.resigned !== undefined) return session.resign(step.resigned, at);
  const player = session.toMove;
  return player === undefined || step.move === undefined ? undefined : session.playText(player, step.move, at);
}

/**
 * `game` brought to `version` by `step`, checked all the way: the step must start from `game`'s version, the move
 * must be legal for the player to move and lead to the session version the writer reached. Undefined when any of
 * it does not hold: the caller then reads the game back.
 */
export function applyStep(game: LiveGame, version: number, step: unknown): LiveGame | undefined {
  if (version !== game.version + 1 || !isStep(step)) return undefined;
  let restored: RestoredGame = game.restored;
  if (step.move !== undefined || step.resigned !== undefined) {
    const seq = sequentialPlay(restored);
    if (!seq || game.finished) return undefined;
    const next = sessionAfter(seq.session, step);
    if (!next?.ok || next.value.version !== step.session) return undefined;
    // This instance may write the game's next move: its stored text then extends this line's, not a fresh one.
    carryLineTexts(next.value.game, next.value.history);
    restored = { ...seq, session: next.value };
  }
  const finished = restored.session.outcome !== undefined;
  return { ...game, version, finished, meta: step.meta, restored, updatedAt: step.at };
}
