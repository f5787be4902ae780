import { conformanceCases } from '@tactica/core/conformance';
import { describe, it } from 'vitest';
import { tactrix } from './game.js';

describe('Tactrix! conformance', () => {
  for (const c of conformanceCases(tactrix, {
    playouts: 20,
    maxPlies: 300,
    movesPerPosition: 16,
    junkMoves: [
      'buy',
      'buy K@e2',
      'buy R@e2',
      'buy Q@e2',
      'J@k1',
      'e2-e11',
      'e2xe2',
      'a0-a1',
      'buy J@',
      '@e2',
      'e2--e3',
    ],
    junkPositions: [
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV',
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV x 0 0 0 1',
      'vndwrkwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w -1 0 0 1',
      'vndwrqwdnv/jjjjjjjjjj/**********/**********/**********/**********/**********/**********/JJJJJJJJJJ/VNDWRKWDNV w 0 0 0 1',
    ],
  }))
    it(c.name, c.run);
});
