/**
 * Published perft counts, each with its source and that source's duplicate-capture convention. Our rule (rules
 * file): two capture paths with the same start, end and taken pieces are one move, so tables that remove such
 * duplicates are checked with `unique: true`, and tables that count every path with `unique: false` (the engine
 * can count both ways; only the comparison uses the second).
 *
 * `counts[d - 1]` is perft(d). `ci` is the deepest depth the default test run checks (a few seconds in all);
 * `npm run perft:deep` (bench/perft-deep.js) checks every depth up to a node budget.
 */
import type { VariantId } from '../rules.js';

export interface PerftSource {
  readonly cite: string;
  readonly url: string;
  /** How the source counts capture paths that take the same pieces. */
  readonly convention: 'duplicates removed' | 'duplicates counted';
}

export const PERFT_SOURCES = {
  dctl8x8: {
    cite:
      'Rein Halbersma, dctl (Draughts and Checkers Template Library), test/src/ai/traversal/initial/board8x8.cpp, ' +
      'counted with its unique_gen; numbers from the "Standard validation generator moves" thread of the ' +
      'shashki.com forum (Brazilian, Pool, Russian, checkers) and the FMJD forum thread "Perft for all recognized ' +
      'draughts variants" (Spanish, Thai)',
    url: 'https://github.com/rhalbersma/dctl/blob/master/test/src/ai/traversal/initial/board8x8.cpp',
    convention: 'duplicates removed',
  },
  dctl10x10: {
    cite:
      'Rein Halbersma, dctl, test/src/ai/traversal/initial/board10x10.cpp (unique_gen), from the "Perft" thread ' +
      'of the FMJD forum (laatste.info/bb3/viewtopic.php?f=53&t=2308&start=4)',
    url: 'https://github.com/rhalbersma/dctl/blob/master/test/src/ai/traversal/initial/board10x10.cpp',
    convention: 'duplicates removed',
  },
  bikDam: {
    cite: 'Aart Bik, "BikDam: international checkers" (blog post with perft 1-11 from the start)',
    url: 'https://aartbik.blogspot.com/search/label/perft',
    convention: 'duplicates removed',
  },
  bikCheckers: {
    cite: 'Aart Bik, "perft for 8x8 checkers" (TalkChess, 8 May 2009; also aartbik.com/MISC/checkers.html)',
    url: 'http://www.talkchess.com/forum3/viewtopic.php?t=27814',
    convention: 'duplicates counted',
  },
  dctlFmjd: {
    cite:
      'Rein Halbersma, dctl, test/src/ai/traversal/international/fmjd.cpp (unique_gen), from the "Perft" thread ' +
      'of the FMJD forum (laatste.info/bb3/viewtopic.php?f=53&t=2308, start=7 and start=60)',
    url: 'https://github.com/rhalbersma/dctl/blob/master/test/src/ai/traversal/international/fmjd.cpp',
    convention: 'duplicates removed',
  },
  kodra: {
    cite:
      'Sochima Biereagu, Kodra (Russian draughts engine, 2017), comment of its perft test ("Perft values from ' +
      'starting position"), found through a public code search whose excerpt did not name the repository',
    url: '',
    convention: 'duplicates counted',
  },
  derived: {
    cite:
      'none published: derived with this engine and cross-checked against the independent reference generator ' +
      '(src/test-reference.ts) to depth 5 in CI and depth 7 in bench/perft-deep.js',
    url: '',
    convention: 'duplicates removed',
  },
} as const satisfies Record<string, PerftSource>;

type PerftSourceId = keyof typeof PERFT_SOURCES;

export interface PerftTable {
  readonly name: string;
  readonly variant: VariantId;
  readonly fen: string;
  readonly source: PerftSourceId;
  /** Count capture paths that take the same pieces once (the source's convention). */
  readonly unique: boolean;
  readonly counts: readonly number[];
  /** Deepest depth checked in the default test run. */
  readonly ci: number;
  readonly note?: string;
}

