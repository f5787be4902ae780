/**
 * `tactica review <record> [--game <game>] [--depth N | --time S] [--write <file>]`: the computer review of a game
 * record of any of the five games (the formats `tactica replay` and the terminal's `load` read), each move searched by
 * the game's engine at the game's review depth (`setup.review`, docs/games/*.md "Review") unless told otherwise.
 *
 * stdout, the report and nothing else:
 *
 *     review of <file>: <game id>, <n> moves, depth <d> (scores in <pieces>, for the side that moved)
 *     ply  side  move        before   after    loss  mark        better
 *       1  P1    32-28        +0.08   +0.05    0.03
 *      14  P2    19-23        +0.08   -4.33    4.41  blunder     21-26 32x21
 *     P1 (<name>): moves 30, average loss 0.17, inaccuracies 2, mistakes 1, blunders 0
 *     P2 (<name>): …
 *
 * `--write <file>` writes the record again with the review as comments, in the formats that have them (PDN: a
 * comment after each move and an Annotator tag); a format without comments is refused before anything is searched
 * (`review/no-comments`). A record no game reads is refused with its reader's coded error (`pdn/…`,
 * `tactorus/…`), or `review/unknown-record` when no reader knows it. Exit 0 on a review, 1 on a refused record or
 * file, 2 on a usage error.
 */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Command } from 'commander';
import type { GameReview, ReviewLimits } from '@tactica/ai/review';
import { formatScore, summaryText } from '@tactica/ai/review';
import {
  GAME_FAMILIES,
  findEntry,
  loadEntry,
  reviewGame,
  type AnyGameEntry,
  type ImportedRecord,
  type RecordFormatInfo,
} from '@tactica/catalogue';
import { describeError, type InputError } from '@tactica/core';
import { readTextInput, RECORD_FILE_MAX } from './input-files.js';
import { CliError, type Io } from './io.js';
import { SEARCH_BOUNDS, secondsOption, wholeNumberOption } from './numeric-options.js';

interface ReviewOptions {
  readonly game?: string;
  readonly depth?: string;
  readonly time?: string;
  readonly write?: string;
}

/** A record read by one of the games, with the entry and format that read it. */
interface ReadRecord {
  readonly entry: AnyGameEntry;
  readonly format: RecordFormatInfo;
  readonly record: ImportedRecord<unknown, unknown>;
}

const REVIEW_HELP = [
  '',
  'Output (stdout): a header line, one line per move (ply, side, move, the evaluation before and after it for the',
  'side that moved, its loss against the engine, its mark and the better line), and a summary line per player.',
  'The game is found from the record (its extension, then each game in turn); --game names it. Each game has its',
  'own review depth and thresholds (docs/games/<game>.md, "Review"); --depth or --time changes how hard it searches',
  "(for Tactorus, whose rounds are simultaneous, --depth counts the analysis' refinement passes).",
  '--write <file> writes the record again with the review as comments where its format has them (PDN).',
].join('\n');

export function configureReview(program: Command, io: Io): void {
  program
    .command('review')
    .description('review a game record with the computer: evaluations, inaccuracies, mistakes, blunders')
    .argument('<record>', 'a game record of any of the games (- for standard input)')
    .option('--game <game>', `the record's game: ${GAME_FAMILIES.join(', ')} (default: found from the record)`)
    .option('--depth <plies>', "search each position this deep (default: the game's review depth)")
    .option('--time <seconds>', 'search each position this long instead of to a depth')
    .option('--write <file>', 'write the record with the review as comments (PDN)')
    .addHelpText('after', REVIEW_HELP)
    .action(async (file: string, opts: ReviewOptions) => {
      const limits = limitsOf(opts);
      const text = await readTextInput(file, io, RECORD_FILE_MAX);
      const read = await readRecord(file, text, opts.game);
      const annotate = read.entry.annotateRecord;
      if (opts.write !== undefined && !annotate) {
        throw new CliError(
          `review/no-comments: ${read.entry.name} records (${read.format.name}) have no comments to write a review into; --write needs a PDN record`,
        );
      }
      const setup = read.entry.setup(read.record.options);
      if (!setup.ok) throw new CliError(`${file}: ${describeError(setup.error)}`);
      const review = await reviewGame(setup.value, read.record.history, limits);
      io.output.write(reportOf(file, setup.value.variantId, read.record, review));
      if (opts.write !== undefined && annotate) {
        const written = await annotate(read.format.id, text, review);
        if (!written.ok) throw new CliError(`${file}: ${describeError(written.error)}`);
        try {
          writeFileSync(opts.write, written.value);
        } catch (e) {
          throw new CliError(`cannot write ${opts.write}: ${(e as Error).message}`);
        }
      }
    });
}

