/** Records for the reviews' tests (the API's and the mail gateway's). */
import { readFileSync } from 'node:fs';

/**
 * International; Black's 19-23 gives a man for nothing (29x20): the catalogue's planted blunder, as a record
 * (packages/catalogue/testdata/planted-blunder.pdn, which the web app's review test opens too).
 */
export const PLANTED_PDN = readFileSync(
  new URL('../../../catalogue/testdata/planted-blunder.pdn', import.meta.url),
  'utf8',
);
