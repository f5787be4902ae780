/** Records for the reviews' tests (the API's and the mail gateway's). */

/** International; Black's 19-23 gives a man for nothing (29x20): a blunder planted in a game between Ann and Bob. */
export const PLANTED_PDN = [
  '[White "Ann"]',
  '[Black "Bob"]',
  '[GameType "20"]',
  '[FEN "B:W29,31,32,35,37,38,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,10,12,13,14,15,16,19,21"]',
  '',
  '1... 19-23 2. 29x20 *',
  '',
].join('\n');
