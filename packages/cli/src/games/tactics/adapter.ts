/**
 * Tactics in the shared terminal loop: the manual's board, a status line, game records for `save`/`load`, and
 * named saves in the save library (`saves`, `keep`, `restore`).
 */
import { current, describeError, ok, type History, type InputError, type Result } from '@tactica/core';
import {
  formatPosition,
  parseRecord,
  QUIET_PLY_LIMIT,
  renderDiagram,
  repetitions,
  tactics,
  writeRecord,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import type { SaveLibrary } from '../../storage/save-library.js';
import type { LoopContext, TerminalAdapter } from '../../terminal/loop.js';

/** The key of Tactics saves in the save library: the game's family. */
export const GAME_ID = tactics.info.family;

type H = History<TacticsState, TacticsMove>;

/** The record of the line played so far (moves taken back are left out). */
export function saveText(h: H): string {
  return writeRecord({ start: h.states[0] ?? tactics.initial(), moves: h.moves.slice(0, h.cursor), final: current(h) });
}

/** A record read back as a line of play, positioned at its end. */
export function loadText(text: string): Result<H, InputError> {
  const r = parseRecord(text);
  if (!r.ok) return r;
  return ok({ states: r.value.states, moves: r.value.moves, cursor: r.value.moves.length });
}

/** `White to move · move 12 · 37 plies without a flip (draw at 100) · this position seen twice` */
export function statusLine(h: H): string {
  const s = current(h);
  const start = h.states[0] ?? s;
  // Full moves count from the start position: White's and Black's ply share a number.
  const move = Math.floor((h.cursor + start.turn) / 2) + 1;
  const parts = [
    `${tactics.info.players[s.turn]} to move`,
    `move ${move}`,
    `${s.quiet} ${s.quiet === 1 ? 'ply' : 'plies'} without a flip (draw at ${QUIET_PLY_LIMIT})`,
  ];
  const seen = repetitions(s);
  if (seen > 1) parts.push(`this position seen ${seen === 2 ? 'twice' : `${seen} times`} (draw at 3)`);
  return parts.join(' · ');
}

export const INTRO = [
  'Tactics: two players at one keyboard. White (rank 1) moves first (ours).',
  'Board: " Q " a piece showing the white face, "*Q*" the black face; lowercase means frozen (showing the',
  'opponent\'s colour). ":::" marks dark squares. Only your own mobile pieces move: Rooks along ranks and files,',
  'Bishops diagonally, Queens both, onto empty squares, never jumping or capturing.',
  'Flips: a line of opponent-coloured pieces closed by your colour, or the two pieces you land between, turn',
  `to your colour. No legal move loses. Draws (ours): threefold repetition, ${QUIET_PLY_LIMIT} plies without a flip.`,
  'Moves as the servers take them: f1-f4. Type "help" for commands.',
].join('\n');

function listSaves(library: SaveLibrary): string {
  const entries = library.list(GAME_ID);
  const damaged = library.damagedLines(GAME_ID);
  if (entries.length === 0) return ['No saved Tactics games.', ...damaged].join('\n');
  return [...entries.map((e, i) => `${i + 1}. ${e.title} (${e.summary}, saved ${e.savedAt})`), ...damaged].join('\n');
}

export function tacticsAdapter(library: SaveLibrary): TerminalAdapter<TacticsState, TacticsMove> {
  return {
    game: tactics,
    render: (s, { flipped }) => renderDiagram(s, { flipped }),
    status: statusLine,
    saveText,
    loadText,
    saveExtension: 'tactics',
    intro: INTRO,
    extraCommands: [
      {
        names: ['position', 'fen'],
        help: 'print the position as position text',
        run(ctx) {
          ctx.print(formatPosition(current(ctx.history)));
        },
      },
      {
        names: ['saves'],
        help: 'list the named saves of Tactics games',
        run(ctx) {
          ctx.print(listSaves(library));
        },
      },
      {
        names: ['keep', 'store'],
        args: '<title>',
        help: 'keep the game in the save library under a title (the same title is overwritten)',
        async run(ctx, args) {
          const title = args.trim() || (await ctx.ask('Title: '))?.trim() || '';
          const r = library.save(GAME_ID, {
            title,
            payload: saveText(ctx.history),
            summary: statusLine(ctx.history).split(' · ').slice(0, 2).join(', '),
          });
          ctx.print(r.ok ? `Stored as "${r.value.title}".` : describeError(r.error));
        },
      },
      {
        names: ['restore'],
        args: '<title, #N or N>',
        help: 'continue a game from the save library',
        async run(ctx: LoopContext<TacticsState, TacticsMove>, args) {
          const ref = args.trim() || (await ctx.ask(`${listSaves(library)}\nTitle, #N or N: `))?.trim() || '';
          const file = library.open(ref, GAME_ID);
          if (!file.ok) return ctx.print(describeError(file.error));
          const h = loadText(file.value.payload);
          if (!h.ok) return ctx.print(`The save "${file.value.title}" is damaged: ${describeError(h.error)}`);
          ctx.history = h.value;
          ctx.print(`Restored "${file.value.title}".`);
        },
      },
    ],
  };
}
