/**
 * `<game> review board [userid password]` by mail: a finished board's computer review (../reviews/review-service.ts)
 * as text. A review made already is the reply; otherwise the reply says it is queued, and the review is mailed to
 * the sender's address when it is done. Making one takes the engines' time, so it is asked with the userid and
 * password (the work is that user's share); reading one made already needs neither.
 */
import { reviewComment, summaryText, type GameReview } from '@tactica/ai/review';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { Reviews } from '../reviews/review-service.js';
import type { Credentials } from './grammar.js';

export const REVIEW_MAIL_HELP =
  '<game> review board [userid password]           the computer review of a finished board, made once\n' +
  '    (the first time: with your password, and mailed to you when done)';

/** The review as a mail's text: the marked moves with the engine's better line, then a summary per player. */
function reviewText(review: GameReview, names: readonly [string, string]): string {
  const how = review.depth !== undefined ? `depth ${review.depth}` : `${review.timeMs ?? 0} ms a position`;
  const marked = review.plies.flatMap((p, i) =>
    p.mark ? [`  move ${p.ply + 1} (${names[p.player]}) ${p.move}: ${reviewComment(review, i)}`] : [],
  );
  const evals = review.graph.map((v) => (v / 100).toFixed(2)).join(' ');
  return [
    `Computer review: ${review.plies.length} moves, ${how}; scores in ${review.unit.replace(/^centi-/, '')}, ` +
      'for the first player.',
    '',
    marked.length > 0 ? 'Marked moves:' : 'No move marked.',
    ...marked,
    '',
    `${names[0]}: ${summaryText(review, 0)}`,
    `${names[1]}: ${summaryText(review, 1)}`,
    '',
    `Evaluation after each move: ${evals}`,
  ].join('\n');
}

export interface ReviewByMail {
  readonly reviews: Reviews;
  readonly gameId: number;
  readonly gameName: string;
  readonly names: readonly [string, string];
  readonly args: readonly string[];
  /** The sender's address: the review goes there once made (none: ask again later). */
  readonly from: string | undefined;
  readonly login: (c: Credentials) => Promise<User>;
  readonly send: (mail: { to: string[]; subject: string; text: string }) => Promise<void>;
  readonly track: (p: Promise<unknown>) => void;
}

/** Carries out `<game> review board …`; the reply's subject and text. */
export async function reviewByMail(r: ReviewByMail): Promise<{ subject: string; text: string }> {
  const subject = `${r.gameName} Review ${r.gameId}`;
  const stored = await r.reviews.status(r.gameId).catch((e: unknown) => {
    if (e instanceof DomainError && e.code === 'review/not-found') return undefined;
    throw e;
  });
  if (stored?.status === 'done') return { subject, text: reviewText(stored.review, r.names) };
  const [user, password] = r.args;
  if (user === undefined || password === undefined) {
    throw new DomainError(
      'pbm/missing-credentials',
      `board ${r.gameId} has no review yet: ask for one with your userid and password`,
    );
  }
  const asked = await r.reviews.request(r.gameId, await r.login({ user, password }));
  if (asked.status === 'done') return { subject, text: reviewText(asked.review, r.names) };
  const to = r.from;
  if (to !== undefined) {
    // Only the sending is tracked (a closing gateway waits for it), not the review: that may take minutes, here or
    // on the instance that claimed it.
    void r.reviews.whenDone(r.gameId).then(
      (made) => {
        if (made) r.track(r.send({ to: [to], subject, text: reviewText(made.review, r.names) }));
      },
      // Storage gone meanwhile (a closing server): the player asks again.
      () => undefined,
    );
  }
  const later =
    to !== undefined ? 'you will get it by mail' : `ask again ("${r.gameName.toLowerCase()} review ${r.gameId}")`;
  return { subject, text: `The review of board ${r.gameId} is queued; ${later} when it is done.` };
}
