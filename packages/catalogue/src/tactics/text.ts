/** Tactics as text: the board exactly as its manual draws it. */
import { renderDiagram, type TacticsState } from '@tactica/tactics';
import type { TextBoard } from '../types.js';

export const TACTICS_TEXT: TextBoard<TacticsState> = {
  draw: (s) => renderDiagram(s),
};
