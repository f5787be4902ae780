/** The worker's side of the protocol, served in this thread over a message channel (the same code a worker runs). */
import { nim } from '@tactica/core/test-games';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '../test-wait.js';
import { serveEngine } from './engine-host.js';
import type { EngineResponse } from './protocol.js';

const testEngine = { module: new URL('../../dist/test-engine.js', import.meta.url).href, name: 'nimTestEngine' };

/** A host on one end of a channel; the test talks on the other and collects the answers. */
function host() {
  const { port1, port2 } = new MessageChannel();
  serveEngine({ postMessage: (m) => port1.postMessage(m), onMessage: (l) => port1.on('message', l) });
  const received: EngineResponse[] = [];
  const waiters: { done: (r: readonly EngineResponse[]) => boolean; resolve: () => void }[] = [];
  port2.on('message', (m: EngineResponse) => {
    received.push(m);
    for (const w of waiters.filter((x) => x.done(received))) w.resolve();
  });
  /** Every answer so far, once `done` holds of them. */
  const until = async (done: (r: readonly EngineResponse[]) => boolean, what: string): Promise<EngineResponse[]> => {
    if (!done(received)) await within(new Promise<void>((resolve) => waiters.push({ done, resolve })), 20_000, what);
    return [...received];
  };
  return {
    ports: [port1, port2] as const,
    send: (m: unknown) => port2.postMessage(m),
    until,
    /** The first `count` answers, once they have come. */
    answers: async (count: number) => (await until((r) => r.length >= count, `${count} answers`)).slice(0, count),
  };
}

describe('engine host', () => {
  const open: MessagePort[] = [];
  afterEach(() => {
    for (const p of open.splice(0)) p.close();
  });
  function started() {
    const h = host();
    open.push(...h.ports);
    return h;
  }

  it('answers requests in the order they came, those sent before the engine loaded included', async () => {
    const h = started();
    h.send({ id: 1, kind: 'init', spec: testEngine });
    h.send({
      id: 2,
      kind: 'choose',
      state: { stones: 7, toMove: 0 },
      level: 'best',
      options: {},
      iterations: false,
      thoughts: false,
    });
    h.send({ id: 3, kind: 'analyse', state: { stones: 6, toMove: 0 }, limits: { depth: 8 }, iterations: true });
    h.send({
      id: 4,
      kind: 'choose',
      state: { stones: 5, toMove: 0 },
      level: 'best',
      options: {},
      iterations: false,
      thoughts: false,
    });
    const all = await h.until((r) => r.some((a) => a.id === 4 && a.kind === 'result'), 'the last result');
    const answers = all.filter((a) => a.kind !== 'iteration');
    expect(answers.map((a) => [a.id, a.kind])).toEqual([
      [1, 'result'],
      [2, 'result'],
      [3, 'result'],
      [4, 'result'],
    ]);
    expect((answers[0] as { value: { levels: { id: string }[] } }).value.levels.map((l) => l.id)).toEqual([
      'random',
      'best',
    ]);
    expect((answers[1] as { value: { move: number } }).value.move).toBe(3);
    expect((answers[3] as { value: { move: number } }).value.move).toBe(1);
    expect(nim.legalMoves({ stones: 6, toMove: 0 })).toContain((answers[2] as { value: { pv: number[] } }).value.pv[0]);
  });

  it('has the engine prepare for each state before it answers, in order, and a failed preparation is a coded error', async () => {
    const h = started();
    h.send({ id: 1, kind: 'init', spec: { module: testEngine.module, name: 'preparedNimTestEngine' } });
    const choose = (id: number, stones: number) => ({
      id,
      kind: 'choose',
      state: { stones, toMove: 0 },
      level: 'best',
      options: {},
      iterations: false,
      thoughts: false,
    });
    h.send(choose(2, 7));
    h.send(choose(3, 13));
    h.send({ id: 4, kind: 'analyse', state: { stones: 6, toMove: 0 }, limits: { depth: 8 }, iterations: false });
    const answers = await h.answers(4);
    expect(answers.map((a) => [a.id, a.kind])).toEqual([
      [1, 'result'],
      [2, 'result'],
      [3, 'error'],
      [4, 'result'],
    ]);
    expect((answers[1] as { value: { move: number } }).value.move).toBe(3);
    expect(answers[2]).toMatchObject({ error: { code: 'engine/load-failed' } });
    expect((answers[2] as { error: { message: string } }).error.message).toContain('13 stones');
  });

  it('streams the iterations of an analysis before its result, when asked', async () => {
    const h = started();
    h.send({ id: 1, kind: 'init', spec: testEngine });
    h.send({ id: 2, kind: 'analyse', state: { stones: 9, toMove: 0 }, limits: { depth: 4 }, iterations: true });
    const answers = await h.until((r) => r.some((a) => a.id === 2 && a.kind === 'result'), 'the result');
    const result = answers.at(-1);
    expect(result?.kind).toBe('result');
    const depth = result?.kind === 'result' ? (result.value as { depth: number }).depth : 0;
    expect(depth).toBeGreaterThan(1);
    expect(answers.map((a) => a.kind)).toEqual(['result', ...Array<string>(depth).fill('iteration'), 'result']);
    expect(answers.slice(1, -1).map((a) => (a.kind === 'iteration' ? a.analysis.depth : 0))).toEqual(
      Array.from({ length: depth }, (_, i) => i + 1),
    );
  });

  it.each([
    ['not an object', 'go', -1, 'engine/bad-request'],
    ['no id', { kind: 'choose' }, -1, 'engine/bad-request'],
    ['an unknown kind', { id: 7, kind: 'ponder' }, 7, 'engine/bad-request'],
    ['a choose without a level', { id: 8, kind: 'choose', state: {}, options: {} }, 8, 'engine/bad-request'],
    ['an init without a spec', { id: 9, kind: 'init' }, 9, 'engine/bad-spec'],
    [
      'an init of a family with no engine',
      { id: 10, kind: 'init', spec: { family: 'chess' } },
      10,
      'engine/unknown-family',
    ],
    [
      'an init whose args are not a list',
      { id: 11, kind: 'init', spec: { ...testEngine, args: 3 } },
      11,
      'engine/bad-spec',
    ],
    [
      'a request before init',
      { id: 12, kind: 'analyse', state: {}, limits: {}, iterations: false },
      12,
      'engine/not-ready',
    ],
  ])('refuses %s with a coded error', async (_what, message, id, code) => {
    const h = started();
    h.send(message);
    const [answer] = await h.answers(1);
    expect(answer).toMatchObject({ id, kind: 'error', error: { code } });
  });

  it('refuses a second init, and every request after a failed one says why', async () => {
    const h = started();
    h.send({ id: 1, kind: 'init', spec: { module: testEngine.module, name: 'nothingHere' } });
    h.send({ id: 2, kind: 'init', spec: testEngine });
    h.send({ id: 3, kind: 'analyse', state: { stones: 9, toMove: 0 }, limits: { depth: 2 }, iterations: false });
    const answers = await h.answers(3);
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect(byId.get(1)).toMatchObject({ kind: 'error', error: { code: 'engine/no-such-engine' } });
    expect(byId.get(2)).toMatchObject({ kind: 'error', error: { code: 'engine/bad-request' } });
    expect(byId.get(3)).toMatchObject({ kind: 'error', error: { code: 'engine/not-ready' } });
    expect((byId.get(3) as { error: { message: string } }).error.message).toContain('nothingHere');
  });
});
