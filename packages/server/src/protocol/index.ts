/**
 * The wire protocol, one module for every edge and client: the limits and shapes of game commands, the views and
 * acknowledgements the server sends, and the event stream's messages, with the JSON Schemas the HTTP routes are
 * built from. Pure types, constants and schemas (no Node, no server code): the web app imports it
 * (`@tactica/server/protocol`) into the browser.
 */
export * from './limits.js';
export * from './commands.js';
export * from './views.js';
export * from './stream.js';
export type { DomainCode, ServerCode } from '../codes.js';
