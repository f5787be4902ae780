/**
 * @tactica/ai/worker-protocol — the engine-worker protocol without a transport: the messages, the worker's side
 * (`serveEngine` on any port) and the caller's (`WorkerEngine` over any `EngineTransport`). `@tactica/ai/node-worker`
 * and `@tactica/ai/web-worker` are the two transports built on it; a test can join both ends with a message channel.
 */
export {
  ENGINE_ERROR_CODES,
  EngineError,
  type EngineErrorCode,
  type EnginePort,
  type EngineRequest,
  type EngineResponse,
  type EngineSpec,
  type FamilyEngineSpec,
  type ModuleEngineSpec,
  type WorkerAnalyseLimits,
  type WorkerThinkOptions,
} from './worker/protocol.js';
export { serveEngine, type EngineReady } from './worker/engine-host.js';
export {
  WorkerEngine,
  type EngineTransport,
  type WorkerChooseOptions,
  type WorkerConnection,
} from './worker/engine-client.js';
