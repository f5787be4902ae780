/**
 * A tiny complete game used to test the kit itself: Nim with one heap, take 1–3, who takes the last stone wins.
 * Kept in the package (not a test file) so other packages' tests can drive the contract with a known game.
 */
import type { Game } from './game.js';
import { tryPlayWith } from './game.js';
import { draw, win, type Outcome } from './outcome.js';
import { opponent, type Player } from './player.js';
import { err, inputError, ok } from './result.js';

export interface NimState {
  readonly stones: number;
  readonly toMove: Player;
  readonly ended?: Outcome;
}

const nimBase: Omit<Game<NimState, number>, 'tryPlay'> = {
  info: {
    id: 'nim',
    family: 'nim',
    name: 'Nim (test game)',
    dynamics: 'sequential',
    board: { files: 1, ranks: 1 },
    players: ['First', 'Second'],
  },
  initial: () => ({ stones: 10, toMove: 0 }),
  toMove: (s) => (nimOutcome(s) ? [] : [s.toMove]),
  legalMoves(s) {
    if (nimOutcome(s)) return [];
    return [1, 2, 3].filter((n) => n <= s.stones);
  },
  play: (s, m) => ({ stones: s.stones - m, toMove: opponent(s.toMove) }),
  outcome: nimOutcome,
  resign: (s, p) => ({ ...s, ended: win(opponent(p), 'resigned') }),
  agreeDraw: (s) => ({ ...s, ended: draw('agreed') }),
  formatMove: (_s, m) => `take ${m}`,
  parseMove(s, text) {
    const match = /^\s*take\s+(\d+)\s*$/i.exec(text);
    if (!match) return err(inputError('move/syntax', `expected "take N", got "${text}"`, { input: text }));
    const n = Number(match[1]);
    if (!nimBase.legalMoves(s).includes(n)) return err(inputError('move/illegal', `cannot take ${n}`, { input: text }));
    return ok(n);
  },
  formatPosition: (s) => `${s.stones}/${s.toMove}`,
  parsePosition(text) {
    const match = /^(\d{1,3})\/([01])$/.exec(text);
    if (!match) return err(inputError('position/syntax', 'expected "stones/player"', { input: text }));
    return ok({ stones: Number(match[1]), toMove: Number(match[2]) as Player });
  },
  observe: (s) => s,
};

function nimOutcome(s: NimState): Outcome | undefined {
  if (s.ended) return s.ended;
  // The player who took the last stone (the one not to move) wins.
  return s.stones === 0 ? win(opponent(s.toMove), 'last-stone') : undefined;
}

export const nim: Game<NimState, number> = { ...nimBase, tryPlay: tryPlayWith(nimBase) };

/**
 * A tiny simultaneous game for the simultaneous session's tests: Matching pennies, first to 3 rounds. Each round
 * both players lay a penny in secret: `heads` or `tails` (laying again turns the penny), then `done`. When both are
 * done the pennies are shown: First wins the round when they match, Second when they differ. A move carries its
 * player, as in every simultaneous game; `observe` shows a player their own penny, never the other's.
 *
 * Position text: `<First's rounds>-<Second's rounds> <First's penny> <Second's penny> [<result>]`, a penny being
 * `-` (none), `h` or `t`, with `*` once that player is done: `1-2 h* -`. Result: `1:resigned`, `draw:agreed`…
 *
 * Its one command of its own, for the sessions' tests of game commands: `score <a>-<b>` sets the score (each 0 to
 * 2, so the game goes on) and clears both pennies, as a handicap would.
 */
export type Penny = 'h' | 't';

export interface PenniesState {
  readonly score: readonly [number, number];
  readonly penny: readonly [Penny | undefined, Penny | undefined];
  readonly done: readonly [boolean, boolean];
  readonly ended?: Outcome;
}

export type PenniesMove =
  | { readonly type: 'lay'; readonly player: Player; readonly penny: Penny }
  | { readonly type: 'done'; readonly player: Player };

/** What one player sees: the score, their own penny, whether each side is done. No field for the other penny. */
export interface PenniesView {
  readonly viewer: Player;
  readonly score: readonly [number, number];
  readonly penny: Penny | undefined;
  readonly done: boolean;
  readonly opponentDone: boolean;
  readonly ended?: Outcome;
}

export const PENNIES_TO_WIN = 3;

function penniesOutcome(s: PenniesState): Outcome | undefined {
  if (s.ended) return s.ended;
  if (s.score[0] >= PENNIES_TO_WIN) return win(0, 'rounds');
  if (s.score[1] >= PENNIES_TO_WIN) return win(1, 'rounds');
  return undefined;
}

function penniesToMove(s: PenniesState): readonly Player[] {
  if (penniesOutcome(s)) return [];
  return ([0, 1] as const).filter((p) => !s.done[p]);
}

function penniesMoves(s: PenniesState, p?: Player): readonly PenniesMove[] {
  const players = p === undefined ? penniesToMove(s) : penniesToMove(s).filter((q) => q === p);
  const moves: PenniesMove[] = [];
  for (const q of players) {
    moves.push({ type: 'lay', player: q, penny: 'h' }, { type: 'lay', player: q, penny: 't' });
    if (s.penny[q] !== undefined) moves.push({ type: 'done', player: q });
  }
  return moves;
}

function setPair<T>(pair: readonly [T, T], p: Player, v: T): readonly [T, T] {
  return p === 0 ? [v, pair[1]] : [pair[0], v];
}

function penniesPlay(s: PenniesState, m: PenniesMove): PenniesState {
  if (m.type === 'lay') return { ...s, penny: setPair(s.penny, m.player, m.penny) };
  const done = setPair(s.done, m.player, true);
  if (!done[0] || !done[1]) return { ...s, done };
  const winner: Player = s.penny[0] === s.penny[1] ? 0 : 1;
  return { score: setPair(s.score, winner, s.score[winner] + 1), penny: [undefined, undefined], done: [false, false] };
}

