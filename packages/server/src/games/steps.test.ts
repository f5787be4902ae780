/**
 * Two instances on one PostgreSQL: each follows the other's changes by the events' steps, and its cached copy after
 * every change equals what a fresh read of the row gives — moves (on a clock and without), takebacks asked for,
 * refused and granted, draws offered and declined, a resignation. Changes without a step (or with one that does not
 * apply) leave no stale copy behind.
 */
import { storeGame } from '@tactica/catalogue';
import { createRng, type Player } from '@tactica/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../accounts/accounts.js';
import { noticeText, noticeTexts, readNotice } from '../bus/postgres-bus.js';
import { openDatabase, type ChangeEvent, type Database } from '../db/database.js';
import { stopTestPostgres, testPostgres } from '../testing/server.js';
import type { TimeControlSpec } from './control.js';
import type { LiveGame } from './live-game.js';
import { GameService } from './service.js';
import { applyStep, stepOf } from './steps.js';
import type { GameCommand } from './transitions.js';

afterAll(() => stopTestPostgres());

/** Everything a reader of the game sees, the session as its stored snapshot. */
function comparable(g: LiveGame): object {
  const { restored, ...rest } = g;
  return { ...rest, stored: JSON.parse(JSON.stringify(storeGame(restored.setup, restored.session))) as unknown };
}

interface Side {
  readonly database: Database;
  readonly games: GameService;
  /** The newest version heard per game. */
  readonly heard: Map<number, number>;
}

