/**
 * Records brought to the server to analyse or continue: read with the game's own record reader (PDN for draughts,
 * the manuals' formats for the others), then played on from their last position — against the computer, or by
 * the importer on both sides.
 */
import { entryOf } from '@tactica/catalogue/all';
import type { Player } from '@tactica/core';
import type { User } from '../accounts/accounts.js';
import { DomainError, fromInputError } from '../errors.js';
import { NO_CONTROL } from './control.js';
import type { LiveGame } from './live-game.js';
import type { GameService, SeatHolder } from './service.js';

export interface ImportRequest {
  readonly family: string;
  readonly format?: string;
  readonly text: string;
  /** Continue against the computer at this level; without it, the importer plays both sides. */
  readonly level?: string;
  /** The importer's seat against the computer. */
  readonly seat?: Player;
}

export class Imports {
  constructor(private readonly games: GameService) {}

  async importRecord(user: User, request: ImportRequest): Promise<LiveGame> {
    const entry = entryOf(request.family);
    if (!entry.ok) throw fromInputError(entry.error, 'family');
    const format = request.format ?? entry.value.records[0]?.id;
    if (!format) throw new DomainError('import/no-format', `${entry.value.name} has no record format`, 'format');
    const read = await entry.value.importRecord(format, request.text);
    if (!read.ok) throw fromInputError(read.error, 'text');
    const me: SeatHolder = { user };
    const seats: [SeatHolder, SeatHolder] =
      request.level === undefined
        ? [me, me]
        : (request.seat ?? 0) === 0
          ? [me, { level: request.level }]
          : [{ level: request.level }, me];
    return this.games.create({
      family: entry.value.family,
      options: read.value.options,
      seats,
      control: NO_CONTROL,
      rated: false,
      history: read.value.history,
      ...(read.value.snapshot !== undefined ? { snapshot: read.value.snapshot } : {}),
    });
  }
}
