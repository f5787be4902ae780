/**
 * Runs tournaments on: pairs a round when the one before is over (an arena: whenever two players are free), makes
 * each pairing's game as an ordinary game, records each game's result as it ends, forfeits the games of a player
 * who withdraws, and ends the tournament. Every step holds the tournament in one transaction
 * (./tournament-repository.ts `hold`), so two instances never pair a round twice; a game's end is heard at once on
 * the instance that wrote it (`GameService.onCommitted`), and every instance's poll finds whatever was missed
 * (another instance's games, a restart).
 */
import type { Player } from '@tactica/core';
import type { GameFamily } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { notFound } from '../errors.js';
import type { LiveGame } from '../games/live-game.js';
import type { GameService, SeatHolder } from '../games/service.js';
import { applyForfeit } from '../games/transitions.js';
import { Poller } from '../poller.js';
import type { Notify, Repositories, Storage } from '../storage/ports.js';
import { TOURNAMENT_POLL_BATCH } from './limits.js';
import {
  BYE_RESULT,
  forfeitResult,
  nextStep,
  roundRobinRounds,
  roundsFor,
  standingsOf,
  type Entrant,
  type Pairing,
  type PairingResult,
} from './pairing/index.js';
import type { NewStoredPairing, StoredEntry, StoredPairing, StoredTournament } from './tournament-repository.js';

/** The pairing module's id of an entry: its number. */
export const entrantId = (no: number): string => String(no);

/** The entries as the pairing rules see them: seeded (entries without a seed, by number). */
export function entrantsOf(entries: readonly StoredEntry[]): Entrant[] {
  return entries.map((e) => ({
    id: entrantId(e.no),
    seed: e.seed ?? e.no,
    ...(e.withdrawn ? { withdrawn: true } : {}),
  }));
}

/** The stored pairings as the pairing rules see them. */
export function pairingsOf(stored: readonly StoredPairing[]): Pairing[] {
  return stored.map((p) => ({
    round: p.round,
    players: [entrantId(p.seats[0]), p.seats[1] === null ? null : entrantId(p.seats[1])],
    ...(p.leg !== 1 ? { leg: p.leg } : {}),
    result: p.result,
  }));
}

/** A finished game's outcome (stored JSON) as the pairing's points. */
function resultOfOutcome(json: string): PairingResult {
  const o = JSON.parse(json) as { kind: string; winner?: Player };
  if (o.kind === 'win' && (o.winner === 0 || o.winner === 1)) return { score: o.winner === 0 ? [1, 0] : [0, 1] };
  return { score: [0.5, 0.5] };
}

/** A round ended (`over`: the last, the tournament finished), heard once, on the instance that recorded it. */
export type RoundListener = (tournamentId: number, round: number, over: boolean) => void;

/** Rounds of pairing one step may make at most (byes and forfeits can finish a round at once). */
const STEPS_AT_ONCE = 64;

export class TournamentDirector {
  /** The poll; a stop waits for it and for the games' ends being recorded (`track`). */
  private readonly poller = new Poller(() => this.sweep());
  /** The last running tournament the poll looked at (0: start again from the first). */
  private pollCursor = 0;
  private readonly roundListeners = new Set<RoundListener>();

  constructor(
    private readonly storage: Storage,
    private readonly games: GameService,
    private readonly now: () => number,
    private readonly pollMs: number,
  ) {
    // A game ending on this instance: its tournament learns at once.
    games.onCommitted((g) => {
      if (g.finished && !this.poller.stopped) void this.poller.track(this.gameEnded(g.id).catch(() => undefined));
    });
  }

  /** Hears every round that ends (the standings mailed after each round: ../pbm/tournament-mail.ts). */
  onRoundOver(listener: RoundListener): void {
    this.roundListeners.add(listener);
  }

  /** Tells the listeners of the rounds a committed step ended. */
  private roundsOver(ended: readonly { round: number; over: boolean }[], id: number): void {
    for (const e of ended) for (const l of this.roundListeners) l(id, e.round, e.over);
  }

  start(): void {
    this.poller.start(this.pollMs);
  }

  async stop(): Promise<void> {
    await this.poller.stop();
  }

  /** One poll: due starts, then every running tournament brought up to date (a failed poll is retried). */
  private async sweep(): Promise<void> {
    const repos = this.storage.repos.tournaments;
    for (const id of await repos.dueToStart(this.now(), TOURNAMENT_POLL_BATCH)) {
      await this.startById(id, undefined).catch(() => undefined);
    }
    // A batch a turn, going round: the next poll takes the running tournaments after the last one looked at.
    const ids = await repos.running(this.pollCursor, TOURNAMENT_POLL_BATCH);
    this.pollCursor = ids.length < TOURNAMENT_POLL_BATCH ? 0 : (ids[ids.length - 1] ?? 0);
    for (const id of ids) {
      if (await this.hasWork(id)) await this.advance(id).catch(() => undefined);
    }
  }