const START_8X8 = 'W:W21-32:B1-12';

export const PERFT_TABLES: readonly PerftTable[] = [
  {
    name: 'International, start',
    variant: 'international',
    fen: 'W:W31-50:B1-20',
    source: 'dctl10x10',
    unique: true,
    // Aart Bik (bikDam) publishes the same numbers for depths 1-10.
    counts: [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398],
    ci: 7,
  },
  {
    name: 'English, start (Black moves first)',
    variant: 'english',
    fen: 'B:W21-32:B1-12',
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999, 1766564893],
    ci: 8,
  },
  {
    name: 'English, start, every capture path counted',
    variant: 'english',
    fen: 'B:W21-32:B1-12',
    source: 'bikCheckers',
    unique: false,
    counts: [
      7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673, 1766623630, 7978439499,
    ],
    ci: 8,
    note: 'differs from the duplicates-removed table from depth 12, where kings first go round a ring of pieces',
  },
  {
    name: 'Spanish, start (mirrored board)',
    variant: 'spanish',
    fen: 'W:W1-12:B21-32',
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365728331, 1637958247],
    ci: 8,
  },
  {
    name: 'Russian, start',
    variant: 'russian',
    fen: 'W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8',
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189, 544770444, 2673979569],
    ci: 8,
  },
  {
    name: 'Russian, start, every capture path counted',
    variant: 'russian',
    fen: START_8X8,
    source: 'kodra',
    unique: false,
    counts: [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667],
    ci: 8,
    note:
      'Kodra also gives 22461267 at depth 10 where we count 22450647 with every path (22444032 with duplicates ' +
      'removed, as dctl publishes); its depth 10 is left out',
  },
  {
    name: 'Brazilian, start',
    variant: 'brazilian',
    fen: START_8X8,
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477, 2481546396],
    ci: 8,
  },
  {
    name: 'Pool, start (Black moves first; men capture backward, ours)',
    variant: 'pool',
    fen: 'B:W21-32:B1-12',
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952, 544005148, 2668385616],
    ci: 8,
  },
  {
    name: 'Thai rules from the 12-man start',
    variant: 'thai',
    fen: START_8X8,
    source: 'dctl8x8',
    unique: true,
    counts: [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385713660, 1745666630],
    ci: 8,
    note: 'not our starting position (Thai starts with 8 men on 2 rows): a published check of the Thai capture rules',
  },
  {
    name: 'Thai, start (8 men each on 2 rows)',
    variant: 'thai',
    fen: 'W:W25-32:B1-8',
    source: 'derived',
    unique: true,
    counts: [7, 49, 392, 3136, 26592, 218695, 1820189, 14533014, 114530830, 861842812],
    ci: 7,
  },
  {
    name: 'International, Woldouby position',
    variant: 'international',
    fen: 'W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38',
    source: 'dctlFmjd',
    unique: true,
    counts: [
      6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286, 346184885,
    ],
    ci: 11,
  },
  {
    name: 'International, kings and men ("Random178")',
    variant: 'international',
    fen: 'B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46',
    source: 'dctlFmjd',
    unique: true,
    counts: [14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193],
    ci: 6,
  },
  {
    name: 'International, 20 kings each ("AllKings")',
    variant: 'international',
    fen: 'W:WK31-50:BK1-20',
    source: 'dctlFmjd',
    unique: true,
    note: 'listed in dctl fmjd.cpp inside a commented-out block (slow), with its FMJD-thread source',
    counts: [17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283],
    ci: 7,
  },
  {
    name: 'International, men one step from crowning ("AlmostPromotion")',
    variant: 'international',
    fen: 'W:W6,7,8,9,10:B41,42,43,44,45',
    source: 'dctlFmjd',
    unique: true,
    note: 'listed in dctl fmjd.cpp inside a commented-out block (slow), with its FMJD-thread source',
    counts: [9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674],
    ci: 6,
  },
];
