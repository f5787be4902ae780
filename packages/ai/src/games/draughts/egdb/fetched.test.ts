/**
 * What a page's engine fetches of the endgame databases (`FetchedEndgames`): the slices its position's material can
 * reach and no other, smallest first, each once, within its byte budget. The files are the builder's real ones (English
 * to 3 pieces), answered from memory by a stand-in for `fetch` that records what was asked (the server's route is
 * tested with a real server in packages/server/src/http/egdb-routes.test.ts).
 */
import { unwrap } from '@tactica/core';
import { draughtsGame, DraughtsSearchPosition } from '@tactica/draughts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, EgdbBuilder } from '../../../draughts-egdb.js';
import { distanceFileName, encodeDistances } from './distance-file.js';
import { FetchedEndgames, type FetchedFile } from './fetched.js';
import { encodeSlice, sliceFileName } from './slice-file.js';

const files = new Map<string, Uint8Array>();

beforeAll(() => {
  const builder = new EgdbBuilder('english');
  for (const m of buildOrder(3, builder.set.half)) {
    const slice = builder.solve(m);
    files.set(sliceFileName('english', m), encodeSlice(slice));
    files.set(distanceFileName('english', m), encodeDistances(slice));
  }
});

function served(bytes: Uint8Array): FetchedFile {
  let sent = false;
  return {
    ok: true,
    headers: { get: (name) => (name === 'content-length' ? String(bytes.length) : null) },
    body: {
      getReader: () => ({
        read: async () => (sent ? { done: true } : ((sent = true), { done: false, value: bytes })),
        cancel: async () => undefined,
      }),
    },
    json: async () => JSON.parse(new TextDecoder().decode(bytes)) as unknown,
  };
}

/** A database fetching from the files above; `asked` records the names asked for, in order. */
function fetching(maxBytes?: number): { endgames: FetchedEndgames; asked: string[] } {
  const asked: string[] = [];
  const index = { files: [...files].map(([name, b]) => ({ name, bytes: b.length })) };
  const endgames = new FetchedEndgames(
    { url: 'https://tactica.test/egdb/', ...(maxBytes !== undefined ? { maxBytes } : {}) },
    async (url) => {
      const name = url.slice('https://tactica.test/egdb/'.length);
      asked.push(name);
      if (name === 'index.json') return served(new TextEncoder().encode(JSON.stringify(index)));
      const bytes = files.get(name);
      return bytes ? served(bytes) : { ...served(new Uint8Array()), ok: false };
    },
  );
  return { endgames, asked };
}

const english = draughtsGame('english');
const stateAt = (fen: string) => unwrap(english.parsePosition(fen));

describe('the endgame databases a page fetches', () => {
  it('fetches the slices the material can reach, smallest first, then the root distances, each once', async () => {
    const { endgames, asked } = fetching();
    // White: a man and a king; Black: a king (canonical 1101).
    const state = stateAt('W:W26,K10:BK3');
    await endgames.prepare(state);
    expect(asked).toEqual([
      'index.json',
      'english-0101.egdb',
      'english-1001.egdb',
      'english-0201.egdb',
      'english-1101.egdb',
      'english-1101.dtc',
    ]);
    expect(endgames.probe(new DraughtsSearchPosition(state))).toBe(1);
    await endgames.prepare(state);
    expect(asked).toHaveLength(6);
  });

  it('stays within its budget: a file that does not fit is not fetched, and is not probed', async () => {
    const first = (files.get('english-0101.egdb') as Uint8Array).length;
    const { endgames, asked } = fetching(first);
    const state = stateAt('W:WK1,K2:BK32');
    await endgames.prepare(state);
    expect(asked).toEqual(['index.json', 'english-0101.egdb']);
    expect(endgames.fetchedBytes).toBeLessThanOrEqual(first);
    expect(endgames.probe(new DraughtsSearchPosition(state))).toBeUndefined();
  });

  it('gives up on a file that does not arrive in its time: the search goes on, the rest come before the next', async () => {
    const asked: string[] = [];
    const index = { files: [...files].map(([name, b]) => ({ name, bytes: b.length })) };
    const endgames = new FetchedEndgames({ url: 'https://tactica.test/egdb/', timeoutMs: 50 }, async (url, init) => {
      const name = url.slice('https://tactica.test/egdb/'.length);
      asked.push(name);
      if (name === 'index.json') return served(new TextEncoder().encode(JSON.stringify(index)));
      if (name === 'english-0101.egdb') {
        // A server that never answers: the fetch ends when its signal is raised, as the platform's does.
        const signal = init.signal as { aborted: boolean };
        while (!signal.aborted) await new Promise((r) => setTimeout(r, 5));
        throw new DOMException('The operation timed out.', 'TimeoutError');
      }
      return served(files.get(name) as Uint8Array);
    });
    const state = stateAt('W:WK1,K2:BK32');
    await endgames.prepare(state);
    expect(asked).toEqual(['index.json', 'english-0101.egdb']);
    await endgames.prepare(state);
    expect(asked).toEqual(['index.json', 'english-0101.egdb', 'english-0201.egdb', 'english-0201.dtc']);
    expect(endgames.probe(new DraughtsSearchPosition(state))).toBe(1);
  });

  it('has none, and fails nothing, without a server or an address it can read', async () => {
    const endgames = new FetchedEndgames({ url: 'https://tactica.test/egdb/' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    const state = stateAt('W:WK1,K2:BK32');
    await endgames.prepare(state);
    expect(endgames.maxPieces).toBe(0);
    expect(endgames.probe(new DraughtsSearchPosition(state))).toBeUndefined();
    // A page's relative address where there is no page (Node): none either, asked of nobody.
    const asked: string[] = [];
    const relative = new FetchedEndgames({ url: '/egdb/' }, async (url) => {
      asked.push(url);
      throw new TypeError('Failed to fetch');
    });
    await relative.prepare(state);
    expect(asked).toEqual([]);
    expect(relative.maxPieces).toBe(0);
  });
});
