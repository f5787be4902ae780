/**
 * Options shared by the draughts commands: `--variant <id>`, `--fen <FEN>`, `--giveaway`.
 */
import type { Command } from 'commander';
import { describeError } from '@tactica/core';
import { initialPosition, isVariantId, parseFen, VARIANT_IDS, type Position, type VariantId } from '@tactica/draughts';
import { CliError } from '../../io.js';

export interface DraughtsOptionValues {
  readonly variant: string;
  readonly fen?: string;
  readonly giveaway?: boolean;
}

/** Adds `--variant <id>` (required) and `--fen <FEN>`; `--giveaway` too when `giveaway` is set. */
export function addPositionOptions(cmd: Command, options: { giveaway?: boolean } = {}): Command {
  cmd
    .requiredOption('--variant <id>', `rule set: ${VARIANT_IDS.join(', ')}`)
    .option('--fen <FEN>', 'start from this position (draughts FEN, e.g. W:W31-50:B1-20); default: the start');
  if (options.giveaway) cmd.option('--giveaway', 'give-away mode (the side left without a move wins)');
  return cmd;
}

export function variantOption(text: string): VariantId {
  const id = text.trim().toLowerCase();
  if (!isVariantId(id)) throw new CliError(`unknown variant "${text}": choose one of ${VARIANT_IDS.join(', ')}`);
  return id;
}

/** The position named by `--variant` and `--fen` (the rule set's starting position without `--fen`). */
export function positionOption(opts: DraughtsOptionValues): Position {
  const variant = variantOption(opts.variant);
  if (opts.fen === undefined) return initialPosition(variant);
  const r = parseFen(opts.fen, variant);
  if (!r.ok) throw new CliError(`bad --fen: ${describeError(r.error)}`);
  return r.value;
}
