// Peak memory of `tactica replay draughts` on a big PDN file, made here and removed after (never committed):
// distinct random games, each legal, written again and again until the file has the size asked for.
//
//   node bench/pdn-replay-memory.js [megabytes=80]
//
// Prints `size <MB> games <n> peak-rss <MB> time <s> exit <code>`; RESULTS.md records the figures.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePdnGame } from '../packages/draughts/dist/index.js';
import { randomGame } from '../packages/draughts/dist/pdn/test-games.js';

const MB = 1024 * 1024;
const CLI = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url));
// Reports the process's peak resident memory as it exits.
const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kb '+process.resourceUsage().maxRSS+'\\n'))`;

/** Writes a PDN file of about `megabytes` MB in `dir`; returns its path and how many games it holds. */
export function writeBigPdn(dir, megabytes) {
  const samples = [];
  for (let seed = 1; seed <= 64; seed++) {
    const g = randomGame({ variant: 'international', seed, maxPlies: 80, comments: seed % 4 === 0 });
    samples.push(`${writePdnGame(g)}\n`);
  }
  const path = join(dir, 'big.pdn');
  const fd = openSync(path, 'w');
  let size = 0;
  let games = 0;
  try {
    while (size < megabytes * MB) {
      const text = samples[games % samples.length];
      size += writeSync(fd, text);
      games++;
    }
  } finally {
    closeSync(fd);
  }
  return { path, games, size };
}

/** Runs the built command on `path`; resolves with its peak RSS (MB), time (s), exit code and last stdout line. */
export function replayPeak(path) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', PEAK, CLI, 'replay', 'draughts', path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lines = 0;
    let last = '';
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      for (const ch of c) if (ch === '\n') lines++;
      last = (last + c).slice(-200);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c) => (err = (err + c).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /peak-rss-kb (\d+)/.exec(err);
      resolve({
        code,
        peakMb: m ? Number(m[1]) / 1024 : NaN,
        seconds: (Date.now() - started) / 1000,
        lines,
        lastLine: last.trimEnd().split('\n').at(-1) ?? '',
        stderr: err.replace(/peak-rss-kb \d+\n?/, ''),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const megabytes = Number(process.argv[2] ?? 80);
  const dir = mkdtempSync(join(tmpdir(), 'tactica-pdn-'));
  try {
    const { path, games, size } = writeBigPdn(dir, megabytes);
    const r = await replayPeak(path);
    console.log(
      `size ${(size / MB).toFixed(1)} MB games ${games} replayed ${r.lines} peak-rss ${r.peakMb.toFixed(0)} MB ` +
        `time ${r.seconds.toFixed(1)} s exit ${r.code}`,
    );
    if (r.stderr) console.error(r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