function limitsOf(opts: ReviewOptions): ReviewLimits {
  if (opts.depth !== undefined && opts.time !== undefined) {
    throw new CliError('give --depth or --time, not both', 2);
  }
  const depth = wholeNumberOption('--depth', opts.depth, SEARCH_BOUNDS.depth);
  const seconds = secondsOption('--time', opts.time, SEARCH_BOUNDS.seconds);
  if (seconds !== undefined) return { timeMs: seconds * 1000 };
  return depth !== undefined ? { depth } : {};
}

/**
 * The record read by the game named, or else by the games whose format has the file's extension first and then
 * every other game's formats in turn: the first that reads it. When none does, the error of the one format the
 * file's extension (or `--game`) names, or `review/unknown-record`.
 */
async function readRecord(file: string, text: string, game: string | undefined): Promise<ReadRecord> {
  const entries: AnyGameEntry[] = [];
  if (game !== undefined) {
    const found = await findEntry(game);
    if (!found.ok) throw new CliError(describeError(found.error), 2);
    entries.push(found.value);
  } else {
    for (const family of GAME_FAMILIES) entries.push(await loadEntry(family));
  }
  const extension = extname(file).slice(1).toLowerCase();
  const candidates = entries.flatMap((entry) => entry.records.map((format) => ({ entry, format })));
  const named = candidates.filter((c) => game !== undefined || c.format.extension === extension);
  const ordered = [...named, ...candidates.filter((c) => !named.includes(c))];
  let error: InputError | undefined;
  for (const { entry, format } of ordered) {
    const record = await entry.importRecord(format.id, text);
    // A reader the record was not meant for may take any text as a game without moves: only a named one may.
    const meant = named.some((c) => c.format === format);
    if (record.ok && (meant || record.value.history.cursor > 0)) return { entry, format, record: record.value };
    if (!record.ok && named.length === 1 && meant) error = record.error;
  }
  if (error) throw new CliError(`${file}: ${describeError(error)}`);
  throw new CliError(
    `${file}: review/unknown-record: not a record of any of the games (${candidates.map((c) => c.format.id).join(', ')})`,
  );
}

/** The report's columns: ply, side, move, before, after, loss, mark (then the better line). */
const COLUMNS = [4, 4, 22, 7, 7, 6, 10] as const;

function row(cells: readonly string[], better: string): string {
  const padded = cells.map((c, i) => {
    const width = COLUMNS[i] ?? 0;
    const cut = c.length > width ? `${c.slice(0, width - 1)}…` : c;
    return i === 0 || (i >= 3 && i <= 5) ? cut.padStart(width) : cut.padEnd(width);
  });
  return `${padded.join('  ')}  ${better}`.trimEnd();
}

const HEADER = row(['ply', 'side', 'move', 'before', 'after', 'loss', 'mark'], 'better');

/** The report: a header, a line per move, a summary per player. */
function reportOf(file: string, variant: string, record: ImportedRecord<unknown, unknown>, review: GameReview): string {
  const how = review.depth !== undefined ? `depth ${review.depth}` : `${review.timeMs ?? 0} ms a position`;
  const pieces = review.unit.replace(/^centi-/, '');
  const lines = [
    `review of ${file}: ${variant}, ${review.plies.length} moves, ${how} (scores in ${pieces}, for the side that moved)`,
    HEADER,
  ];
  for (const p of review.plies) {
    const cells = [
      String(p.ply + 1),
      `P${p.player + 1}`,
      p.move,
      formatScore(p.before),
      formatScore(p.after),
      formatScore(p.loss).replace('+', ''),
      p.mark ?? '',
    ];
    lines.push(row(cells, p.mark ? p.line.join(' ') : ''));
  }
  for (const player of [0, 1] as const) {
    const name = record.meta.players?.[player];
    lines.push(`P${player + 1}${name ? ` (${name})` : ''}: ${summaryText(review, player)}`);
  }
  return `${lines.join('\n')}\n`;
}
