/**
 * A process that works on a save directory, for the tests that run several at once or kill them (built to
 * dist/storage/test-store-child.js; npm test builds before testing).
 *
 *   node test-store-child.js writer <dir> <id…>         rewrites the saves for ever, big payloads; says ready after the first write
 *   node test-store-child.js worker <dir> <counter-id> <ops> <titles…>
 *        adds one to the counter save <ops> times (read, then a versioned write, again when refused as stale), and
 *        tries to create each title; prints { increments, created, retries } as JSON
 *   node test-store-child.js text-writer <file>          rewrites the file (a record, memo, export, settings) for ever
 *                                                        through writeTextFileAtomic; says ready after the first write
 *   node test-store-child.js settings-writer <settings file> <tag> <n>
 *        saves the settings key <tag>1 … <tag><n> one at a time into section "race"; prints done
 */
import { pathToFileURL } from 'node:url';
import { hasCode, type StoreErrorCode } from '@tactica/core';
import { writeTextFileAtomic } from './atomic-write.js';
import { SaveFiles } from './save-files.js';
import { writeSection } from './settings.js';

/** The whole document for a version: a reader that finds any other text for that version found a torn write. */
export function payloadFor(version: number): string {
  const fill = String.fromCharCode(97 + (version % 26)).repeat(256 * 1024);
  return `${version}|${fill}|${version}`;
}

function writer(dir: string, ids: readonly string[]): never {
  const files = new SaveFiles(dir, { waitMs: 60_000 });
  for (let n = 0; ; n++) {
    // Ready once a write has gone through: the kill then falls among writes, not during start-up.
    if (n === 1) process.stdout.write('ready\n');
    const id = ids[n % ids.length] as string;
    const now = files.read(id);
    if (!now.ok) throw new Error(`${id}: ${now.error.code}: ${now.error.message}`);
    const next = now.value.version + 1;
    const r = files.update(id, { expectedVersion: now.value.version, payload: payloadFor(next), summary: `v${next}` });
    if (!r.ok) throw new Error(`${id}: ${r.error.code}: ${r.error.message}`);
  }
}

function worker(dir: string, counterId: string, ops: number, titles: readonly string[]): void {
  const files = new SaveFiles(dir, { waitMs: 60_000 });
  let increments = 0;
  let retries = 0;
  const created: string[] = [];
  const pending = [...titles];
  for (let i = 0; i < ops; i++) {
    for (;;) {
      const now = files.read(counterId);
      if (!now.ok) throw new Error(`${now.error.code}: ${now.error.message}`);
      const count = Number(now.value.payload) + 1;
      const r = files.update(counterId, { expectedVersion: now.value.version, payload: String(count) });
      if (r.ok) break;
      if (!hasCode<StoreErrorCode>(r.error, 'store/stale-version'))
        throw new Error(`${r.error.code}: ${r.error.message}`);
      retries++;
    }
    increments++;
    const title = pending.shift();
    if (title !== undefined) {
      const r = files.create({ game: 'race', title, summary: '', meta: { by: process.pid }, payload: '' });
      if (r.ok) created.push(title);
      else if (!hasCode<StoreErrorCode>(r.error, 'store/title-taken'))
        throw new Error(`${r.error.code}: ${r.error.message}`);
    }
  }
  process.stdout.write(`${JSON.stringify({ increments, created, retries })}\n`);
}

function textWriter(file: string): never {
  for (let n = 1; ; n++) {
    writeTextFileAtomic(file, payloadFor(n));
    if (n === 1) process.stdout.write('ready\n');
  }
}

function settingsWriter(file: string, tag: string, n: number): void {
  for (let i = 1; i <= n; i++) {
    const r = writeSection('race', { [`${tag}${i}`]: String(i) }, file, { waitMs: 60_000 });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  }
  process.stdout.write('done\n');
}

// Run as a program, not when a test imports payloadFor.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [mode, dir = '', ...rest] = process.argv.slice(2);
  if (mode === 'writer') writer(dir, rest);
  else if (mode === 'text-writer') textWriter(dir);
  else if (mode === 'settings-writer') settingsWriter(dir, rest[0] ?? '', Number(rest[1]));
  else if (mode === 'worker') worker(dir, rest[0] ?? '', Number(rest[1]), rest.slice(2));
  else throw new Error(`unknown mode ${String(mode)}`);
}
