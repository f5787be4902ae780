/**
 * Tactics in the shared terminal loop: the manual's board, the status line rendered from the catalogue's status,
 * the catalogue's game record for `save`/`load`, and named saves in the save library (`saves`, `keep`, `restore`).
 */
import { current, ok, type History, type InputError, type Result } from '@tactica/core';
import {
  formatPosition,
  QUIET_PLY_LIMIT,
  renderDiagram,
  squareName,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import { tacticsEntry, type TacticsSetup, type TacticsStatus } from '@tactica/catalogue/tactics';
import { fileFormat } from '../../setup-options.js';
import type { SaveLibrary } from '../../storage/save-library.js';
import { askReplace } from '../../storage/delete-save.js';
import { seatPlayers, type LoopContext, type SeatPlayers, type TerminalAdapter } from '../../terminal/loop.js';
import { recordPlayers, whoPlays } from '../../terminal/who-plays.js';
import { playerText } from '../../terminal/player-text.js';

/** The key of Tactics saves in the save library: the game's family. */
export const GAME_ID = tacticsEntry.family;

/** The catalogue's Tactics game record: the text of `save`, `load`, `--load` and the save library. */
const RECORD_FORMAT = fileFormat(tacticsEntry);

type H = History<TacticsState, TacticsMove>;

/** The record of the line played so far (moves taken back are left out), naming the computer where it plays. */
function saveText(setup: TacticsSetup, h: H, players?: SeatPlayers): Promise<Result<string, InputError>> {
  return setup.exportRecord(RECORD_FORMAT, h, recordPlayers(setup.game.info.players, players));
}

/** A record read back as a line of play, positioned at its end. */
export async function loadText(text: string): Promise<Result<H, InputError>> {
  const r = await tacticsEntry.importRecord(RECORD_FORMAT, text);
  return r.ok ? ok(r.value.history) : r;
}

/** `White to move · move 12 · 37 plies without a flip (draw at 100) · this position seen twice (draw at 3)` */
function statusLine(setup: TacticsSetup, st: TacticsStatus): string {
  const parts = [
    `${setup.game.info.players[st.turn]} to move`,
    `move ${st.moveNumber}`,
    `${st.quietPlies} ${st.quietPlies === 1 ? 'ply' : 'plies'} without a flip (draw at ${st.quietLimit})`,
  ];
  if (st.repetitions > 1) {
    const seen = st.repetitions === 2 ? 'twice' : `${st.repetitions} times`;
    parts.push(`this position seen ${seen} (draw at ${st.repetitionLimit})`);
  }
  return parts.join(' · ');
}

/** The catalogue's status of the line's current position. */
function statusOf(setup: TacticsSetup, h: H): TacticsStatus {
  return setup.status(current(h), { start: h.start, ply: h.cursor });
}

/** The rules in brief, under the line that says who plays. */
const RULES = [
  'Board: " Q " a piece showing the white face, "*Q*" the black face; lowercase means frozen (showing the',
  'opponent\'s colour). ":::" marks dark squares. Only your own mobile pieces move: Rooks along ranks and files,',
  'Bishops diagonally, Queens both, onto empty squares, never jumping or capturing.',
  'Flips: a line of opponent-coloured pieces closed by your colour, or the two pieces you land between, turn',
  `to your colour. No legal move loses. Draws: threefold repetition, ${QUIET_PLY_LIMIT} plies without a flip.`,
  'Moves as the servers take them: f1-f4. Type "help" for commands.',
];

/** The introduction, saying who plays: two people at the keyboard, or a person (or none) against the computer. */
const intro = (players: SeatPlayers): string =>
  [`Tactics: ${whoPlays(['White', 'Black'], players)}. White (rank 1) moves first.`, ...RULES].join('\n');

function listSaves(library: SaveLibrary): string {
  const entries = library.listShown(GAME_ID);
  const damaged = library.damagedLines(GAME_ID);
  if (entries.length === 0) return ['No saved Tactics games.', ...damaged].join('\n');
  return [...entries.map((e, i) => `${i + 1}. ${e.title} (${e.summary}, saved ${e.savedAt})`), ...damaged].join('\n');
}

export function tacticsAdapter(
  setup: TacticsSetup,
  library: SaveLibrary,
): TerminalAdapter<TacticsState, TacticsMove, TacticsStatus> {
  return {
    setup,
    render: (s, { flipped, paint }) =>
      renderDiagram(s, { flipped, ...(paint ? { paint: (sq, text) => paint(squareName(sq), text) } : {}) }),
    status: (st) => statusLine(setup, st),
    saveText: (h, players) => saveText(setup, h, players),
    loadText,
    saveExtension: 'tactics',
    intro,
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
        help: "keep the game in the save library under a title (another game's title: asks first)",
        async run(ctx, args) {
          const title = args.trim() || (await ctx.ask('Title: '))?.trim() || '';
          const payload = await saveText(setup, ctx.history, seatPlayers(ctx.seats));
          if (!payload.ok) return ctx.print(playerText(payload.error));
          const input = {
            title,
            payload: payload.value,
            summary: statusLine(setup, statusOf(setup, ctx.history)).split(' · ').slice(0, 2).join(', '),
          };
          const r = await library.saveAsking(GAME_ID, input, (e) => askReplace((q) => ctx.ask(q), e));
          if (r.ok && r.value) ctx.markSaved();
          ctx.print(!r.ok ? playerText(r.error) : r.value ? `Stored as "${r.value.title}".` : 'Nothing stored.');
        },
      },
      {
        names: ['restore'],
        args: '<title, #N or N>',
        help: 'continue a game from the save library',
        async run(ctx: LoopContext<TacticsState, TacticsMove>, args) {
          const ref = args.trim() || (await ctx.ask(`${listSaves(library)}\nTitle, #N or N: `))?.trim() || '';
          const file = library.open(ref, GAME_ID);
          if (!file.ok) return ctx.print(playerText(file.error));
          const h = await loadText(file.value.payload);
          if (!h.ok) return ctx.print(`The save "${file.value.title}" is damaged: ${playerText(h.error)}`);
          ctx.history = h.value;
          ctx.print(`Restored "${file.value.title}".`);
        },
      },
    ],
  };
}
