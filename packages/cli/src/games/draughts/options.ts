/**
 * Options shared by the draughts commands: `--variant <id>`, `--position <FEN>`, `--giveaway`. Every game names its
 * start position `--position`; draughts called it `--fen` first, and that name is still read (an alias) **(ours)**.
 */
import type { Command } from 'commander';
import { describeError } from '@tactica/core';
import { initialPosition, isVariantId, parseFen, VARIANT_IDS, type Position, type VariantId } from '@tactica/draughts';
import { CliError } from '../../io.js';

export interface DraughtsOptionValues {
  readonly variant: string;
  readonly position?: string;
  /** `--fen`, the older name of `--position`. */
  readonly fen?: string;
  readonly giveaway?: boolean;
}

/** Adds `--variant <id>` (required), `--position <FEN>` and its older name `--fen`; `--giveaway` when asked. */
export function addPositionOptions(cmd: Command, options: { giveaway?: boolean } = {}): Command {
  cmd
    .requiredOption('--variant <id>', `rule set: ${VARIANT_IDS.join(', ')}`)
    .option('--position <FEN>', 'start from this position (draughts FEN, e.g. W:W31-50:B1-20); default: the start')
    .option('--fen <FEN>', 'the same as --position (its older name)');
  if (options.giveaway) cmd.option('--giveaway', 'give-away mode (the side left without a move wins)');
  return cmd;
}

/**
 * The FEN given by `--position` or `--fen`, with the flag that gave it (for error messages); undefined when neither
 * was given. Both at once are refused unless they agree.
 */
export function positionFlag(opts: {
  readonly position?: unknown;
  readonly fen?: unknown;
}): { readonly text: string; readonly flag: '--position' | '--fen' } | undefined {
  const position = typeof opts.position === 'string' ? opts.position : undefined;
  const fen = typeof opts.fen === 'string' ? opts.fen : undefined;
  if (position !== undefined && fen !== undefined && position !== fen) {
    throw new CliError('give the position once: --position or --fen (its older name), not both');
  }
  if (position !== undefined) return { text: position, flag: '--position' };
  if (fen !== undefined) return { text: fen, flag: '--fen' };
  return undefined;
}

export function variantOption(text: string): VariantId {
  const id = text.trim().toLowerCase();
  if (!isVariantId(id)) throw new CliError(`unknown variant "${text}": choose one of ${VARIANT_IDS.join(', ')}`);
  return id;
}

/** The position named by `--variant` and `--position` (the rule set's starting position without one). */
export function positionOption(opts: DraughtsOptionValues): Position {
  const variant = variantOption(opts.variant);
  const given = positionFlag(opts);
  if (given === undefined) return initialPosition(variant);
  const r = parseFen(given.text, variant);
  if (!r.ok) throw new CliError(`bad ${given.flag}: ${describeError(r.error)}`);
  return r.value;
}
