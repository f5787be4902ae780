/**
 * Turn mails **(ours)**: a player who asked for them (`turnMail`, off by default; `PUT /api/account/mail` or the web
 * app's account panel) gets one short mail when their turn begins in a correspondence game — who moved, what (in
 * Tactorus: the round carried out, and both players' orders are due), the game's link in the web app, how to stop
 * them — at their confirmed addresses (./store.ts: addresses confirm first).
 *
 * They are for players who get no board mails: a player whose `notify` setting mails them the board on their turn
 * (`all`, `turn`) gets that mail (./notifier.ts) and no second one. Live clocks get none (the player is at the
 * board); neither does a player watching the game on a stream of this instance at that moment. Bounded: one mail
 * under way per player and game (a turn heard while the last one is still being sent adds nothing), and at most
 * `perDay` a player a day, counted in the store (every instance together).
 *
 * Like the notifier, each change is heard once, by the instance that committed it; the mail goes out after the
 * commit, off the move's request (its answer never waits for the mail).
 */
import { moveText, stateAt, type Player } from '@tactica/core';
import { playsInRounds, sequentialPlay, turnNumber } from '@tactica/catalogue';
import { DAY_MS } from '../games/control.js';
import { playersToAct, type LiveGame } from '../games/live-game.js';
import type { Services } from '../services.js';
import { lastChangeText } from './events.js';
import type { OutMail } from './mailer.js';
import { formatTime, gameName, playerName } from './render.js';
import type { PbmStore } from './store.js';

/** Turn mails a player gets a day at most (`pbm.turnMailsPerDay`, `--turn-mails-per-day`). */
export const TURN_MAILS_PER_DAY = 20;

/** Turn mails under way on an instance at most (a turn past it is not mailed: the mailer is that far behind). */
const TURN_MAILS_UNDER_WAY_MAX = 10_000;

export interface TurnMailOptions {
  /** Turn mails a player a day at most. */
  readonly perDay: number;
  /** The web app's public address (`https://play.example.org/`): the mail links to the game there. */
  readonly publicUrl?: string | undefined;
}

/** The fact of one turn that a turn mail tells. */
interface Turn {
  readonly game: LiveGame;
  readonly seat: Player;
  /** What began it: `bob played 32-28` (moves in turn), `Round 3 was carried out: ….` (Tactorus). */
  readonly happened: string;
}

export class TurnMails {
  /** `userId:gameId` of the mails under way (at most one a player and game). */
  private readonly underWay = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** Turn mails handed to the mailer, and turns left unmailed by the daily cap (for tests and operators). */
  sent = 0;
  capped = 0;

  constructor(
    private readonly services: Services,
    private readonly store: PbmStore,
    private readonly deliver: (mail: OutMail) => Promise<void>,
    private readonly options: TurnMailOptions,
  ) {
    services.games.onCommitted((g) => this.changed(g));
  }

  /** Waits for the turn mails under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private changed(game: LiveGame): void {
    if (this.stopped) return;
    for (const turn of turnsBegun(game)) this.mailTurn(turn);
  }

  private mailTurn(turn: Turn): void {
    const { game } = turn;
    const user = game.users[turn.seat];
    if (!user || game.users[turn.seat === 0 ? 1 : 0]?.id === user.id) return;
    // A player at the board sees the move come in: no mail (this instance's streams only).
    if (this.services.hub.isWatching(game.id, user.id)) return;
    const key = `${user.id}:${game.id}`;
    if (this.underWay.has(key)) return;
    if (this.underWay.size >= TURN_MAILS_UNDER_WAY_MAX) return;
    this.underWay.add(key);
    const p = this.send(turn, user.id).finally(() => this.underWay.delete(key));
    this.inFlight.add(p);
    void p.catch(() => undefined).finally(() => this.inFlight.delete(p));
  }

  private async send(turn: Turn, userId: string): Promise<void> {
    const settings = await this.store.settings(userId);
    // Board mails on their turn already tell them (./notifier.ts).
    if (!settings.turnMail || settings.notify !== 'off') return;
    const to = await this.store.addressesOf(userId);
    if (to.length === 0) return;
    const { count } = await this.store.count(`turn-mail:${userId}`, DAY_MS);
    if (count > this.options.perDay) {
      this.capped++;
      return;
    }
    await this.deliver(turnMail(turn, to, this.options));
    this.sent++;
  }
}

/**
 * The turns this change began, when they are ones a turn mail tells, in a correspondence game not over whose turn
 * (or round) began with this change: a move played that left the other player to move, or a Tactorus round carried
 * out (both players' orders are due).
 */
function turnsBegun(game: LiveGame): Turn[] {
  if (game.finished || game.control.kind !== 'correspondence') return [];
  // The turn began with this change (a vacation moves the start on: the player is away, and is not mailed).
  if (game.meta.turnSince !== game.updatedAt) return [];
  const r = sequentialPlay(game.restored);
  if (!r) {
    const happened = lastChangeText(game, (p) => playerName(game, p));
    return happened ? playersToAct(game).map((seat) => ({ game, seat, happened })) : [];
  }
  const h = r.session.history;
  const seat = r.session.toMove;
  if (seat === undefined || h.cursor === 0) return [];
  const before = stateAt(r.setup.game, h, h.cursor - 1);
  const mover = r.setup.game.toMove(before)[0];
  if (mover === undefined || mover === seat) return [];
  const move = moveText(r.setup.game, before, h.moves[h.cursor - 1]);
  return [{ game, seat, happened: `${playerName(game, mover)} played ${move}` }];
}

/** The mail: who played what in which game, the link to answer, the deadline, and how to stop these mails. */
function turnMail(turn: Turn, to: readonly string[], options: TurnMailOptions): OutMail {
  const { game, seat } = turn;
  const name = gameName(game.family);
  const opponent = playerName(game, seat === 0 ? 1 : 0);
  const link = options.publicUrl ? gameUrl(options.publicUrl, game.id) : undefined;
  const round = playsInRounds(game.restored) ? turnNumber(game.restored) : undefined;
  const due = round !== undefined ? `Your orders for round ${round} are due` : 'It is your move';
  const which = `your ${name} game ${game.id} (${playerName(game, 0)} against ${playerName(game, 1)})`;
  const lines = [
    round !== undefined ? `In ${which}: ${turn.happened}` : `${turn.happened} in ${which}.`,
    '',
    link ? `${due}: ${link}` : `${due}: open game ${game.id} on the Online page of the web app.`,
  ];
  if (game.control.kind === 'correspondence') {
    lines.push(`Move by ${formatTime(game.meta.turnSince + game.control.daysPerMove * DAY_MS)}, or the game is lost.`);
  }
  lines.push(
    '',
    '--',
    'You get this mail because you asked for a mail when it is your turn in a correspondence game.',
    'To stop them, untick "Mail me when it is my turn" under Mail on the Online page of the web app',
    '(or PUT /api/account/mail {"turnMail": false}).',
  );
  const subject = `${name} game ${game.id}: ${round !== undefined ? `your orders` : 'your move'} against ${opponent}`;
  return { to, subject, text: `${lines.join('\n')}\n` };
}

/** `https://play.example.org/#online/game/12`: the web app's address for a game. */
function gameUrl(publicUrl: string, id: number): string {
  const u = new URL(publicUrl);
  u.hash = `online/game/${id}`;
  return u.toString();
}
