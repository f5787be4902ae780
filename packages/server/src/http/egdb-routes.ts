/**
 * The draughts endgame databases for pages: `GET /egdb/index.json` lists the slice files of the server's folder
 * (`tactica serve --egdb`) with their sizes, and `GET /egdb/<file>` sends one, so that the browser's engine can
 * probe the slices of the material on its board (`@tactica/ai`'s `FetchedEndgames` fetches them). Only names of the
 * slice files' pattern are served (`<rules>-<wm><wk><bm><bk>.egdb` and its `.dtc`, a known rule set), read from the
 * folder itself: no other path can be named. A file larger than `maxFileBytes` is neither listed nor sent. Files
 * are cached by browsers for `EGDB_CACHE_SECONDS` and revalidated by their ETag.
 */
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isEgdbFileName } from '@tactica/ai/node-egdb';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';

/**
 * The largest file served **(ours)**: a page fetches at most 8 MB of databases in an engine's life
 * (`PAGE_EGDB_MAX_BYTES`), so nothing larger would ever be asked for; English to 5 pieces (the largest slice
 * 4.6 MB) and International to 4 pieces (2.2 MB) are all within it, their distance files mostly not.
 */
const EGDB_FILE_MAX_BYTES = 8 * 2 ** 20;

/** The most files the index lists (every rule set to 6 pieces is fewer). */
const EGDB_INDEX_MAX_FILES = 2_000;

/** How long a browser keeps a file before it asks again (its ETag answers that cheaply) **(ours)**. */
const EGDB_CACHE_SECONDS = 24 * 60 * 60;

/** How long a browser keeps the index: a rebuilt folder is seen within it. */
const EGDB_INDEX_CACHE_SECONDS = 5 * 60;

/**
 * How long the server keeps its own listing of the folder: every request in that time shares one scan (up to
 * `EGDB_INDEX_MAX_FILES` stats), however many pages ask **(ours)**.
 */
const EGDB_INDEX_SCAN_SECONDS = 30;

export interface EgdbRouteOptions {
  /** The folder of the slice files, or `false` for none (an empty index; a file answers `egdb/none`). */
  readonly folder: string | false;
  /** The largest file listed and served (default `EGDB_FILE_MAX_BYTES`). */
  readonly maxFileBytes?: number;
}

const none = (): DomainError =>
  new DomainError('egdb/none', 'this server has no endgame databases (tactica serve --egdb <folder>)');

/**
 * The routes, each request counted against `perMinute` of its client address (a page's engine asks for a few dozen
 * files at most, the second worker's from the browser's cache).
 */
export async function egdbRoutes(app: FastifyInstance, options: EgdbRouteOptions, perMinute: number): Promise<void> {
  const maxBytes = options.maxFileBytes ?? EGDB_FILE_MAX_BYTES;
  const folder = options.folder;
  // One route, so that the index and the files share one count per address.
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  /** The folder's servable files within the size limit. */
  const index = async (): Promise<{ files: { name: string; bytes: number }[] }> => {
    const files: { name: string; bytes: number }[] = [];
    if (folder === false) return { files };
    const names = (await readdir(folder).catch(() => [])).filter(isEgdbFileName).sort();
    for (const name of names) {
      if (files.length >= EGDB_INDEX_MAX_FILES) break;
      const s = await stat(join(folder, name)).catch(() => undefined);
      if (s?.isFile() && s.size <= maxBytes) files.push({ name, bytes: s.size });
    }
    return { files };
  };
  let listed: { readonly at: number; readonly index: ReturnType<typeof index> } | undefined;
  const sharedIndex = (): ReturnType<typeof index> => {
    const now = Date.now();
    if (!listed || now - listed.at >= EGDB_INDEX_SCAN_SECONDS * 1000) listed = { at: now, index: index() };
    return listed.index;
  };

  app.get<{ Params: { file: string } }>('/egdb/:file', { config, schema: { hide: true } }, async (request, reply) => {
    const name = request.params.file;
    if (name === 'index.json') {
      // No databases is an empty index, not a refusal: every page's engine asks, and a 404 would be an error in
      // its console on every server without them.
      void reply.header('cache-control', `public, max-age=${EGDB_INDEX_CACHE_SECONDS}`);
      return sharedIndex();
    }
    if (!isEgdbFileName(name)) {
      throw new DomainError(
        'egdb/bad-name',
        `"${name.slice(0, 60)}" is not an endgame database file: <rules>-<wm><wk><bm><bk>.egdb or .dtc`,
        'file',
      );
    }
    if (folder === false) throw none();
    const handle = await open(join(folder, name), 'r').catch(() => undefined);
    if (!handle) throw new DomainError('egdb/not-found', `this server has no ${name}`, 'file');
    let streaming = false;
    try {
      const s = await handle.stat();
      if (!s.isFile()) throw new DomainError('egdb/not-found', `this server has no ${name}`, 'file');
      if (s.size > maxBytes) {
        const why = `${name} is ${s.size} bytes; this server sends at most ${maxBytes}`;
        throw new DomainError('egdb/too-large', why, 'file');
      }
      const etag = `"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"`;
      void reply
        .header('cache-control', `public, max-age=${EGDB_CACHE_SECONDS}`)
        .header('etag', etag)
        .header('last-modified', s.mtime.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      void reply.type('application/octet-stream');
      if (s.size === 0) return reply.send(Buffer.alloc(0));
      // The bytes as they were when measured: a file that grows while it is sent is cut at its listed length.
      const stream = createReadStream('', { fd: handle, start: 0, end: s.size - 1, autoClose: true });
      streaming = true;
      return reply.header('content-length', s.size).send(stream);
    } finally {
      if (!streaming) await handle.close();
    }
  });
}
