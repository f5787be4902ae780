/** How the lobby and the game lists say a challenge's or a game's terms: its game, options, clock and turn. */
import { GAME_LISTINGS, listing, playsInRounds } from '@tactica/catalogue';
import type { CatalogueGame, Challenge, GameSummary, TimeControl } from './api.js';

export function controlText(c: TimeControl): string {
  if (c.kind === 'none') return 'no clock';
  if (c.kind === 'live') return `live, ${c.limit} per ${c.mode}${c.increment ? ` +${c.increment}s` : ''}`;
  return `correspondence, ${c.daysPerMove} days a move`;
}

export function familyName(f: string): string {
  return GAME_LISTINGS.find((g) => g.family === f)?.name ?? f;
}

/**
 * What a challenge's options make of its game, in the catalogue's words: each choice (a draughts rule set) and each
 * option turned on (give-away), so that nobody accepts Russian draughts thinking it international (issue 39).
 */
export function optionsText(c: Challenge, catalogue: readonly CatalogueGame[]): string {
  const specs = catalogue.find((g) => g.family === c.family)?.options ?? [];
  const values = (c.options ?? {}) as Readonly<Record<string, unknown>>;
  const parts: string[] = [];
  for (const spec of specs) {
    const v = values[spec.key] ?? spec.default;
    if (spec.kind === 'choice') parts.push(spec.choices.find((x) => x.id === v)?.label ?? String(v));
    else if (spec.kind === 'flag' && v === true) parts.push(spec.label);
  }
  return parts.join(', ');
}

/** Whose turn it is in a listed game: the names of the seats to act (a listing's `toAct`). */
export function turnText(g: GameSummary, names: readonly string[]): string {
  const toAct = (g['toAct'] as readonly number[] | undefined) ?? [];
  if (toAct.length === 0 || (g['status'] !== undefined && g['status'] !== 'active')) return '';
  const who = toAct.map((p) => names[p] ?? `player ${p + 1}`).join(' and ');
  return playsInRounds(listing(g.family)) ? `${who} to give orders` : `${who} to move`;
}
