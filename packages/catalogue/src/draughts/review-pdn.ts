/**
 * A draughts review written into its PDN (loaded with the review, not with the game: a page that plays draughts
 * never loads it).
 */
import { reviewComment, type GameReview } from '@tactica/ai/review';
import { writePdnGame, type PdnGame } from '@tactica/draughts';

/** The Annotator tag of a reviewed record: who reviewed it, and how deep. */
function reviewAnnotator(review: GameReview): string {
  const how = review.depth !== undefined ? `depth ${review.depth}` : `${review.timeMs ?? 0} ms a position`;
  return `Tactica review (${how})`;
}

/**
 * A PDN game written again with its review: after each move reviewed a comment (its evaluation; for a marked move
 * the mark, the loss and the better line, `reviewComment`) beside the record's own comments, and an Annotator tag
 * (PDN 3.0 §3.3, the "annotator" of the Seven Tag Roster's supplements) naming the review. The review must be of
 * the record's first game, as `importRecord` reads it.
 */
export function annotatePdn(record: PdnGame, review: GameReview): string {
  const comments = [
    ...record.comments,
    ...review.plies.map((p, i) => ({ ply: p.ply + 1, text: reviewComment(review, i) })),
  ];
  const tags = [
    ...record.tags.filter((t) => t.name.toLowerCase() !== 'annotator'),
    { name: 'Annotator', value: reviewAnnotator(review) },
  ];
  return writePdnGame({ ...record, tags, comments });
}
