/**
 * The worker's side of the protocol: loads the engine an `init` names and answers `choose` and `analyse` requests
 * on any port, one at a time in the order they came (each runs to its end or to the stop flag). Every transport's
 * worker entry is this function over its own port.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import type { Analysis, Engine, LevelInfo } from '../engine.js';
import { loadEngine, parseEngineFamily } from '../engines.js';
import type { EnginePort, EngineRequest, EngineResponse, EngineSpec, EngineErrorCode } from './protocol.js';

type AnyEngine = Engine<unknown, unknown>;

/** What an `init` answers: the levels of the engine loaded (plain data, for a client's menus). */
export interface EngineReady {
  readonly levels: readonly LevelInfo[];
}

/** Serves one engine on `port` for as long as the port lives. */
export function serveEngine(port: EnginePort): void {
  let engine: Promise<Result<AnyEngine, InputError>> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let stop: Int32Array | undefined;
  const send = (response: EngineResponse): void => port.postMessage(response);

  port.onMessage((message) => {
    const read = readRequest(message);
    if (!read.ok) {
      send({ id: idOf(message), kind: 'error', error: read.error });
      return;
    }
    const req = read.value;
    if (req.kind === 'init') {
      if (engine) {
        send({ id: req.id, kind: 'error', error: coded('engine/bad-request', 'the engine is already initialised') });
        return;
      }
      stop = req.stop ? new Int32Array(req.stop) : undefined;
      engine = makeEngine(req.spec);
      void engine.then((r) => {
        if (r.ok) send({ id: req.id, kind: 'result', value: { levels: r.value.levels } satisfies EngineReady });
        else send({ id: req.id, kind: 'error', error: r.error });
      });
      return;
    }
    if (!engine) {
      send({ id: req.id, kind: 'error', error: coded('engine/not-ready', `${req.kind} before init`) });
      return;
    }
    // Every request waits on the one before it, so answers keep the order of the requests.
    const ready = engine;
    queue = queue.then(async () => {
      const r = await ready;
      if (!r.ok) {
        send({ id: req.id, kind: 'error', error: coded('engine/not-ready', r.error.message) });
        return;
      }
      send((await prepare(r.value, req)) ?? run(r.value, req, stop, send));
    });
  });
}

function run(
  engine: AnyEngine,
  req: Exclude<EngineRequest, { kind: 'init' }>,
  stop: Int32Array | undefined,
  send: (response: EngineResponse) => void,
): EngineResponse {
  const { id } = req;
  const iteration = req.iterations
    ? { onIteration: (analysis: Analysis<unknown>) => send({ id, kind: 'iteration', analysis }) }
    : {};
  try {
    if (req.kind === 'choose') {
      const thoughts = req.thoughts ? { onThought: (text: string) => send({ id, kind: 'thought', text }) } : {};
      const value = engine.choose(req.state, req.level, {
        ...req.options,
        ...(stop ? { stop } : {}),
        ...iteration,
        ...thoughts,
      });
      return { id, kind: 'result', value };
    }
    const value = engine.analyse(req.state, { ...req.limits, ...(stop ? { stop } : {}), ...iteration });
    return { id, kind: 'result', value };
  } catch (e) {
    return { id, kind: 'error', error: coded('engine/failed', messageOf(e)) };
  }
}

/** Has the engine load what it plays the state with (`Engine.prepare`); a failure is the request's coded error. */
async function prepare(
  engine: AnyEngine,
  req: Exclude<EngineRequest, { kind: 'init' }>,
): Promise<EngineResponse | undefined> {
  try {
    await engine.prepare?.(req.state);
    return undefined;
  } catch (e) {
    const error = coded('engine/load-failed', `the engine did not load what it plays with: ${messageOf(e)}`);
    return { id: req.id, kind: 'error', error };
  }
}

