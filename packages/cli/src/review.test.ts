import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryOf } from '@tactica/catalogue/all';
import { current, pushMove, startHistory, unwrap } from '@tactica/core';
import { iteratePdn, type PdnGame } from '@tactica/draughts';
import { runCapture } from './testing.js';

const dir = mkdtempSync(join(tmpdir(), 'review-cli-'));

/** International; Black's 19-23 gives a man for nothing (29x20), a blunder planted in a game between Ann and Bob. */
const PLANTED_PDN = [
  '[Event "Planted"]',
  '[White "Ann"]',
  '[Black "Bob"]',
  '[GameType "20"]',
  '[FEN "B:W29,31,32,35,37,38,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,10,12,13,14,15,16,19,21"]',
  '',
  '1... 19-23 {the losing move} 2. 29x20 *',
  '',
].join('\n');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('tactica review', () => {
  it('prints each move with its evaluations, loss and mark, the better line of a blunder, and a summary per player', async () => {
    const pdn = file('planted.pdn', PLANTED_PDN);
    const r = await runCapture(['review', pdn]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `review of ${pdn}: draughts/international, 2 moves, depth 10 (scores in men, for the side that moved)`,
    );
    expect(lines[1]).toMatch(/^ ply {2}side {2}move +before +after +loss {2}mark +better$/);
    expect(lines[2]).toMatch(/^ {3}1 {2}P2 {4}19-23 +[+-]?\d+\.\d\d +-\d+\.\d\d +\d+\.\d\d {2}blunder {5}\S+( \S+)*$/);
    expect(lines[3]).toMatch(/^ {3}2 {2}P1 {4}29x20 +\+\d+\.\d\d +\+\d+\.\d\d +\d+\.\d\d$/);
    expect(lines[4]).toMatch(/^P1 \(Ann\): moves 1, average loss \d+\.\d\d, inaccuracies 0, mistakes 0, blunders 0$/);
    expect(lines[5]).toMatch(/^P2 \(Bob\): moves 1, average loss \d+\.\d\d, inaccuracies 0, mistakes 0, blunders 1$/);
    expect(lines).toHaveLength(6);
  });

  it('--write writes the PDN with the review as comments and an Annotator tag, which reads back', async () => {
    const out = join(dir, 'reviewed.pdn');
    const r = await runCapture(['review', file('to-write.pdn', PLANTED_PDN), '--write', out, '--depth', '6']);
    expect(r.code).toBe(0);
    const back = iteratePdn(readFileSync(out, 'utf8')).next().value;
    if (!back?.ok) throw new Error('the written PDN does not read back');
    const game: PdnGame = back.value;
    expect(game.tags).toContainEqual({ name: 'Annotator', value: 'Tactica review (depth 6)' });
    expect(game.moves).toHaveLength(2);
    const comments = game.comments.map((c) => `${c.ply}: ${c.text}`);
    expect(comments[0]).toBe('1: the losing move');
    expect(comments[1]).toMatch(/^1: blunder, loses \d+\.\d\d; eval \+\d+\.\d\d; better: /);
    expect(comments[2]).toMatch(/^2: eval \+\d+\.\d\d$/);
  });

  it("finds the game of another game's record by its format, and refuses --write where the format has no comments", async () => {
    const entry = unwrap(entryOf('tactics'));
    const setup = unwrap(entry.setup({ position: '1B2RRBQ/7*B/8/Q2R4/*Q1R5/8/2*R5/3*R*R*R*B*Q w 6' }));
    if (setup.dynamics !== 'sequential') throw new Error('tactics is sequential');
    let h = startHistory<unknown, unknown>(setup.initial());
    for (const text of ['a4-b4', 'g8-c4']) {
      const m = unwrap(setup.game.parseMove(current(h), text));
      h = pushMove(h, m, setup.game.play(current(h), m));
    }
    const record = file('planted.tactics', unwrap(await setup.exportRecord('tactics-record', h)));
    const r = await runCapture(['review', record]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^review of \S+: tactics, 2 moves, depth 4 \(scores in rooks/);
    expect(r.stdout).toMatch(/\n {3}1 {2}P1 {4}a4-b4 .* blunder /);
    const out = join(dir, 'never.tactics');
    const refused = await runCapture(['review', record, '--write', out]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^tactica: review\/no-comments: Tactics records \(.*\) have no comments/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a bad record with its coded error, on stderr only', async () => {
    const bad = await runCapture(['review', file('bad.pdn', '[GameType "20"]\n\n1. 99-98 *\n')]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^tactica: \S+bad\.pdn: pdn\/[a-z-]+: /);
    const unknown = await runCapture(['review', file('notes.md', 'no game here\n')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/review\/unknown-record: not a record of any of the games \(pdn, /);
  });

  it('takes a depth or a time, not both', async () => {
    const r = await runCapture(['review', file('both.pdn', PLANTED_PDN), '--depth', '3', '--time', '1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('give --depth or --time, not both');
  });
});
