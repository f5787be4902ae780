import { conformanceCases } from '@tactica/core/conformance';
import { describe, it } from 'vitest';
import { tactics } from './game.js';

describe('Tactics conformance', () => {
  for (const c of conformanceCases(tactics, {
    playouts: 20,
    maxPlies: 250,
    perftDepth: 2,
    junkMoves: ['f1-f4-f5', 'F1-F4', 'h1f1', 'i1-i2', 'a1--a2', 'a1-a1', 'a9-a1', '*Q', 'Q a1-a2'],
    junkPositions: [
      'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q',
      'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q x 0',
      'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w 101',
      'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B* w 0',
      'QQQBRRRRBQ/8/8/8/8/8/8/8 w 0',
      'RRRRR3/8/8/8/8/8/8/8 w 0',
    ],
  }))
    it(c.name, c.run);
});
