/**
 * How an online game ended, in words for people: who won and why (on time, by resignation, no moves left, flag
 * captured…), as lichess and Board Game Arena say it, never the bare "X wins." nor the server's reason code.
 */
import type { Outcome, Player } from '@tactica/core';

/** Wins: the sentence after "<winner> wins"; `{loser}` stands for the losing side's name. */
const WIN_WORDS: Readonly<Record<string, string>> = {
  'time-forfeit': 'on time: {loser} ran out of time',
  resigned: 'by resignation: {loser} resigned',
  'no-moves': 'by blocking: no legal moves were left',
  'king-captured': "by capturing {loser}'s king",
  'flag-captured': "by capturing {loser}'s flag",
  'last-stone': 'by taking the last piece',
  'last-piece-taken': "by taking {loser}'s last piece",
  'no-pieces-left': 'by giving away every piece',
  'all-frozen': "by freezing {loser}'s last mobile piece",
  'round-limit': 'on points at the round limit',
  rounds: 'on points after the last round',
};

/** Draws: the words after "Draw". */
const DRAW_WORDS: Readonly<Record<string, string>> = {
  agreed: 'by agreement',
  threefold: 'by threefold repetition',
  'threefold-repetition': 'by threefold repetition',
  'move-limit': 'by the move limit',
  'no-progress': 'by lack of progress',
  'no-flip-in-100-plies': 'by lack of progress (100 plies without a flip)',
  'round-limit': 'at the round limit',
  'flags-met': 'the flags met',
  'both-flags-captured': 'both flags were captured',
  'no-infantry': 'no infantry was left',
};

/** A reason code the words above do not know, still readable (`some-new-reason` → `some new reason`). */
function plain(reason: string): string {
  return reason.replace(/[-/_]+/g, ' ').trim();
}

/** The result banner's sentence: `Alice wins on time: Bob ran out of time.`, `Draw by agreement.` */
export function resultWords(outcome: Outcome, names: readonly [string, string]): string {
  if (outcome.kind === 'draw') {
    const why = DRAW_WORDS[outcome.reason];
    if (why) return /^(by|at) /.test(why) ? `Draw ${why}.` : `Draw: ${why}.`;
    return outcome.reason ? `Draw (${plain(outcome.reason)}).` : 'Draw.';
  }
  const winner = names[outcome.winner];
  const loser = names[(outcome.winner === 0 ? 1 : 0) as Player];
  const why = WIN_WORDS[outcome.reason];
  if (why) return `${winner} wins ${why.replace('{loser}', loser)}.`;
  return outcome.reason ? `${winner} wins (${plain(outcome.reason)}).` : `${winner} wins.`;
}
