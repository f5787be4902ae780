/**
 * The conformance kit every change bus runs with the storage it publishes for (the in-process bus alone and on
 * SQLite, the LISTEN/NOTIFY bus on PostgreSQL; a Redis or NATS bus would run it too): named cases for the contract
 * of `bus/change-bus.ts`: what committed is heard once, in order, in the turn after the commit; nothing for a change
 * that did not commit; an event too big for the transport still arrives; an instance does not hear its own events
 * twice, and the others hear them. Framework-free like core's `GameStore` kit: each `run` rejects on failure.
 *
 *   for (const c of changeBusConformanceCases(harness)) it(c.name, c.run);
 */
import type { ChangeBus, ChangeEvent } from './change-bus.js';

/** One way the storage adapter writes a change and publishes its events (a transaction, a move's update…). */
export interface BusWritePath {
  /** Names the path in the case names. */
  readonly name: string;
  /** Commits a change that publishes `events`; resolves once committed, as the storage's own call does. */
  commit(events: readonly ChangeEvent[]): Promise<void>;
  /** Starts a change that notes `events` and does not commit it (rolled back, or a compare-and-set that missed). */
  fail(events: readonly ChangeEvent[]): Promise<void>;
}

/** One instance: its bus and the ways it writes. */
export interface BusInstance {
  readonly bus: ChangeBus;
  readonly writes: readonly BusWritePath[];
}

interface BusSetup {
  /** Instances on one store: one for a bus of one process, two for a bus that spans instances. */
  readonly instances: readonly [BusInstance, ...BusInstance[]];
  close(): Promise<void>;
}

export interface ChangeBusHarness {
  /** Names the bus in the case names. */
  readonly name: string;
  /** A fresh setup (each case gets its own). */
  open(): Promise<BusSetup>;
  /** The transport's limit on one message in bytes, if it has one: the oversized cases go past it. */
  readonly limit?: number;
  /** How long a case waits for an event to arrive before it fails (default 10 s). */
  readonly waitMs?: number;
}

export interface ChangeBusCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

class BusConformanceError extends Error {
  override name = 'BusConformanceError';
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new BusConformanceError(message);
}

const text = (events: readonly ChangeEvent[]): string => JSON.stringify(events);

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** What an instance has heard since it started listening. */
class Ear {
  readonly heard: ChangeEvent[] = [];
  readonly stop: () => void;

  constructor(bus: ChangeBus) {
    this.stop = bus.subscribe((e) => this.heard.push(e));
  }
}

/** Events no other case publishes, tagged with the case's own numbers. */
function eventsOf(tag: number, count: number): ChangeEvent[] {
  return Array.from({ length: count }, (_, i) => ({ kind: 'game', gameId: tag, version: i + 1 }) as ChangeEvent);
}

