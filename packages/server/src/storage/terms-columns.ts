/**
 * The terms of a game to come (its family, catalogue options, clock and whether it is rated) as the tables that hold
 * them before the game exists store them (`challenges`, `tournaments`): options and clock as JSON text, rated as 0/1.
 */
import { readControl, type TimeControlSpec } from '../games/control.js';

export interface GameTerms {
  readonly family: string;
  /** The catalogue options, as JSON data. */
  readonly options: unknown;
  readonly control: TimeControlSpec;
  readonly rated: boolean;
}

/** The columns of the terms in a row. */
export interface TermsColumns {
  readonly family: string;
  readonly options: string;
  readonly control: string;
  readonly rated: number;
}

export function termsColumns(t: GameTerms): TermsColumns {
  return {
    family: t.family,
    options: JSON.stringify(t.options),
    control: JSON.stringify(t.control),
    rated: t.rated ? 1 : 0,
  };
}

export function termsOf(row: TermsColumns): GameTerms {
  return {
    family: row.family,
    options: JSON.parse(row.options) as unknown,
    // Read as a request's would be: a control stored before a field existed gets its default.
    control: readControl(JSON.parse(row.control) as unknown),
    rated: row.rated === 1,
  };
}
