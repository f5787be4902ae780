/**
 * What quick pairing matches (issue 39: "anyone, this game, this clock"): a seek's game — its family and catalogue
 * options as the catalogue set them up — its time control and whether it is rated, as one text. Two requests for
 * the same game and clock have the same key whatever order their fields came in; a key is stored with every seek so
 * that a quick-pairing request can join a seek posted from the lobby's form as well as another request.
 */
import type { TimeControlSpec } from '../protocol/index.js';

export interface MatchedGame {
  readonly family: string;
  readonly options: unknown;
  readonly control: TimeControlSpec;
  readonly rated: boolean;
}

export function matchKeyOf(game: MatchedGame): string {
  return canonicalJson([game.family, game.options, game.control, game.rated]);
}

/** JSON with every object's keys in order: equal data, equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
