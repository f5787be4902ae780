/**
 * Mails that follow changes: after every change committed on this instance — a mail command, the browser, the
 * API, the scheduler's reminders and forfeits — each player (by their notify setting) and each subscriber who has
 * an address gets the board rendered for them (a Tactorus player sees their own orders and `???` for the other's).
 * A correspondence reminder (`meta.nagged`, set by the scheduler when it falls due) goes to the players to move.
 * Queued premoves are played here too, when their player's turn comes.
 *
 * Each change is heard once, by the instance that committed it, so each mail is sent once.
 */
import { moveText, stateAt, type Player } from '@tactica/core';
import { playsInRounds, sequentialPlay } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { DAY_MS } from '../games/control.js';
import { playersToAct, type LiveGame } from '../games/live-game.js';
import type { Services } from '../services.js';
import type { Mailer, OutMail } from './mailer.js';
import { errorSubject, formatTime, gameMail, gameName, gameSubject, playerName, vacationNote } from './render.js';
import type { PbmStore } from './store.js';

/** What a mail command says of the change it makes, for the mails that follow it. */
export interface ChangeContext {
  readonly note?: string;
  /** The sender's address: they get the reply, not a second mail. */
  readonly exclude?: string;
  readonly comment?: { readonly from: string; readonly text: string };
}

/** Who proposes a draw or an undo waiting for the other's answer. */
function proposedBy(game: LiveGame): Player | undefined {
  if (game.finished) return undefined;
  if (game.meta.takeback) return game.meta.takeback.by;
  return game.restored.session.drawOffer;
}

export class Notifier {
  private readonly contexts = new Map<string, ChangeContext>();
  /** Per game, the moves it had at the last change this instance heard (to tell a move from other changes). */
  private readonly plies = new Map<number, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /**
   * Per game, whether its changes may need mails or premoves (`PbmStore.mailInvolved`), asked once and forgotten
   * whenever any instance adds an address, a subscription or a premove (a `mail` change event). Most games are
   * played by nobody by mail, and for them a change then costs no query at all.
   */
  private readonly involved = new Map<number, boolean>();
  /** Raised by every `mail` event: an answer asked before one is not kept. */
  private generation = 0;
  private stopped = false;
  /** Mails handed to the mailer (for tests and the benchmark). */
  sent = 0;
  /** Mails the mailer refused (they are not retried: the outbox fallback is the mailer's). */
  failed = 0;

  constructor(
    private readonly services: Services,
    private readonly store: PbmStore,
    private readonly mailer: Mailer,
    private readonly replyAddress: (gameId: number, token: string) => string,
  ) {
    services.games.onCommitted((g) => this.changed(g));
    // This instance's own additions are heard at once, the others' when their event arrives.
    const forget = (): void => {
      this.generation++;
      this.involved.clear();
    };
    store.onMailChange(forget);
    services.database.onChange((e) => {
      if (e.kind === 'mail') forget();
    });
  }

  /** Runs a command whose change is mailed with `context` (the change it makes is version + 1 of `gameId`). */
  async during<T extends LiveGame>(gameId: number, context: ChangeContext, work: () => Promise<T>): Promise<T> {
    const current = this.services.games.cached(gameId) ?? (await this.services.games.load(gameId));
    const key = `${gameId}:${current.version + 1}`;
    this.contexts.set(key, context);
    try {
      return await work();
    } finally {
      this.contexts.delete(key);
    }
  }

  /** Whether this instance holds an answer for the game's mail involvement (a `mail` event clears it; tests wait on it). */
  remembersInvolvement(gameId: number): boolean {
    return this.involved.has(gameId);
  }