function penniesEnd(s: PenniesState, o: Outcome): PenniesState {
  return penniesOutcome(s) ? s : { score: s.score, penny: [undefined, undefined], done: [false, false], ended: o };
}

const PENNY_WORDS: Readonly<Record<string, 'done' | Penny>> = {
  heads: 'h',
  h: 'h',
  tails: 't',
  t: 't',
  done: 'done',
};

const penniesBase: Omit<Game<PenniesState, PenniesMove, PenniesView>, 'tryPlay'> = {
  info: {
    id: 'pennies',
    family: 'pennies',
    name: 'Matching pennies (test game)',
    dynamics: 'simultaneous',
    board: { files: 1, ranks: 1 },
    players: ['First', 'Second'],
  },
  initial: () => ({ score: [0, 0], penny: [undefined, undefined], done: [false, false] }),
  toMove: penniesToMove,
  legalMoves: penniesMoves,
  play: penniesPlay,
  outcome: penniesOutcome,
  resign: (s, p) => penniesEnd(s, win(opponent(p), 'resigned')),
  agreeDraw: (s) => penniesEnd(s, draw('agreed')),
  formatMove: (_s, m) => (m.type === 'done' ? 'done' : m.penny === 'h' ? 'heads' : 'tails'),
  parseMove(s, text, p) {
    if (typeof text !== 'string') return err(inputError('move/syntax', 'a move is text'));
    const match = /^\s*(?:([12])\s*:\s*)?([a-z]+)\s*$/i.exec(text);
    const word = match ? PENNY_WORDS[(match[2] as string).toLowerCase()] : undefined;
    if (!match || word === undefined) {
      return err(inputError('move/syntax', `expected heads, tails or done, got "${text}"`, { input: text }));
    }
    const named = match[1] === undefined ? undefined : ((Number(match[1]) - 1) as Player);
    if (p !== undefined && named !== undefined && named !== p) {
      return err(inputError('move/wrong-player', `this is player ${p + 1}'s move`, { input: text }));
    }
    const player = p ?? named;
    if (player === undefined) return err(inputError('move/which-player', 'write 1:… or 2:…', { input: text }));
    const m: PenniesMove = word === 'done' ? { type: 'done', player } : { type: 'lay', player, penny: word };
    if (!penniesMoves(s, player).some((l) => penniesBase.sameMove?.(l, m))) {
      return err(
        inputError('move/illegal', `${text.trim()} is not legal for player ${player + 1} now`, { input: text }),
      );
    }
    return ok(m);
  },
  sameMove: (a, b) =>
    a.player === b.player && a.type === b.type && (a.type === 'done' || (b.type === 'lay' && a.penny === b.penny)),
  formatPosition(s) {
    const penny = (p: Player): string => `${s.penny[p] ?? '-'}${s.done[p] ? '*' : ''}`;
    const o = s.ended;
    const end = o ? ` ${o.kind === 'win' ? `${o.winner + 1}` : 'draw'}:${o.reason}` : '';
    return `${s.score[0]}-${s.score[1]} ${penny(0)} ${penny(1)}${end}`;
  },
  parsePosition(text) {
    const match = /^([0-3])-([0-3]) ([-ht])(\*?) ([-ht])(\*?)(?: (1|2|draw):([a-z-]+))?$/.exec(
      typeof text === 'string' ? text : '',
    );
    if (!match) return err(inputError('position/syntax', 'expected "1-2 h* -"', { input: String(text) }));
    const penny = (c: string | undefined): Penny | undefined => (c === 'h' || c === 't' ? c : undefined);
    const done: readonly [boolean, boolean] = [match[4] === '*', match[6] === '*'];
    const pennies = [penny(match[3]), penny(match[5])] as const;
    if ((done[0] && !pennies[0]) || (done[1] && !pennies[1]) || (done[0] && done[1])) {
      return err(inputError('position/done', 'a player is done only with a penny laid, and not both', { input: text }));
    }
    const s: PenniesState = { score: [Number(match[1]), Number(match[2])], penny: pennies, done };
    if (match[7] === undefined) return ok(s);
    const reason = match[8] as string;
    return ok({ ...s, ended: match[7] === 'draw' ? draw(reason) : win((Number(match[7]) - 1) as Player, reason) });
  },
  command(s, text) {
    const match = typeof text === 'string' ? /^\s*score\s+(\d+)\s*-\s*(\d+)\s*$/i.exec(text) : null;
    if (!match) return err(inputError('command/syntax', 'expected "score A-B"', { input: String(text) }));
    const score = [Number(match[1]), Number(match[2])] as const;
    if (score.some((n) => n >= PENNIES_TO_WIN)) {
      return err(inputError('command/bad-score', `a score is 0 to ${PENNIES_TO_WIN - 1}`, { input: text }));
    }
    if (penniesOutcome(s)) return err(inputError('command/game-over', 'the game is over'));
    const state: PenniesState = { score, penny: [undefined, undefined], done: [false, false] };
    return ok({ state, text: `score ${score[0]}-${score[1]}` });
  },
  observe(s, p): PenniesView {
    const view: PenniesView = {
      viewer: p,
      score: s.score,
      penny: s.penny[p],
      done: s.done[p],
      opponentDone: s.done[opponent(p)],
    };
    return s.ended ? { ...view, ended: s.ended } : view;
  },
};

export const pennies: Game<PenniesState, PenniesMove, PenniesView> = {
  ...penniesBase,
  tryPlay: tryPlayWith(penniesBase),
};
