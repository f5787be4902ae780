/**
 * The messages between a page or program and an engine running in a worker, the same for every transport (Node
 * worker threads, Web Workers, a test's message channel). Every message is plain data that survives structured
 * clone: states, moves and analyses cross as the games' plain objects.
 *
 *   client → worker   init { spec, stop? }        load the engine the spec names; `stop` is a shared stop flag
 *                     choose { state, level, … }  one move, as Engine.choose
 *                     analyse { state, limits }   the strongest search, as Engine.analyse
 *   worker → client   result { value } | error { error }     one per request, in the order the requests came
 *                     iteration { analysis } | thought { text }  while a choose or analyse runs, when asked for
 *
 * Stop is not a message: a search runs to its end once started, so a message would wait behind it. The client stops
 * a search through the shared flag (`Atomics.store(stop, 0, 1)`) when the platform can share memory, and otherwise
 * by ending the worker (see `WorkerEngine.stop`).
 */
import type { InputError } from '@tactica/core';
import type { AnalyseLimits, Analysis, ThinkOptions } from '../engine.js';
import type { EngineFamily, EngineOptionsByFamily } from '../engines.js';

/** An engine of `@tactica/ai/engines` by family, made with its factory's options. */
export type FamilyEngineSpec = {
  readonly [F in EngineFamily]: { readonly family: F; readonly options?: EngineOptionsByFamily[F] };
}[EngineFamily];

/**
 * An engine exported by some module (a test's engine, an engine of one's own): an `Engine` export, or a factory
 * export called with `args`. The worker imports `module` (a specifier or URL it can load).
 */
export interface ModuleEngineSpec {
  readonly module: string;
  readonly name: string;
  readonly args?: readonly unknown[];
}

/** Names the engine a worker runs. */
export type EngineSpec = FamilyEngineSpec | ModuleEngineSpec;

/** What `choose` takes across the boundary: the callbacks become messages, the stop flag is shared at `init`. */
export type WorkerThinkOptions = Omit<ThinkOptions, 'stop' | 'onThought' | 'onIteration'>;
/** What `analyse` takes across the boundary. */
export type WorkerAnalyseLimits = Omit<AnalyseLimits, 'stop' | 'onIteration'>;

export type EngineRequest =
  | {
      readonly id: number;
      readonly kind: 'init';
      readonly spec: EngineSpec;
      /** Four bytes shared with the client: the search stops soon after they become non-zero. */
      readonly stop?: SharedArrayBuffer;
    }
  | {
      readonly id: number;
      readonly kind: 'choose';
      readonly state: unknown;
      readonly level: string;
      readonly options: WorkerThinkOptions;
      /** Send an `iteration` message after each completed iteration of the level's search. */
      readonly iterations: boolean;
      /** Send the engine's thoughts as `thought` messages. */
      readonly thoughts: boolean;
    }
  | {
      readonly id: number;
      readonly kind: 'analyse';
      readonly state: unknown;
      readonly limits: WorkerAnalyseLimits;
      readonly iterations: boolean;
    };

export type EngineResponse =
  | { readonly id: number; readonly kind: 'result'; readonly value: unknown }
  | { readonly id: number; readonly kind: 'error'; readonly error: InputError }
  | { readonly id: number; readonly kind: 'iteration'; readonly analysis: Analysis<unknown> }
  | { readonly id: number; readonly kind: 'thought'; readonly text: string };

/**
 * One end of a message channel, whatever carries it: a worker thread's `parentPort`, a Web Worker's `self`, a
 * `Worker` object, a `MessagePort`. Each transport adapts its own.
 */
export interface EnginePort {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/**
 * The error codes the protocol uses, in an `InputError` (a rejected promise carries it as an `EngineError`):
 * - `engine/bad-request`: a message that is not a request;
 * - `engine/bad-spec`: an init whose spec names no engine; `engine/unknown-family`: a family that has none;
 * - `engine/no-such-engine`: a module without that export; `engine/load-failed`: the module did not load;
 * - `engine/not-ready`: a request before init, or after a failed one (it carries the init's error message);
 * - `engine/failed`: the engine threw (a broken invariant: a finished game, a bad state);
 * - `engine/worker-failed`: the worker died; `engine/closed`: the client was closed.
 */
export const ENGINE_ERROR_CODES = [
  'engine/bad-request',
  'engine/bad-spec',
  'engine/unknown-family',
  'engine/no-such-engine',
  'engine/load-failed',
  'engine/not-ready',
  'engine/failed',
  'engine/worker-failed',
  'engine/closed',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** A request's failure as a promise rejects with it: an `Error` with the protocol's code. */
export class EngineError extends Error {
  readonly code: string;
  constructor(error: InputError) {
    super(error.message);
    this.name = 'EngineError';
    this.code = error.code;
  }
}
