/**
 * How PDN names a rule set, and how it writes results.
 *
 * GameType numbers are those of the PDN 3.0 standard (pdn.fmjd.org/gametype.html, the same text as
 * wiegerw.github.io/pdn/gametype.html): International 20, English 21, American pool 23, Spanish 24, Russian 25,
 * Brazilian 26, Thai 31. The standard's full value for a type describes its start colour, board and square
 * numbering; a bare number stands for that full value. We write the bare number where our numbering is the
 * standard's, and the full value where it is not: Brazilian is written with numeric squares (the standard's
 * default is algebraic, A0), and our Thai starts with White as the manual's table says (the standard's value says
 * B) (ours). Reading uses only the number.
 *
 * Results: the standard has two result types, International (`2-0`, `0-2`, `1-1`, `0-0`, `*`; GameType 20) and
 * Default (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `*`; all the others). We write the type of the GameType and read both
 * everywhere. The first number is the score of the colour that starts in the rule set: White everywhere except
 * English and Pool, where Black starts, so `1-0` is a Black win there (ours, following the checkers archives:
 * the Open Checkers Archive's "Manchester 1841" ends with White's winning triple capture and `0-1`, and the ACF
 * transcript notes say "1-0 means Red (side to move first) won").
 *
 * Give-away has no GameType of its own in the standard (lidraughts uses a private number, 98, for its
 * International "Antidraughts"). We write the rule set's GameType plus `[Variant "Give-away"]`, and read a
 * Variant tag naming give-away, antidraughts, losing or suicide draughts, and GameType 98, as give-away (ours).
 */
import { RULE_SETS, VARIANT_IDS, type VariantId } from '../rules.js';

/** The GameType value we write for each rule set. */
export const PDN_GAME_TYPES: Readonly<Record<VariantId, string>> = {
  international: '20',
  english: '21',
  pool: '23',
  spanish: '24',
  russian: '25',
  brazilian: '26,W,8,8,N2,0',
  thai: '31,W,8,8,N2,0',
};

/** lidraughts' Antidraughts: International give-away. */
export const LIDRAUGHTS_ANTIDRAUGHTS = 98;

/** The rule set (and give-away) a GameType number names, if it is one of ours. */
export function variantOfGameType(type: number): { variant: VariantId; giveaway: boolean } | undefined {
  if (type === LIDRAUGHTS_ANTIDRAUGHTS) return { variant: 'international', giveaway: true };
  const variant = VARIANT_IDS.find((v) => RULE_SETS[v].pdnGameType === type);
  return variant ? { variant, giveaway: false } : undefined;
}

/** Names of draughts games the standard knows that we do not play, for error messages. */
export const OTHER_GAME_TYPES: Readonly<Record<number, string>> = {
  0: 'chess',
  1: 'Chinese chess',
  22: 'Italian draughts',
  27: 'Canadian draughts',
  28: 'Portuguese draughts',
  29: 'Czech draughts',
  30: 'Turkish draughts',
  40: 'Frisian draughts',
  41: 'Spantsiretti draughts',
  50: 'Othello',
};

/** A Variant tag value that means give-away. */
export function isGiveawayName(value: string): boolean {
  return /give[\s-]*away|anti[\s-]*draughts|anti[\s-]*checkers|losing|loser|suicide/i.test(value);
}

export const GIVEAWAY_VARIANT_TAG = 'Give-away';

/** How a game ended, by colour. `both-lose` is the standard's `0-0`; `unfinished` its `*`. */
export const PDN_RESULTS = ['white-wins', 'black-wins', 'draw', 'both-lose', 'unfinished'] as const;
export type PdnResult = (typeof PDN_RESULTS)[number];

/** The result as the rule set writes it (see the module comment). */
export function formatResult(result: PdnResult, variant: VariantId): string {
  const international = PDN_GAME_TYPES[variant] === '20';
  const whiteFirst = RULE_SETS[variant].firstToMove === 'white';
  const win = international ? '2-0' : '1-0';
  const loss = international ? '0-2' : '0-1';
  switch (result) {
    case 'white-wins':
      return whiteFirst ? win : loss;
    case 'black-wins':
      return whiteFirst ? loss : win;
    case 'draw':
      return international ? '1-1' : '1/2-1/2';
    case 'both-lose':
      return '0-0';
    case 'unfinished':
      return '*';
  }
}

/**
 * Reads a result token in either convention (`2-0` or `1-0`, `1-1` or `1/2-1/2`), or undefined when the text is
 * not a result.
 */
export function parseResult(text: string, variant: VariantId): PdnResult | undefined {
  const t = text.trim().replace(/\s+/g, '').replace(/½/g, '1/2');
  const whiteFirst = RULE_SETS[variant].firstToMove === 'white';
  switch (t) {
    case '1-0':
    case '2-0':
      return whiteFirst ? 'white-wins' : 'black-wins';
    case '0-1':
    case '0-2':
      return whiteFirst ? 'black-wins' : 'white-wins';
    case '1-1':
    case '1/2-1/2':
      return 'draw';
    case '0-0':
      return 'both-lose';
    case '*':
      return 'unfinished';
    default:
      return undefined;
  }
}

/** True for the text of any result token, whatever the rule set. */
export function isResultText(text: string): boolean {
  return parseResult(text, 'international') !== undefined;
}
