/**
 * Test data for the levels: positions where the side to move can win in one move (`win`: the moves that do), or must
 * stop the opponent's win in one move (`defend`: the moves that do), with other moves that do not. Found over
 * seeded random playouts by `node bench/ai-draughts.js --make-checks --games 400`; the test checks every expected
 * move list again through the public game contract, so the data cannot drift from the rules.
 */
export interface DraughtsCheck {
  /** Rule set, with `-giveaway` for give-away. */
  readonly family: string;
  readonly kind: 'win' | 'defend';
  readonly fen: string;
  /** The moves that win at once (`win`) or leave the opponent no win in one move (`defend`). */
  readonly moves: readonly string[];
}

export const DRAUGHTS_CHECKS: readonly DraughtsCheck[] = [
  { family: 'international', kind: 'defend', fen: 'W:W27:B11,K15,16', moves: ['27-22'] },
  {
    family: 'international',
    kind: 'defend',
    fen: 'W:W21,K39:B5,29,K35',
    moves: [
      '21-17',
      '21-16',
      '39-43',
      '39-48',
      '39-50',
      '39-33',
      '39-28',
      '39-22',
      '39-17',
      '39-11',
      '39-6',
      '39-34',
      '39-25',
    ],
  },
  { family: 'international', kind: 'defend', fen: 'W:W17,K39:B5,34,K35', moves: ['39x25'] },
  {
    family: 'international',
    kind: 'win',
    fen: 'B:W16:B1,3,5,6,7,11,13,18,24,29',
    moves: ['3-8', '5-10', '18-22', '29-33', '3-9', '13-19', '18-23', '24-30', '29-34'],
  },
  { family: 'international', kind: 'win', fen: 'B:W21,31,38,41:B1,5,6,8,9,10,12,16,17,24,28,K49', moves: ['49x47'] },
  { family: 'international', kind: 'win', fen: 'W:W13,K26,27,29,32,41,42,46:B16', moves: ['26-21'] },
  { family: 'english', kind: 'defend', fen: 'B:WK1,K15,25:BK24', moves: ['24-27', '24-28', '24-20'] },
  { family: 'english', kind: 'defend', fen: 'B:WK5,K19,22:BK28', moves: ['28-32'] },
  { family: 'english', kind: 'defend', fen: 'W:W26:B8,12,15,19,20,K24,28', moves: ['26-22'] },
  { family: 'english', kind: 'win', fen: 'W:WK4,15,18,26,27,28,29,30,31:B21', moves: ['29-25'] },
  { family: 'english', kind: 'win', fen: 'B:W20:B11,16,17,K29', moves: ['17-21', '17-22', '29-25'] },
  { family: 'english', kind: 'win', fen: 'B:W7,12:B1,2,3,8,K18,27', moves: ['2x11'] },
  { family: 'russian', kind: 'defend', fen: 'W:Wg3:Ba7,b4,Kc1,Ke7,h6,h8', moves: ['g3-h4'] },
  { family: 'russian', kind: 'defend', fen: 'B:Wa7,c1,c5,Kf8,h2:Be3', moves: ['e3-f2'] },
  { family: 'russian', kind: 'defend', fen: 'W:Wb2:Ba7,b4,e7,f4,f8,g5,g7', moves: ['b2-a3'] },
  {
    family: 'russian',
    kind: 'win',
    fen: 'B:Wa3:Bb4,b8,c5,d8,g5,h8',
    moves: ['b8-a7', 'd8-c7', 'h8-g7', 'g5-f4', 'b8-c7', 'd8-e7', 'g5-h4'],
  },
  {
    family: 'russian',
    kind: 'win',
    fen: 'W:Wa1,a3,a5,Kc3,c5,g1:Bh2',
    moves: [
      'a5-b6',
      'c5-d6',
      'a3-b4',
      'a1-b2',
      'c5-b6',
      'c3-b2',
      'c3-d2',
      'c3-e1',
      'c3-b4',
      'c3-d4',
      'c3-e5',
      'c3-f6',
      'c3-g7',
      'c3-h8',
    ],
  },
  {
    family: 'russian',
    kind: 'win',
    fen: 'W:Wa1,b2,b4,c3,d2,e1,g1,g3,h2,Kh8:Ba5',
    moves: ['g3-h4', 'd2-e3', 'e1-f2', 'g3-f4', 'b2-a3', 'g1-f2', 'h8-g7', 'h8-f6', 'h8-e5', 'h8-d4'],
  },
  { family: 'thai', kind: 'defend', fen: 'W:W18,22:B10', moves: ['18-15', '22-17'] },
  { family: 'thai', kind: 'defend', fen: 'W:W25:B1,4,6,9,28,K31', moves: ['25-21'] },
  { family: 'thai', kind: 'defend', fen: 'B:WK4,22,23,28,29:B6,7', moves: ['6-9', '7-10', '6-10'] },
  { family: 'thai', kind: 'win', fen: 'B:W19,26,27:B1,3,11,12,14,15,K25,K32', moves: ['32x16', '32x30'] },
  { family: 'thai', kind: 'win', fen: 'W:W16,K19,21,28,29:B17,23', moves: ['19x13'] },
  { family: 'thai', kind: 'win', fen: 'W:W13,14,27,28,29,31:B20', moves: ['28-24'] },
  {
    family: 'international-giveaway',
    kind: 'defend',
    fen: 'B:W43,44:B6,8,14,16,17,35,41',
    moves: ['8-12', '14-19', '17-21', '35-40', '41-46', '6-11', '8-13', '14-20', '16-21', '17-22'],
  },
  {
    family: 'international-giveaway',
    kind: 'defend',
    fen: 'B:W35,38:B6,8,14,16,22,41',
    moves: ['8-12', '14-19', '22-27', '41-46', '6-11', '8-13', '14-20', '16-21', '22-28'],
  },
  {
    family: 'international-giveaway',
    kind: 'defend',
    fen: 'B:W33,35:B6,8,16,19,22,41',
    moves: ['8-12', '19-23', '22-27', '41-46', '6-11', '8-13', '16-21', '19-24', '22-28'],
  },
  { family: 'international-giveaway', kind: 'win', fen: 'W:WK4:B6,8,26,33,37,K46', moves: ['4-13'] },
  { family: 'international-giveaway', kind: 'win', fen: 'W:W33:B19,21,32', moves: ['33-28'] },
  { family: 'international-giveaway', kind: 'win', fen: 'B:WK6,12,22,27,29,36,41,42,45,49:B20', moves: ['20-24'] },
  {
    family: 'english-giveaway',
    kind: 'defend',
    fen: 'B:W23,26:B2,3,4,5,15,K16,21,K29',
    moves: ['15-18', '15-19', '16-19'],
  },
  { family: 'english-giveaway', kind: 'win', fen: 'W:W23,26:B2,4,5,8,15,K16,21,K29', moves: ['23-18'] },
  {
    family: 'english-giveaway',
    kind: 'defend',
    fen: 'B:W18,22:B2,4,5,11,15,K16,21,K29',
    moves: ['2-6', '4-8', '2-7', '21-25', '16-19', '16-20', '16-12'],
  },
  { family: 'english-giveaway', kind: 'win', fen: 'W:W18,22:B2,4,5,11,15,K16,21,K25', moves: ['18-14'] },
  {
    family: 'english-giveaway',
    kind: 'defend',
    fen: 'W:WK2,6,16,19,24,30:B12,18',
    moves: ['24-20', '6-1', '16-11', '19-15', '2-7'],
  },
  { family: 'english-giveaway', kind: 'win', fen: 'B:WK2,6,16,19,24,25:B12,18', moves: ['18-22'] },
];
