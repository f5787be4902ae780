/**
 * @tactica/server — the Tactica game server: accounts, games of all five families against people and the
 * computer, live and by correspondence, on an SQLite file or PostgreSQL.
 *
 *   const server = await startServer({ port: 8080 });   // server.url, then server.close()
 */
export { defaultDataDir, startServer, type RunningServer, type ServeOptions } from './server.js';
export type { Services } from './services.js';
export { openDatabase, type Database, type DatabaseSpec } from './db/database.js';
export { DomainError } from './errors.js';
export { startPbm, type Pbm, type PbmOptions } from './pbm/index.js';
export { openPbm, type StandaloneOptions, type StandalonePbm } from './pbm/standalone.js';