async function side(url: string, now: () => number): Promise<Side> {
  const database = await openDatabase({ url });
  const games = GameService.onDatabase(database, now);
  const heard = new Map<number, number>();
  database.onChange((e: ChangeEvent) => {
    if (e.kind === 'game' && e.gameId !== undefined && e.version !== undefined) {
      heard.set(e.gameId, Math.max(heard.get(e.gameId) ?? 0, e.version));
    }
  });
  return { database, games, heard };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('an instance follows another by the events', () => {
  let a: Side;
  let b: Side;
  let t = Date.UTC(2026, 10, 26, 5);
  const now = (): number => t;
  const ann: User = { id: 'u-ann', name: 'ann' };
  const ben: User = { id: 'u-ben', name: 'ben' };

  beforeAll(async () => {
    const url = await (await testPostgres()).newDatabase();
    a = await side(url, now);
    b = await side(url, now);
    for (const u of [ann, ben]) {
      await a.database.db
        .insertInto('users')
        .values({ id: u.id, name: u.name, name_key: u.name, password_hash: '-', created_at: t, vacation_until: null })
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    await a?.database.close();
    await b?.database.close();
  });

  const cases: readonly { family: 'draughts' | 'tactics' | 'tactrix' | 'force400'; control: TimeControlSpec }[] = [
    { family: 'draughts', control: { kind: 'live', mode: 'game', limit: 'normal', increment: 2 } },
    { family: 'tactics', control: { kind: 'live', mode: 'move', limit: 'normal', increment: 0 } },
    { family: 'tactrix', control: { kind: 'correspondence', daysPerMove: 5, nagDays: 2 } },
    { family: 'force400', control: { kind: 'none' } },
  ];

  it.each(cases)(
    '$family: the other instance’s copy equals a fresh read after every change',
    async ({ family, control }) => {
      const rng = createRng(family);
      const created = await a.games.create({ family, seats: [{ user: ann }, { user: ben }], control, rated: true });
      const id = created.id;
      await b.games.load(id);
      let stepsFollowed = 0;
      for (let k = 0; k < 40; k++) {
        t += 1 + rng.int(3000);
        // The player acts on either instance; the other one follows.
        const [actor, follower] = rng.int(2) === 0 ? [a, b] : [b, a];
        if (!follower.games.cached(id)) await follower.games.load(id);
        const game = await actor.games.load(id);
        const before = follower.games.cached(id) as LiveGame;
        expect(before.version).toBe(game.version);
        if (game.finished) break;
        const r = game.restored;
        if (r.dynamics !== 'sequential') throw new Error('a sequential game');
        const toMove = r.session.toMove as Player;
        const user = toMove === 0 ? ann : ben;
        const other = toMove === 0 ? ben : ann;
        const roll = rng.int(20);
        let by = user;
        let cmd: GameCommand;
        if (game.meta.takeback) {
          by = game.meta.takeback.by === 0 ? ben : ann;
          cmd = { kind: 'answer-takeback', accept: rng.int(2) === 0 };
        } else if (r.session.state.drawOffer !== undefined) {
          by = r.session.state.drawOffer === 0 ? ben : ann;
          cmd = { kind: 'answer-draw', accept: false };
        } else if (roll === 0 && r.session.history.cursor > 0 && control.kind !== 'live') {
          by = other;
          cmd = { kind: 'request-takeback' };
        } else if (roll === 1) {
          cmd = { kind: 'offer-draw' };
        } else if (k === 39) {
          cmd = { kind: 'resign' };
        } else {
          const moves = r.session.game.legalMoves(r.session.position);
          const m = moves[rng.int(moves.length)];
          cmd = { kind: 'move', move: r.session.game.formatMove(r.session.position, m) };
        }
        const done = await actor.games.command(id, by, game.version, cmd);
        await until(() => (follower.heard.get(id) ?? 0) >= done.version, `version ${done.version}`);
        const fresh = await follower.games.loadIn(id);
        expect(fresh.version).toBe(done.version);
        const followed = follower.games.cached(id);
        const stepped =
          cmd.kind === 'move' ||
          cmd.kind === 'resign' ||
          cmd.kind === 'request-takeback' ||
          (cmd.kind === 'answer-takeback' && !cmd.accept);
        if (stepped) {
          // A move, a resignation or a change of meta alone: followed without a read, to exactly what the row holds.
          expect(followed, `${cmd.kind} at version ${done.version}`).toBeDefined();
          stepsFollowed++;
        }
        if (followed) expect(comparable(followed)).toEqual(comparable(fresh));
      }
      expect(stepsFollowed).toBeGreaterThan(20);
    },
    30_000,
  );

  it('a step that does not fit the cached copy is refused, and the copy is read again', async () => {
    const game = await a.games.create({
      family: 'tactics',
      seats: [{ user: ann }, { user: ben }],
      control: { kind: 'none' },
      rated: false,
    });
    const r = game.restored;
    if (r.dynamics !== 'sequential') throw new Error('a sequential game');
    const move = r.session.game.formatMove(r.session.position, r.session.game.legalMoves(r.session.position)[0]);
    const played = await a.games.command(game.id, ann, game.version, { kind: 'move', move });
    const step = stepOf(game, played);
    expect(step?.move).toBe(move);
    expect(comparable(applyStep(game, played.version, step) as LiveGame)).toEqual(comparable(played));
    // A version gap, a move the position does not allow, a session version that does not match, no meta.
    expect(applyStep(game, played.version + 1, step)).toBeUndefined();
    expect(applyStep(played, played.version + 1, step)).toBeUndefined();
    expect(applyStep(game, played.version, { ...step, session: 99 })).toBeUndefined();
    expect(applyStep(game, played.version, { at: t, move })).toBeUndefined();

    // A resignation: followed by its player; not from another version, nor after a move, nor in a finished game.
    t += 500;
    const resigned = await a.games.command(game.id, ben, played.version, { kind: 'resign' });
    const resignation = stepOf(played, resigned);
    expect(resignation).toMatchObject({ resigned: 1, session: resigned.restored.session.version });
    expect(comparable(applyStep(played, resigned.version, resignation) as LiveGame)).toEqual(comparable(resigned));
    expect(applyStep(game, played.version, resignation)).toBeUndefined();
    expect(applyStep(played, resigned.version, { ...resignation, move })).toBeUndefined();
    expect(applyStep(resigned, resigned.version + 1, resignation)).toBeUndefined();
    expect(applyStep(played, resigned.version, { ...resignation, resigned: 2 })).toBeUndefined();
    const taken = await a.games.command(game.id, ben, resigned.version, { kind: 'request-takeback' });
    const back = await a.games.command(game.id, ann, taken.version, { kind: 'answer-takeback', accept: true });
    expect(back.finished).toBe(false);

    // On the other instance: a change without a step (a draw offered) drops the copy, which is then read again.
    await b.games.load(game.id);
    t += 1000;
    const offered = await a.games.command(game.id, ben, back.version, { kind: 'offer-draw' });
    await until(() => (b.heard.get(game.id) ?? 0) >= offered.version, 'the offer');
    expect(b.games.cached(game.id)).toBeUndefined();
    expect(comparable(await b.games.load(game.id))).toEqual(comparable(offered));
  });

  it('Tactorus rounds carry no step: the other instance reads the game again, never keeps a stale copy', async () => {
    const game = await a.games.create({
      family: 'tactorus',
      seats: [{ user: ann }, { user: ben }],
      control: { kind: 'none' },
      rated: false,
    });
    await b.games.load(game.id);
    let version = game.version;
    for (const [by, cmd] of [
      [ann, { kind: 'orders', moves: ['done'] }],
      [ben, { kind: 'orders', moves: ['done'] }],
      [ben, { kind: 'offer-draw' }],
    ] as const) {
      t += 500;
      const done = await a.games.command(game.id, by, version, cmd);
      version = done.version;
      await until(() => (b.heard.get(game.id) ?? 0) >= version, `version ${version}`);
      expect(b.games.cached(game.id)).toBeUndefined();
      expect(comparable(await b.games.load(game.id))).toEqual(comparable(done));
    }
  });

  it('a notification too long for PostgreSQL goes without its step', () => {
    const origin = 'c0ffee00-0000-4000-8000-000000000000';
    const e: ChangeEvent = { kind: 'game', gameId: 1, version: 2, step: { at: 1, meta: {}, move: 'x'.repeat(7950) } };
    const text = noticeText([e], origin);
    expect(Buffer.byteLength(text)).toBeLessThan(8000);
    expect(readNotice(text)).toEqual({ origin, events: [{ kind: 'game', gameId: 1, version: 2 }] });
    const short: ChangeEvent = { ...e, step: { at: 1, meta: {}, move: '22-18' } };
    expect(readNotice(noticeText(short, origin))).toEqual({ origin, events: [short] });
  });

  it("a transaction's events go as one notification, or as few as PostgreSQL's limit allows, in order", () => {
    const origin = 'c0ffee00-0000-4000-8000-000000000000';
    const made: ChangeEvent[] = [{ kind: 'game', gameId: 7, version: 1 }, { kind: 'lobby' }, { kind: 'lobby' }];
    const one = noticeTexts(made, origin);
    expect(one).toHaveLength(1);
    expect(readNotice(one[0] as string)).toEqual({ origin, events: made });
    // Events of 3,000 bytes each: two fit a payload, the third starts the next; one too long alone
    // loses its step (and then fits beside the third).
    const big = (n: number, size: number): ChangeEvent => ({
      kind: 'game',
      gameId: n,
      version: 2,
      step: { at: 1, meta: {}, move: 'é'.repeat(size / 2) },
    });
    const events = [big(1, 3000), big(2, 3000), big(3, 3000), big(4, 9000), { kind: 'lobby' } as ChangeEvent];
    const texts = noticeTexts(events, origin);
    for (const t of texts) expect(Buffer.byteLength(t)).toBeLessThan(8000);
    const heard = texts.flatMap((t) => readNotice(t).events);
    expect(heard).toEqual([
      events[0],
      events[1],
      events[2],
      { kind: 'game', gameId: 4, version: 2 },
      { kind: 'lobby' },
    ]);
    expect(texts).toHaveLength(2);
    expect(readNotice(texts[0] as string).events).toEqual([events[0], events[1]]);
    expect(noticeTexts([], origin)).toEqual([]);
  });
});