  /**
   * Whether a running tournament has something to do, read without holding it: an arena (free players to pair,
   * its time to end), a game ended whose result is not recorded, or every pairing decided (a round to pair).
   */
  private async hasWork(id: number): Promise<boolean> {
    const repos = this.storage.repos;
    const t = await repos.tournaments.get(id);
    if (t?.kind === 'arena') return true;
    const open = (await repos.tournaments.pairings(id)).filter((p) => !p.result);
    if (open.length === 0) return true;
    const games = open.flatMap((p) => (p.gameId === null ? [] : [p.gameId]));
    return (await repos.games.resultsOf(games)).size > 0;
  }

  /** A game ended: the tournament it is paired for (if any) records it and pairs on. */
  async gameEnded(gameId: number): Promise<void> {
    const pairing = await this.storage.repos.tournaments.pairingOfGame(gameId);
    if (pairing && !pairing.result) await this.advance(pairing.tournamentId);
  }

  /**
   * Starts an open tournament (the organiser's `by`, or the server at its time: undefined): seeds by rating, and
   * pairs its first round. Fewer than two entrants: a tournament started by time is cancelled **(ours)**.
   */
  async startById(id: number, check: ((t: StoredTournament) => void) | undefined): Promise<StoredTournament> {
    const made: LiveGame[] = [];
    const t = await this.storage.transaction(async (repos, notify) => {
      const held = await repos.tournaments.hold(id);
      if (!held) return undefined;
      check?.(held);
      if (held.status !== 'open') return held;
      const now = this.now();
      if (!check && (held.startsAt === null || held.startsAt > now)) return held;
      const entries = await repos.tournaments.entries(id);
      if (entries.length < 2) {
        if (check) return held;
        await repos.tournaments.update(id, { status: 'cancelled', finishedAt: now });
        notify({ kind: 'lobby' });
        return { ...held, status: 'cancelled' as const };
      }
      await repos.tournaments.setSeeds(id, await seedsOf(repos, held.family, entries));
      // A Swiss plays no more rounds than a round robin of its field would: beyond, repeats are forced.
      const rounds =
        held.kind === 'swiss'
          ? Math.min(held.rounds, roundRobinRounds(entries.length))
          : roundsFor(held.kind, entries.length, held.rounds);
      await repos.tournaments.update(id, { status: 'running', startedAt: now, round: 0, rounds });
      const started = { ...held, status: 'running' as const, startedAt: now, rounds };
      made.push(...(await this.pairOn(repos, notify, started)));
      return started;
    });
    for (const g of made) this.games.committed(g);
    if (!t) throw notFound(`tournament ${id}`);
    return t;
  }

  /**
   * Brings a running tournament up to date in one transaction: results of games that ended, then pairings while
   * there is something to pair, or its end.
   */
  async advance(id: number): Promise<void> {
    const ended: { round: number; over: boolean }[] = [];
    const made = await this.storage.transaction(async (repos, notify) => {
      ended.length = 0;
      const t = await repos.tournaments.hold(id);
      if (t?.status !== 'running') return [];
      await this.recordResults(repos, id);
      return this.pairOn(repos, notify, t, ended);
    });
    for (const g of made) this.games.committed(g);
    this.roundsOver(ended, id);
  }

  /** The results of the tournament's games that ended and are not yet recorded. */
  private async recordResults(repos: Repositories, id: number): Promise<void> {
    const open = (await repos.tournaments.pairings(id)).filter((p) => !p.result && p.gameId !== null);
    if (open.length === 0) return;
    const results = await repos.games.resultsOf(open.map((p) => p.gameId as number));
    for (const p of open) {
      const json = results.get(p.gameId as number);
      if (json !== undefined) await repos.tournaments.setResult(id, p.round, p.board, resultOfOutcome(json));
    }
  }