/** Loads the engine a spec names; every way it can fail is a coded error. */
async function makeEngine(spec: EngineSpec): Promise<Result<AnyEngine, InputError>> {
  if ('family' in spec) {
    try {
      return ok(await loadEngine(spec.family, spec.options as never));
    } catch (e) {
      return err(coded('engine/load-failed', `the ${spec.family} engine did not load: ${messageOf(e)}`));
    }
  }
  let exported: unknown;
  try {
    // A module named at run time (tests name theirs): bundlers must leave this import alone.
    const module = (await import(/* @vite-ignore */ spec.module)) as Record<string, unknown>;
    exported = module[spec.name];
  } catch (e) {
    return err(coded('engine/load-failed', `${spec.module} did not load: ${messageOf(e)}`));
  }
  try {
    if (typeof exported === 'function') {
      const made: unknown = (exported as (...a: readonly unknown[]) => unknown)(...(spec.args ?? []));
      if (isEngine(made)) return ok(made);
    } else if (isEngine(exported)) return ok(exported);
  } catch (e) {
    return err(coded('engine/load-failed', `${spec.name} of ${spec.module} failed: ${messageOf(e)}`));
  }
  return err(coded('engine/no-such-engine', `${spec.module} has no engine or engine factory named ${spec.name}`));
}

function isEngine(x: unknown): x is AnyEngine {
  return typeof x === 'object' && x !== null && 'choose' in x && 'analyse' in x && 'levels' in x;
}

/** Reads a message as a request: it came through a port, so its shape is checked, not assumed. */
function readRequest(message: unknown): Result<EngineRequest, InputError> {
  if (typeof message !== 'object' || message === null) return err(coded('engine/bad-request', 'not a request'));
  const m = message as Record<string, unknown>;
  if (typeof m['id'] !== 'number' || !Number.isInteger(m['id'])) {
    return err(coded('engine/bad-request', 'a request needs a whole-number id'));
  }
  switch (m['kind']) {
    case 'init': {
      const spec = readSpec(m['spec']);
      if (!spec.ok) return spec;
      const stop = m['stop'];
      if (stop !== undefined && !(typeof SharedArrayBuffer === 'function' && stop instanceof SharedArrayBuffer)) {
        return err(coded('engine/bad-request', 'init: stop must be a SharedArrayBuffer'));
      }
      return ok(message as EngineRequest);
    }
    case 'choose':
      if (typeof m['level'] !== 'string') return err(coded('engine/bad-request', 'choose: level must be a string'));
      if (typeof m['options'] !== 'object' || m['options'] === null) {
        return err(coded('engine/bad-request', 'choose: options must be an object'));
      }
      return ok(message as EngineRequest);
    case 'analyse':
      if (typeof m['limits'] !== 'object' || m['limits'] === null) {
        return err(coded('engine/bad-request', 'analyse: limits must be an object'));
      }
      return ok(message as EngineRequest);
    default:
      return err(coded('engine/bad-request', `unknown request kind ${JSON.stringify(m['kind'])}`));
  }
}

function readSpec(spec: unknown): Result<EngineSpec, InputError> {
  if (typeof spec !== 'object' || spec === null) return err(coded('engine/bad-spec', 'init: spec must be an object'));
  const s = spec as Record<string, unknown>;
  if (typeof s['family'] === 'string') {
    const family = parseEngineFamily(s['family']);
    return family.ok ? ok(spec as EngineSpec) : family;
  }
  if (typeof s['module'] === 'string' && typeof s['name'] === 'string') {
    if (s['args'] !== undefined && !Array.isArray(s['args'])) {
      return err(coded('engine/bad-spec', 'init: spec.args must be an array'));
    }
    return ok(spec as EngineSpec);
  }
  return err(coded('engine/bad-spec', 'init: spec needs a family, or a module and an export name'));
}

function idOf(message: unknown): number {
  const id = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : -1;
}

function coded(code: EngineErrorCode, message: string): InputError {
  return inputError(code, message);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
