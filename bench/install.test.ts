/**
 * `npm install` on the README's Node prints no engine warning: every package the lock file installs accepts the
 * oldest Node the project says it runs on. npm warns (EBADENGINE) for each package whose `engines.node` range does
 * not hold the running Node; this reads the same ranges from package-lock.json with a small range check of its own
 * (npm's `semver` is not a dependency of the project).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

type Version = readonly [number, number, number];

interface LockEntry {
  readonly version?: string;
  readonly engines?: unknown;
  readonly optional?: boolean;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** `20`, `20.19`, `20.x`, `v20.19.2`: the version and how many of its parts were given (a wildcard ends them). */
function partial(text: string): { version: Version; given: number } {
  const parts = text
    .replace(/^[v=]+/, '')
    .split('-')[0]!
    .split('.');
  const numbers: number[] = [];
  for (const p of parts.slice(0, 3)) {
    if (!/^\d+$/.test(p)) break;
    numbers.push(Number(p));
  }
  return { version: [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0], given: numbers.length };
}

/** The first version past a partial one (`20` → 21.0.0, `20.19` → 20.20.0); infinity-like for `*`. */
function pastPartial({ version: [a, b], given }: { version: Version; given: number }): Version {
  if (given === 0) return [Infinity, 0, 0];
  return given === 1 ? [a + 1, 0, 0] : [a, b + 1, 0];
}

/** Whether one comparator (`>=20.19.0`, `^20.9.0`, `~18.0`, `20.x`, `*`) holds `v`. */
function comparatorHolds(comparator: string, v: Version): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.*)$/.exec(comparator.trim())!;
  const op = m[1] ?? '';
  const p = partial(m[2] ?? '');
  const c = compare(v, p.version);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return p.given < 3 ? compare(v, pastPartial(p)) >= 0 : c > 0;
    case '<':
      return c < 0;
    case '<=':
      return p.given < 3 ? compare(v, pastPartial(p)) < 0 : c <= 0;
    case '^': {
      const [a, b, d] = p.version;
      const upper: Version =
        a > 0 || p.given < 2 ? [a + 1, 0, 0] : b > 0 || p.given < 3 ? [a, b + 1, 0] : [a, b, d + 1];
      return c >= 0 && compare(v, upper) < 0;
    }
    case '~':
      return c >= 0 && compare(v, pastPartial({ version: p.version, given: Math.min(p.given, 2) })) < 0;
    default:
      // `20`, `20.x`, `20.19.0`, `*`: the versions the given parts name.
      return p.given === 3 ? c === 0 : c >= 0 && compare(v, pastPartial(p)) < 0;
  }
}

/** Whether an npm range (`^20.19.0 || >=22.12.0`, `>= 18 < 23`, `1.2 - 2.3`) holds `version`. */
export function rangeHolds(range: string, version: string): boolean {
  const v = partial(version).version;
  return range.split('||').some((alternative) => {
    const text = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) return comparatorHolds(`>=${hyphen[1]!}`, v) && comparatorHolds(`<=${hyphen[2]!}`, v);
    // `>= 18` is one comparator: join an operator to the version after it, then split on spaces.
    const comparators = text.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/);
    return comparators.filter((c) => c !== '').every((c) => comparatorHolds(c, v));
  });
}

/** The packages of a lock file installed on this machine whose `engines.node` does not hold `node`. */
export function enginesRefusing(lock: { packages: Record<string, LockEntry> }, node: string): string[] {
  const installedHere = (e: LockEntry): boolean =>
    !e.optional ||
    ((e.os === undefined || e.os.includes(process.platform)) && (e.cpu === undefined || e.cpu.includes(process.arch)));
  return Object.entries(lock.packages)
    .filter(([path, e]) => path !== '' && installedHere(e))
    .flatMap(([path, e]) => {
      const range = (e.engines as { node?: unknown } | undefined)?.node;
      return typeof range === 'string' && !rangeHolds(range, node) ? [`${path}@${e.version}: node ${range}`] : [];
    });
}

/** The oldest Node the project's own `engines` admits (`>=20.19` → 20.19.0). */
function oldestNode(): string {
  const range = (readJson('package.json') as { engines: { node: string } }).engines.node;
  const m = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!m) throw new Error(`package.json engines.node is not a ">=" range: ${range}`);
  return m[1]!;
}

describe('npm install on the README’s Node prints no engine warning', () => {
  it('the range check reads npm’s ranges as npm does', () => {
    expect(rangeHolds('>=22', '20.19.0')).toBe(false);
    expect(rangeHolds('>=22.0.0', '22.0.0')).toBe(true);
    expect(rangeHolds('^20.19.0 || >=22.12.0', '20.19.0')).toBe(true);
    expect(rangeHolds('^20.19.0 || >=22.12.0', '22.11.0')).toBe(false);
    expect(rangeHolds('^20.19.0 || ^22.13.0 || >=24', '20.18.9')).toBe(false);
    expect(rangeHolds('18 || 20 || >=22', '20.20.2')).toBe(true);
    expect(rangeHolds('20.x || 22.x', '21.0.0')).toBe(false);
    expect(rangeHolds('>= 18 < 21', '20.99.0')).toBe(true);
    expect(rangeHolds('>= 18 < 21', '21.0.0')).toBe(false);
    expect(rangeHolds('~20.19', '20.20.0')).toBe(false);
    expect(rangeHolds('14 - 20', '20.5.0')).toBe(true);
    expect(rangeHolds('*', '20.19.0')).toBe(true);
    expect(rangeHolds('>12', '12.5.0')).toBe(false);
  });

  it('the README names the Node version package.json requires', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(readme).toContain(`Node.js ${oldestNode()} or newer`);
  });

  it('every package in package-lock.json accepts the oldest Node the project supports', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
    expect(enginesRefusing(lock, oldestNode())).toEqual([]);
  });
});

describe('npm start is quiet', () => {
  it('its build of the browser app prints nothing (no chunking or timing notes that read like errors)', () => {
    const start = (readJson('package.json') as { scripts: { start: string } }).scripts.start;
    const build = /npm run [^&]*build -w @tactica\/web[^&]*/.exec(start)?.[0].trim();
    expect(build, 'npm start builds the app').toBeDefined();
    const out = mkdtempSync(join(tmpdir(), 'tactica-start-build-'));
    try {
      // The same command into a folder of its own (the e2e tests use the app's own), both streams read.
      const printed = execSync(`${build as string} --outDir ${out} --emptyOutDir 2>&1`, {
        cwd: fileURLToPath(root),
        encoding: 'utf8',
      });
      expect(printed).toBe('');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