  /** Waits for the mails and premoves under way (tests, the command line before it exits, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Mail work under way, waited for by `idle` and `stop` (the tournaments' standings mails use it too). */
  track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.catch(() => undefined).finally(() => this.inFlight.delete(p));
  }

  async deliver(mail: OutMail): Promise<void> {
    if (mail.to.length === 0) return;
    try {
      await this.mailer.send(mail);
      this.sent++;
    } catch {
      this.failed++;
    }
  }

  private changed(game: LiveGame): void {
    if (this.stopped) return;
    const moved = this.movedNote(game);
    const given = this.contexts.get(`${game.id}:${game.version}`);
    if (!given && this.involved.get(game.id) === false) return;
    // A move made elsewhere (the browser, the API, the computer) is told as a mail's move is: "ann played f1-f4."
    const context = given ?? (moved ? { note: moved } : undefined);
    this.track(this.followChange(game, context));
  }

  /**
   * `ann played f1-f4.` when this change added one move to the moves this instance last heard the game had (issue
   * 40: a move through the API mailed no such line); undefined for any other change (an offer, a takeback).
   */
  private movedNote(game: LiveGame): string | undefined {
    const r = sequentialPlay(game.restored);
    if (!r) return undefined;
    const h = r.session.history;
    const before = this.plies.get(game.id);
    if (this.plies.size >= 10_000 && before === undefined) this.plies.clear();
    this.plies.set(game.id, h.cursor);
    if (before === undefined || h.cursor !== before + 1) return undefined;
    const s = stateAt(r.setup.game, h, h.cursor - 1);
    const mover = r.setup.game.toMove(s)[0] ?? 0;
    return `${playerName(game, mover)} played ${moveText(r.setup.game, s, h.moves[h.cursor - 1])}.`;
  }

  private async followChange(game: LiveGame, context: ChangeContext | undefined): Promise<void> {
    // A command sent by mail always needs its mails (its context says so): no need to ask.
    if (!context && !(await this.isInvolved(game))) return;
    await Promise.all([
      this.mailChange(game, context),
      !game.finished && !playsInRounds(game.restored) ? this.playQueued(game.id) : undefined,
    ]);
  }

  private async isInvolved(game: LiveGame): Promise<boolean> {
    const known = this.involved.get(game.id);
    if (known !== undefined) return known;
    const generation = this.generation;
    const players = game.users.flatMap((u) => (u ? [u.id] : []));
    const answer = await this.store.mailInvolved(game.id, players);
    if (generation === this.generation) {
      if (this.involved.size >= 10_000) this.involved.clear();
      this.involved.set(game.id, answer);
    }
    return answer;
  }

  /** Who gets mails of a game: each user with their addresses and their seat (undefined: a subscriber). */
  private async recipients(game: LiveGame): Promise<{ user: User; seat: Player | undefined; addresses: string[] }[]> {
    const players = ([0, 1] as const).flatMap((p) => {
      const u = game.users[p];
      return u ? [{ user: u, seat: p as Player | undefined }] : [];
    });
    const subscribers = await this.store.subscribers(game.id);
    const all = [...players];
    for (const s of subscribers) if (!all.some((a) => a.user.id === s.id)) all.push({ user: s, seat: undefined });
    if (players.length === 2 && players[0]?.user.id === players[1]?.user.id) all.splice(1, 1);
    const addresses = await this.store.addressesOfAll(all.map((a) => a.user.id));
    return all.flatMap((a) => {
      const list = addresses.get(a.user.id) ?? [];
      return list.length > 0 ? [{ ...a, addresses: list }] : [];
    });
  }

  private async mailChange(game: LiveGame, context: ChangeContext | undefined): Promise<void> {
    const recipients = await this.recipients(game);
    if (recipients.length === 0) return;
    const settings = await this.store.settingsOfAll(recipients.map((r) => r.user.id));
    const toAct = playersToAct(game);
    const now = this.services.now();
    const reminder = game.meta.nagged === game.version && game.control.kind === 'correspondence';
    const exclude = context?.exclude?.toLowerCase();
    for (const r of recipients) {
      const mode = settings.get(r.user.id)?.notify ?? 'all';
      const theirTurn = r.seat !== undefined && toAct.includes(r.seat);
      const asked = r.seat !== undefined && proposedBy(game) !== undefined && proposedBy(game) !== r.seat;
      if (mode === 'off') continue;
      // A change one player alone may know of (their Tactorus orders before `done`) is nobody else's news.
      if (game.meta.privateTo !== undefined && r.seat !== game.meta.privateTo) continue;
      if (reminder && !theirTurn) continue;
      if (mode === 'turn' && r.seat !== undefined && !theirTurn && !asked && !game.finished) continue;
      const to = r.addresses.filter((a) => a !== exclude);
      if (to.length === 0) continue;
      // Every player's mail has their reply address, the end's too (both sides alike: chat after the game).
      const replyTo =
        r.seat !== undefined ? this.replyAddress(game.id, await this.store.tokenFor(game.id, r.user.id)) : undefined;
      let note = context?.note;
      if (reminder && game.control.kind === 'correspondence') {
        const forfeit = game.meta.turnSince + game.control.daysPerMove * DAY_MS;
        note = `Reminder: board ${game.id} waits for your move since ${formatTime(game.meta.turnSince)}. Without one by ${formatTime(forfeit)} you forfeit.`;
      } else if (!note && game.version === 1) {
        note = `Board ${game.id} has started: ${playerName(game, 0)} against ${playerName(game, 1)}.`;
      }
      note ??= vacationNote(game, now);
      const mail = gameMail(game, {
        now,
        ...(r.seat !== undefined ? { viewer: r.seat } : {}),
        ...(note ? { note } : {}),
        ...(context?.comment ? { comment: context.comment } : {}),
        ...(replyTo ? { replyAddress: replyTo } : {}),
      });
      await this.deliver({
        to,
        subject: reminder ? `Reminder: ${mail.subject}` : mail.subject,
        text: mail.text,
        ...(replyTo ? { replyTo } : {}),
      });
    }
  }

  /** Chat said on a board by mail: to the players and subscribers with addresses, but the one who said it. */
  async chat(game: LiveGame, from: User, text: string, exclude: string | undefined): Promise<void> {
    const recipients = await this.recipients(game);
    for (const r of recipients) {
      if (r.user.id === from.id) continue;
      const to = r.addresses.filter((a) => a !== exclude?.toLowerCase());
      await this.deliver({
        to,
        subject: `${gameName(game.family)} Board ${game.id} Chat from ${from.name}`,
        text: `${from.name} says on board ${game.id}:\n\n${text}\n\n(${gameSubject(game)})\n`,
      });
    }
  }

  /**
   * Plays the premove of a player whose turn it is, once (another instance may take it first). A premove that is
   * not legal when its turn comes clears the player's queue, and they are told why.
   */
  async playQueued(gameId: number, exclude?: string): Promise<void> {
    const queued = await this.store.queuedOnBoard(gameId);
    if (queued.length === 0) return;
    const game = await this.services.games.load(gameId);
    if (game.finished || playsInRounds(game.restored)) return;
    const p = playersToAct(game)[0];
    const user = p === undefined ? undefined : game.users[p];
    if (!user) return;
    const first = queued.find((q) => q.userId === user.id);
    if (!first || !(await this.store.dequeue(first.id))) return;
    try {
      await this.during(
        gameId,
        { note: `${user.name} played ${first.move} (queued).`, ...(exclude ? { exclude } : {}) },
        () => this.services.games.command(gameId, user, game.version, { kind: 'move', move: first.move }),
      );
    } catch (e) {
      await this.store.clearQueue(gameId, user.id);
      const error = e instanceof DomainError ? e : new DomainError('server/error', 'the premove could not be played');
      const addresses = await this.store.addressesOf(user.id);
      await this.deliver({
        to: addresses,
        subject: errorSubject(game.family, game.id),
        text:
          `Your queued move ${first.move} on board ${game.id} could not be played, and your queue there is cleared.\n\n` +
          `Error ${error.code}: ${error.message}\n`,
      });
    }
  }
}