  /** Pairs while the rules say so (a round of byes and forfeits is over at once), and ends the tournament. */
  private async pairOn(
    repos: Repositories,
    notify: Notify,
    t: StoredTournament,
    ended: { round: number; over: boolean }[] = [],
  ): Promise<LiveGame[]> {
    const made: LiveGame[] = [];
    const now = this.now();
    const open = t.kind !== 'arena' || (t.startedAt ?? now) + (t.durationMs ?? 0) > now;
    for (let i = 0; i < STEPS_AT_ONCE; i++) {
      const entries = await repos.tournaments.entries(t.id);
      const stored = await repos.tournaments.pairings(t.id);
      const entrants = entrantsOf(entries);
      const pairings = pairingsOf(stored);
      await this.writeScores(repos, t, entrants, pairings);
      const step = nextStep(t.kind, entrants, pairings, { rounds: t.rounds, open });
      if (step.kind === 'wait') break;
      if (step.kind === 'over') {
        ended.push({ round: Math.max(0, ...pairings.map((p) => p.round)), over: true });
        await repos.tournaments.update(t.id, { status: 'finished', finishedAt: now });
        notify({ kind: 'lobby' });
        break;
      }
      // A new round (not an arena's wave, nor a knockout's replays) means the one before is over.
      const before = pairings.reduce((r, p) => Math.max(r, p.round), 0);
      if (t.kind !== 'arena' && step.round > before && before > 0) ended.push({ round: before, over: false });
      const byNo = new Map(entries.map((e) => [e.no, e]));
      let board = stored.filter((p) => p.round === step.round).reduce((b, p) => Math.max(b, p.board), 0);
      const rows: NewStoredPairing[] = [];
      for (const p of step.pairings) {
        const seats = [Number(p.players[0]), p.players[1] === null ? null : Number(p.players[1])] as const;
        const row = { round: step.round, board: ++board, leg: p.leg ?? 1, seats };
        const a = byNo.get(seats[0]);
        const b = seats[1] === null ? undefined : byNo.get(seats[1]);
        if (!a || (seats[1] !== null && !b)) continue;
        if (!b) {
          rows.push({ ...row, gameId: null, result: BYE_RESULT });
        } else if (a.withdrawn || b.withdrawn) {
          // A withdrawn player's pairing is decided without a game: the other wins (both withdrawn: nobody).
          const winner = a.withdrawn && b.withdrawn ? null : a.withdrawn ? 1 : 0;
          rows.push({ ...row, gameId: null, result: forfeitResult(winner) });
        } else {
          const game = await this.makeGame(repos, notify, t, [a, b]);
          made.push(game);
          rows.push({ ...row, gameId: game.id, result: null });
        }
      }
      await repos.tournaments.addPairings(t.id, rows);
      await repos.tournaments.update(t.id, { round: step.round });
      notify({ kind: 'lobby' });
    }
    return made;
  }

  /** The entries' scores as the standings give them (listings read them without the pairings). */
  private async writeScores(repos: Repositories, t: StoredTournament, entrants: Entrant[], pairings: Pairing[]) {
    const standings = standingsOf(t.kind, entrants, pairings);
    await repos.tournaments.setScores(t.id, new Map(standings.map((s) => [Number(s.id), s.score])));
  }

  /** A pairing's game: an ordinary game of the tournament's family, options and control, made in its transaction. */
  private async makeGame(
    repos: Repositories,
    notify: Notify,
    t: StoredTournament,
    [a, b]: readonly [StoredEntry, StoredEntry],
  ): Promise<LiveGame> {
    const holder = async (e: StoredEntry): Promise<SeatHolder> => {
      if (e.userId === null) return { level: e.level ?? '' };
      const user = await repos.accounts.userById(e.userId);
      return { user: { id: e.userId, name: user?.name ?? '?' } satisfies User };
    };
    const game = await this.games.create(
      {
        family: t.family as GameFamily,
        options: t.options,
        seats: [await holder(a), await holder(b)],
        control: t.control,
        rated: t.rated,
        tournament: t.id,
      },
      { repos, notify },
    );
    // Each person is told their game has begun, as a challenger is (the stream's `started`).
    for (const e of [a, b]) if (e.userId !== null) notify({ kind: 'lobby', userId: e.userId, gameId: game.id });
    return game;
  }

  /**
   * Withdraws an entry from a running tournament: not paired again, and each of its games in progress forfeited
   * (the games' own forfeit, as a correspondence forfeit: the game ends, its result is recorded as any other).
   */
  async withdraw(tournamentId: number, no: number): Promise<void> {
    const games = await this.storage.transaction(async (repos, notify) => {
      await repos.tournaments.hold(tournamentId);
      await repos.tournaments.setWithdrawn(tournamentId, no);
      notify({ kind: 'lobby' });
      const mine = (await repos.tournaments.pairings(tournamentId)).filter(
        (p) => !p.result && p.gameId !== null && (p.seats[0] === no || p.seats[1] === no),
      );
      return mine.map((p) => ({ gameId: p.gameId as number, seat: (p.seats[0] === no ? 0 : 1) as Player }));
    });
    for (const { gameId, seat } of games) {
      await this.games
        .change(gameId, undefined, (g, now) => (g.finished ? undefined : applyForfeit(g, seat, now)))
        .catch(() => undefined);
    }
    await this.advance(tournamentId);
  }
}

/** Seeds by rating in the family, the highest first (the computer and the unrated at 1500), then by entry. */
async function seedsOf(repos: Repositories, family: string, entries: readonly StoredEntry[]) {
  const rated: { no: number; rating: number }[] = [];
  for (const e of entries) {
    const r = e.userId === null ? undefined : await repos.ratings.of(e.userId, family);
    rated.push({ no: e.no, rating: r?.rating ?? 1500 });
  }
  rated.sort((x, y) => y.rating - x.rating || x.no - y.no);
  return new Map(rated.map((r, i) => [r.no, i + 1]));
}
