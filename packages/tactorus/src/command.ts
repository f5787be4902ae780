/**
 * Tactorus's own commands outside the rounds, as the game contract's `command`: customizing the board (manual,
 * "Customizing a Tactorus game") and changing the rule alterations mid-game (manual, 3.5.X). A command is written
 * as its record line in a `++Tactorus` file, so the core session's line and the game's record say it the same way:
 *
 *   Customize: caccafccac/iiiiiiiiii/........../…/CACCFACCAC
 *   Rules: chain high-ground          (or Rules: basic)
 *
 *   const s = unwrap(session.command(formatCommand({ type: 'rules', rules: BASIC_RULES }), { expectedVersion, now }));
 */
import { err, inputError, ok, type CommandApplied, type InputError, type Result } from '@tactica/core';
import { changeRules, customize } from './customize.js';
import { formatBoard, formatRulesField, parseBoard, parseRulesField } from './position.js';
import type { Rules, TactorusState } from './state.js';
import type { TactorusCode } from './codes.js';

/** A change of the game outside the rounds: a new board (flags unmoved), or new rule alterations. */
export type TactorusCommand =
  { readonly type: 'customize'; readonly board: string } | { readonly type: 'rules'; readonly rules: Rules };

/** The command's record line: `Customize: <10 rows separated by />` or `Rules: <names separated by spaces>`. */
export function formatCommand(c: TactorusCommand): string {
  return c.type === 'customize'
    ? `Customize: ${formatBoard(c.board)}`
    : `Rules: ${formatRulesField(c.rules).replace(/,/g, ' ')}`;
}

/** Reads a command's record line; anything else is refused with `command/unknown`. */
export function parseCommand(text: string): Result<TactorusCommand, InputError<TactorusCode>> {
  if (typeof text !== 'string') return err(inputError('command/unknown', 'a command is text'));
  const custom = /^Customize: (\S+)$/.exec(text);
  if (custom) {
    const b = parseBoard(custom[1] as string);
    return b.ok ? ok({ type: 'customize', board: b.value }) : b;
  }
  const rules = /^Rules: ([a-z -]+)$/.exec(text);
  if (rules) {
    const r = parseRulesField(rules[1] as string);
    return r.ok ? ok({ type: 'rules', rules: r.value }) : r;
  }
  return err(
    inputError('command/unknown', `"${text.slice(0, 80)}" is not a command: "Customize: <board>" or "Rules: <names>"`, {
      input: text.slice(0, 80),
    }),
  );
}

/** Carries out a command: the flags stay where they are, and every scheduled order of both players is cleared. */
export function applyCommand(s: TactorusState, c: TactorusCommand): Result<TactorusState, InputError<TactorusCode>> {
  return c.type === 'customize' ? customize(s, c.board) : changeRules(s, c.rules);
}

/** The game contract's `command`: reads the record line, carries it out, and gives the line as written back. */
export function tactorusCommand(
  s: TactorusState,
  text: string,
): Result<CommandApplied<TactorusState>, InputError<TactorusCode>> {
  const c = parseCommand(text);
  if (!c.ok) return c;
  const next = applyCommand(s, c.value);
  return next.ok ? ok({ state: next.value, text: formatCommand(c.value) }) : next;
}
