/**
 * Replaying a record through the rules: every ply must be legal in turn, a resignation must come on the resigner's
 * turn, and a result line must agree with how play ended.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { SIDE_NAMES } from './board.js';
import { createForce400, type Force400Game } from './game.js';
import { parseRecord, type ParsedRecord } from './record.js';
import type { Force400State } from './state.js';
import type { Force400Code } from './codes.js';

export interface Replay {
  readonly parsed: ParsedRecord;
  readonly game: Force400Game;
  /** The starting position, then the position after each action. */
  readonly states: readonly Force400State[];
  /** The last position, with a resignation applied. */
  readonly final: Force400State;
}

/** Parses and replays record text. */
export function replayRecordText(text: string): Result<Replay, InputError<Force400Code>> {
  const parsed = parseRecord(text);
  return parsed.ok ? replayRecord(parsed.value) : parsed;
}

export function replayRecord(parsed: ParsedRecord): Result<Replay, InputError<Force400Code>> {
  const { record } = parsed;
  const made = createForce400({ handicap: record.handicap });
  if (!made.ok) {
    const line = parsed.handicapLines[0] ?? parsed.handicapLines[1] ?? undefined;
    return err(inputError('record/bad-handicap', made.error.message, { line, input: made.error.input }));
  }
  const game = made.value;
  let s = game.initial();
  const states: Force400State[] = [s];
  for (let i = 0; i < record.actions.length; i++) {
    const a = record.actions[i];
    const place = parsed.plies[i];
    if (!a || !place) break;
    const label = `move ${Math.floor(i / 2) + 1}, ${SIDE_NAMES[i % 2 === 0 ? 0 : 1]}, ${place.text}`;
    const where = { line: place.line, column: place.column, input: place.text };
    if (s.ended) {
      return err(inputError('record/after-end', `${label}: the game was already over.`, where));
    }
    const why = game.refusal(s, a);
    if (why) {
      return err(inputError('record/illegal-ply', `${label}: ${why.message} (${why.code})`, where));
    }
    s = game.play(s, a);
    states.push(s);
  }
  if (record.resigned !== null) {
    const where = { line: parsed.resignedLine ?? undefined };
    if (s.ended)
      return err(inputError('record/bad-resignation', 'The game was already over before the resignation.', where));
    if (record.resigned !== s.toMove) {
      return err(
        inputError(
          'record/bad-resignation',
          `${SIDE_NAMES[record.resigned]} resigns on ${SIDE_NAMES[s.toMove]}'s turn: a player may resign only on his own turn.`,
          where,
        ),
      );
    }
    s = game.resign(s, record.resigned);
  }
  if (record.result === 'draw' && !s.ended) s = game.agreeDraw(s);
  if (record.stopped && s.ended) {
    return err(
      inputError('record/bad-stop', 'A finished game cannot be stopped.', { line: parsed.resultLine ?? undefined }),
    );
  }
  if (record.result !== null) {
    const where = { line: parsed.resultLine ?? undefined };
    const said = record.result === 'draw' ? 'a draw' : `${record.result === 'white' ? 'White' : 'Black'} wins`;
    const e = s.ended;
    const actual = !e ? null : e.kind === 'draw' ? 'draw' : e.winner === 0 ? 'white' : 'black';
    if (actual !== record.result) {
      const happened =
        actual === null
          ? 'the game is not over'
          : actual === 'draw'
            ? 'it is a draw'
            : `${actual === 'white' ? 'White' : 'Black'} wins`;
      return err(inputError('record/wrong-result', `The record says ${said}, but after its moves ${happened}.`, where));
    }
  }
  return ok({ parsed, game, states, final: s });
}