async function until(check: () => boolean, waitMs: number, what: string): Promise<void> {
  const end = Date.now() + waitMs;
  while (!check()) {
    if (Date.now() > end) throw new BusConformanceError(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** An event as another instance may hear it: without its step (the transport may drop it). */
function identity(e: ChangeEvent): string {
  return JSON.stringify([e.kind, e.gameId ?? null, e.version ?? null, e.userId ?? null]);
}

/** What each case of one bus's kit is written with. */
interface Kit {
  readonly harness: ChangeBusHarness;
  /** How long a case waits for an event. */
  readonly waitMs: number;
  /** Adds a case that runs on a fresh setup, closed after it. */
  readonly add: (name: string, run: (setup: BusSetup) => Promise<void>) => void;
  /** Runs `body` for each write path of the first instance (named in the failure). */
  readonly eachPath: (
    body: (setup: BusSetup, path: BusWritePath, ears: readonly Ear[], tag: number) => Promise<void>,
  ) => (setup: BusSetup) => Promise<void>;
  /** Waits until every other instance has heard everything this one committed so far (`expected` of them). */
  readonly othersHear: (ears: readonly Ear[], expected: number, what: string) => Promise<void>;
}

export function changeBusConformanceCases(harness: ChangeBusHarness): ChangeBusCase[] {
  const cases: ChangeBusCase[] = [];
  const kit = kitOf(harness, cases);
  deliveryCases(kit);
  transportCases(kit);
  listenerCases(kit);
  return cases;
}

/** The kit for one harness; its cases go into `cases`. */
function kitOf(harness: ChangeBusHarness, cases: ChangeBusCase[]): Kit {
  const waitMs = harness.waitMs ?? 10_000;
  const add = (name: string, run: (setup: BusSetup) => Promise<void>): void => {
    cases.push({
      name: `${harness.name}: ${name}`,
      run: async () => {
        const setup = await harness.open();
        try {
          await run(setup);
        } finally {
          await setup.close();
        }
      },
    });
  };
  const eachPath = (
    body: (setup: BusSetup, path: BusWritePath, ears: readonly Ear[], tag: number) => Promise<void>,
  ): ((setup: BusSetup) => Promise<void>) => {
    return async (setup) => {
      let tag = 1000;
      for (const path of setup.instances[0].writes) {
        const ears = setup.instances.map((i) => new Ear(i.bus));
        try {
          await body(setup, path, ears, (tag += 1000));
        } catch (e) {
          throw new BusConformanceError(`${path.name}: ${(e as Error).message}`);
        } finally {
          for (const ear of ears) ear.stop();
        }
      }
    };
  };
  const othersHear = async (ears: readonly Ear[], expected: number, what: string): Promise<void> => {
    for (const [i, ear] of ears.entries()) {
      if (i > 0) await until(() => ear.heard.length >= expected, waitMs, `instance ${i} to hear ${what}`);
    }
  };
  return { harness, waitMs, add, eachPath, othersHear };
}

/** Delivery: once each, in the turn after the commit, in one publisher's order, and only what committed. */
function deliveryCases({ waitMs, add, eachPath, othersHear }: Kit): void {
  add(
    "this instance hears a commit's events once each, in the turn after the commit",
    eachPath(async (_setup, path, ears, tag) => {
      const [here] = ears as [Ear];
      const events = eventsOf(tag, 3);
      await path.commit(events);
      check(here.heard.length === 0, `heard before the committing code ran on: ${text(here.heard)}`);
      await nextTurn();
      check(text(here.heard) === text(events), `heard ${text(here.heard)}, expected ${text(events)}`);
      for (let i = 0; i < 3; i++) await nextTurn();
      check(here.heard.length === events.length, `heard more than once: ${text(here.heard)}`);
    }),
  );

  add(
    "keeps one publisher's order, on this instance and every other",
    eachPath(async (_setup, path, ears, tag) => {
      const sent: ChangeEvent[] = [];
      for (let n = 0; n < 12; n++) {
        const commit = [...eventsOf(tag + n, 2), { kind: 'lobby' } as ChangeEvent];
        sent.push(...commit);
        await path.commit(commit);
      }
      await until(() => (ears[0] as Ear).heard.length >= sent.length, waitMs, 'this instance to hear');
      await othersHear(ears, sent.length, 'the commits');
      for (const [i, ear] of ears.entries()) {
        check(text(ear.heard) === text(sent), `instance ${i} heard ${text(ear.heard)}, expected ${text(sent)}`);
      }
    }),
  );

  add(
    'publishes nothing for a change that did not commit',
    eachPath(async (_setup, path, ears, tag) => {
      await path.fail(eventsOf(tag, 2));
      // A later commit of the same publisher: in order, the failed one's events would have come before it.
      const marker = eventsOf(tag + 1, 1);
      await path.commit(marker);
      await until(() => (ears[0] as Ear).heard.length >= 1, waitMs, 'this instance to hear the marker');
      await othersHear(ears, 1, 'the marker');
      for (let i = 0; i < 3; i++) await nextTurn();
      for (const [i, ear] of ears.entries()) {
        check(text(ear.heard) === text(marker), `instance ${i} heard ${text(ear.heard)}, expected only the marker`);
      }
    }),
  );
}

/** The transport: events past its size limit, and no echo of an instance's own events. */
function transportCases({ harness, waitMs, add, eachPath, othersHear }: Kit): void {
  const big = (harness.limit ?? 8000) + 1000;
  add(
    "carries an event past the transport's limit: whole here, at least its identity elsewhere",
    eachPath(async (_setup, path, ears, tag) => {
      const stepped: ChangeEvent = { kind: 'game', gameId: tag, version: 2, step: { move: 'x'.repeat(big) } };
      const chat: ChangeEvent = {
        kind: 'chat',
        gameId: tag,
        message: { id: 1, gameId: tag, from: 'ann', text: 'y'.repeat(big), at: 1 },
      };
      // Several under the limit alone that are over it together, and a small one after them.
      const medium = Array.from({ length: 4 }, (_, i): ChangeEvent => ({
        kind: 'game',
        gameId: tag + 1,
        version: i + 1,
        step: 'z'.repeat(big / 3),
      }));
      const sent = [stepped, chat, ...medium, { kind: 'lobby' } as ChangeEvent];
      await path.commit(sent);
      await nextTurn();
      const [here] = ears as [Ear];
      check(text(here.heard) === text(sent), `this instance heard ${text(here.heard)}, expected the events whole`);
      await othersHear(ears, sent.length, 'the events');
      for (const [i, ear] of ears.entries()) {
        const heard = ear.heard.map(identity);
        check(
          JSON.stringify(heard) === JSON.stringify(sent.map(identity)),
          `instance ${i} heard ${JSON.stringify(heard)}, expected ${JSON.stringify(sent.map(identity))}`,
        );
        // What arrives with a step or a message carries it whole.
        for (const [j, e] of ear.heard.entries()) {
          const original = sent[j] as ChangeEvent;
          check(e.step === undefined || JSON.stringify(e.step) === JSON.stringify(original.step), 'a cut step');
          check(e.message === undefined || e.message.text === original.message?.text, 'a cut message');
        }
      }
    }),
  );

  add(
    'does not deliver an instance its own events twice',
    eachPath(async (setup, path, ears, tag) => {
      const sent = eventsOf(tag, 5);
      await path.commit(sent);
      await path.commit(eventsOf(tag + 1, 1));
      await othersHear(ears, sent.length + 1, 'the commits');
      // Another instance's commit after them: were this instance's own notifications coming back, they would
      // arrive before it.
      const [, other] = setup.instances;
      const [otherPath] = other?.writes ?? [];
      if (otherPath) {
        const reply = eventsOf(tag + 2, 1);
        await otherPath.commit(reply);
        await until(
          () => (ears[0] as Ear).heard.length >= sent.length + 2,
          waitMs,
          "this instance to hear the other's",
        );
      }
      for (let i = 0; i < 3; i++) await nextTurn();
      const expected = sent.length + 1 + (otherPath ? 1 : 0);
      const here = ears[0] as Ear;
      check(here.heard.length === expected, `heard ${here.heard.length} events, expected ${expected}`);
    }),
  );
}

/** Listeners: one that leaves hears no more, the others go on. */
function listenerCases({ waitMs, add }: Kit): void {
  add('stops delivering to a listener that unsubscribed, and goes on for the others', async (setup) => {
    const [first] = setup.instances;
    const path = first.writes[0];
    check(path, 'the instance has no write path');
    const leaving = new Ear(first.bus);
    const staying = new Ear(first.bus);
    try {
      await path.commit(eventsOf(1, 1));
      await until(() => staying.heard.length >= 1 && leaving.heard.length >= 1, waitMs, 'both listeners to hear');
      leaving.stop();
      await path.commit(eventsOf(2, 1));
      await until(() => staying.heard.length >= 2, waitMs, 'the staying listener to hear');
      await nextTurn();
      check(leaving.heard.length === 1, `an unsubscribed listener heard ${text(leaving.heard)}`);
    } finally {
      staying.stop();
    }
  });
}
