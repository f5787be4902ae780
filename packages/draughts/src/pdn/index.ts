/**
 * PDN 3.0 for the seven rule sets: read (tolerant, every move checked by the rules, coded errors that name the
 * game, line, column, move number and move) and write (canonical; writing what was read is the identity).
 *
 *   const games = parsePdn(text);                        // Result<PdnGame[], PdnError>
 *   for (const r of readPdn(text)) ...                   // each game on its own: PdnGame or PdnError
 *   for (const r of iteratePdn(text)) ...                // the same, read one at a time (big files)
 *   writePdn(games)                                      // PDN text
 */
export {
  formatResult,
  GIVEAWAY_VARIANT_TAG,
  isGiveawayName,
  LIDRAUGHTS_ANTIDRAUGHTS,
  parseResult,
  PDN_GAME_TYPES,
  PDN_RESULTS,
  variantOfGameType,
  type PdnResult,
} from './game-type.js';
export {
  gamePositions,
  iteratePdn,
  iteratePdnPieces,
  moveNumberLabel,
  parsePdn,
  readPdn,
  type PdnComment,
  type PdnError,
  type PdnGame,
  type PdnReadOptions,
  type PdnTag,
} from './reader.js';
export { writePdn, writePdnGame } from './writer.js';
