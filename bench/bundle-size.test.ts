/**
 * The bundle check in `npm test`: each page of bench/bundle/ built with Vite (bench/bundle-size.js) stays within its
 * gzip budget, bundles no other game, and works: the built page plays a legal first move, and the built worker of
 * the Web Worker page serves one.
 */
import { draughtsGame } from '@tactica/draughts';
import { force400 } from '@tactica/force400';
import { tactics } from '@tactica/tactics';
import { tactorus } from '@tactica/tactorus';
import { tactrix } from '@tactica/tactrix';
import type { Game } from '@tactica/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { within } from '../packages/ai/src/test-wait.js';
import { GAMES, PAGES, buildPage, chunkOf, readBudgets } from './bundle-size.js';

interface Built {
  readonly page: string;
  readonly files: readonly { name: string; bytes: number; gzip: number }[];
  readonly gzip: number;
  readonly emitted: ReadonlyMap<string, string>;
  readonly workerFiles: readonly string[];
  readonly modules: readonly string[];
  readonly entry: string;
}

const budgets = readBudgets() as Record<string, { gzipBytes: number }>;
const out = mkdtempSync(join(tmpdir(), 'tactica-bundle-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const build = (name: string): Promise<Built> =>
  buildPage(
    PAGES.find((p: { name: string }) => p.name === name),
    join(out, name),
  ) as Promise<Built>;

/** Whether `line` is a legal first move of the game, by its rules (Tactorus: Player 2's orders, in turn). */
const LEGAL: Record<string, (line: string) => boolean> = {
  draughts: firstMoveOf(draughtsGame('international')),
  force400: firstMoveOf(force400),
  tactics: firstMoveOf(tactics),
  tactrix: firstMoveOf(tactrix),
  tactorus: (line) => {
    let s = tactorus.initial();
    const orders = line.split(' ');
    for (const o of orders) {
      const next = tactorus.tryPlay(s, o, 1);
      if (!next.ok) return false;
      s = next.value;
    }
    return orders.length > 0;
  },
};

function firstMoveOf<S, M>(game: Game<S, M>): (line: string) => boolean {
  const s = game.initial();
  return (line) => game.legalMoves(s).some((m) => game.formatMove(s, m) === line);
}

/** The packages of other games, as they appear in the module ids of a bundle. */
function otherGames(game: string): RegExp {
  const others = GAMES.filter((g: string) => g !== game).join('|');
  return new RegExp(`packages/(${others})/|packages/ai/dist/(games/)?(${others})[./-]`);
}

describe('bundle check: a page of one game, rules and engine, built with Vite', () => {
  it.each(GAMES as string[])('%s: within its gzip budget, no other game inside, and it plays', async (game) => {
    const page = await build(game);
    expect(page.gzip, `${game}: ${page.gzip} gzip bytes`).toBeLessThanOrEqual(budgets[game]!.gzipBytes);
    // A game's engine is one module (`games/force400.js`) or a folder of them (`games/draughts/engine.js`).
    expect(page.modules.some((m) => new RegExp(`packages/ai/dist/games/${game}(\\.js|/)`).test(m))).toBe(true);
    expect(page.modules.filter((m) => otherGames(game).test(m))).toEqual([]);
    const line = execFileSync(process.execPath, [page.entry], { encoding: 'utf8', timeout: 30_000 }).trim();
    expect(LEGAL[game]!(line), `${game} played "${line}"`).toBe(true);
  });

  it('draughts in a Web Worker: within its budget, each game a chunk of its own, and the built worker serves a move', async () => {
    const page = await build('draughts-in-worker');
    expect(page.gzip).toBeLessThanOrEqual(budgets['draughts-in-worker']!.gzipBytes);
    const chunks = (GAMES as string[]).map((g) => chunkOf(page.workerFiles, g) as string);
    const loaded = page.files.map((f) => f.name);
    expect(loaded).toContain(chunks[0]);
    for (const other of chunks.slice(1)) expect(loaded).not.toContain(other);

    // The worker as built, in a Node worker thread whose port stands in for the Web Worker's scope.
    const entry = page.workerFiles.find((f) => /web-worker-entry-/.test(f))!;
    const worker = new Worker(
      `import { parentPort } from 'node:worker_threads';
       globalThis.self = parentPort;
       await import(${JSON.stringify(join(out, 'draughts-in-worker', entry))});`,
      { eval: true },
    );
    try {
      const game = draughtsGame('international');
      const state = game.initial();
      const answer = new Promise<{ kind: string; value: { move: Parameters<typeof game.formatMove>[1] } }>(
        (resolve, reject) => {
          worker.on('message', (m: { id: number; kind: string; value: never }) => {
            if (m.id === 2) resolve(m);
          });
          worker.on('error', reject);
        },
      );
      worker.postMessage({ id: 1, kind: 'init', spec: { family: 'draughts' } });
      worker.postMessage({
        id: 2,
        kind: 'choose',
        state,
        level: 'novice',
        options: { seed: 1 },
        iterations: false,
        thoughts: false,
      });
      const reply = await within(answer, 30_000, 'the built worker to answer');
      expect(reply.kind).toBe('result');
      expect(LEGAL['draughts']!(game.formatMove(state, reply.value.move))).toBe(true);
    } finally {
      await worker.terminate();
    }
  });
});
