/**
 * Rebuilding a game played by e-mail from its memos (manual: "You can fully reconstruct a Tactorus game with the
 * initial board and all movement data as saved in Memo Pad memos"): a `++Tactorus` export, then for each round
 * both players' `++TacMoves` memos with their keys, opened, checked and resolved in turn.
 *
 * The memos of a game with a game id (signed memos, orders-file.ts) must carry that id and their player's
 * signature under the export's keys; a game exported before memos were signed replays with the unsigned memos of
 * its time, as a record to check (nothing is sent or accepted into a game by a replay).
 */
import { describeError, err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { parseGameFile, type GameFile } from './game-file.js';
import { splitMemos } from './memo.js';
import { checkMemoSigned, openOrders, parseOrdersMemo, type SealedOrders } from './orders-file.js';
import { appendEvent, playRoundChecked, replayRecord, type TactorusRecord } from './record.js';
import type { RoundReport } from './resolve.js';
import type { Order, TactorusState } from './state.js';

export interface Rebuilt {
  readonly game: GameFile;
  /** The record with every rebuilt round appended. */
  readonly record: TactorusRecord;
  readonly state: TactorusState;
  /** The report of each rebuilt round. */
  readonly reports: readonly RoundReport[];
}

/**
 * Reads a text holding one `++Tactorus` memo and any number of `++TacMoves` memos (in any order), and plays every
 * round for which both players' memos are there. An error names the memo that failed.
 */
export async function rebuildGame(text: string): Promise<Result<Rebuilt, InputError>> {
  const memos = splitMemos(text);
  const games = memos.filter((m) => m.startsWith('++Tactorus'));
  if (games.length !== 1) {
    return err(
      inputError('rebuild/game', `expected one ++Tactorus game memo, found ${games.length}`, {
        input: String(games.length),
      }),
    );
  }
  const game = await parseGameFile(games[0] as string);
  if (!game.ok) return err(inputError(game.error.code, `game memo: ${describeError(game.error)}`));
  const sealed = new Map<string, SealedOrders>();
  let n = 0;
  for (const m of memos) {
    if (!m.startsWith('++TacMoves')) continue;
    n++;
    const parsed = await parseOrdersMemo(m);
    if (!parsed.ok) return err(inputError(parsed.error.code, `order memo ${n}: ${describeError(parsed.error)}`));
    const trust = game.value.email;
    if (trust) {
      const signed = await checkMemoSigned(parsed.value, trust);
      if (!signed.ok) return err(inputError(signed.error.code, `order memo ${n}: ${signed.error.message}`));
    } else if (parsed.value.gameId !== undefined) {
      return err(
        inputError(
          'tacmoves/wrong-game',
          `order memo ${n} is signed for game ${parsed.value.gameId}; this export has no game id`,
        ),
      );
    }
    const key = `${parsed.value.round}/${parsed.value.player}`;
    if (sealed.has(key)) {
      return err(
        inputError(
          'rebuild/duplicate',
          `two order memos for round ${parsed.value.round}, Player ${parsed.value.player + 1}`,
        ),
      );
    }
    sealed.set(key, parsed.value);
  }
  const start = replayRecord(game.value.record);
  if (!start.ok) return start;
  let s = start.value;
  let record = game.value.record;
  const reports: RoundReport[] = [];
  for (;;) {
    const round = s.round + 1;
    const first = sealed.get(`${round}/0`);
    const second = sealed.get(`${round}/1`);
    if (!first && !second) break;
    if (!first || !second) {
      return err(
        inputError('rebuild/missing', `round ${round} has orders of Player ${first ? 1 : 2} only`, {
          input: String(round),
        }),
      );
    }
    const orders: Order[][] = [];
    for (const memo of [first, second]) {
      const opened = await openOrders(memo, undefined, s);
      if (!opened.ok) {
        return err(inputError(opened.error.code, `round ${round}, Player ${memo.player + 1}: ${opened.error.message}`));
      }
      orders.push([...opened.value]);
      sealed.delete(`${round}/${memo.player}`);
    }
    const pair = [orders[0] ?? [], orders[1] ?? []] as const;
    const played = playRoundChecked(s, pair);
    if (!played.ok) return played;
    s = played.value.state;
    record = appendEvent(record, { type: 'round', round, orders: pair });
    reports.push(played.value.report);
  }
  if (sealed.size > 0) {
    const rounds = [...sealed.values()].map((m) => m.round).sort((a, b) => a - b);
    return err(
      inputError('rebuild/unused', `order memos for round ${rounds.join(', ')} do not follow on from the game`),
    );
  }
  return ok({ game: game.value, record, state: s, reports });
}
