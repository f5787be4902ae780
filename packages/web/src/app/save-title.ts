/**
 * The title of a new save made without one: the game and its rule set as the game names itself (`Russian draughts`,
 * `English draughts (American checkers) (give-away)`, `Tactrix!`), numbered from 2 when taken (`Russian draughts 2`)
 * **(ours)**: "Untitled", "Untitled 2" said nothing of what was saved.
 */
import { titleKey } from '@tactica/core';

/** The first of `base`, `base 2`, `base 3`, … that no save of the family has (`taken` is asked a title's key). */
export function freeTitle(base: string, taken: (key: string) => boolean): string {
  if (!taken(titleKey(base))) return base;
  for (let n = 2; ; n++) if (!taken(titleKey(`${base} ${n}`))) return `${base} ${n}`;
}
