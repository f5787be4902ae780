import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newSession, type TactorusObservation } from '@tactica/tactorus';
import { SaveLibrary } from '../../storage/save-library.js';
import { memoryIo, runCapture } from '../../testing.js';
import { tactorusCli } from './index.js';
import { CLEAR_SCREEN, runTactorusGame, type TactorusComputer } from './play.js';

const games = [tactorusCli];
const root = mkdtempSync(join(tmpdir(), 'tactorus-cli-'));
/** Each player of an e-mail game has a machine of their own: a save library of their own. */
const homes = { alice: join(root, 'alice'), bob: join(root, 'bob'), local: join(root, 'local') };
process.env['TACTICA_HOME'] = homes.local;

/** Runs tactica with a home; no game is left at the screen from an earlier run unless `left` says to keep it. */
async function run(argv: string[], options: { input?: string; home?: string; left?: boolean } = {}) {
  const home = options.home ?? homes.local;
  process.env['TACTICA_HOME'] = home;
  if (!options.left) rmSync(join(home, 'tactorus-current.json'), { force: true });
  return runCapture(argv, options.input === undefined ? { games } : { games, input: options.input });
}

function file(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text, 'utf8');
  return path;
}

describe('tactica play tactorus: two players at one screen', () => {
  const input = ['84-64', '83-63', 'w84', 'done', '', '15-35', 'board', 'done', '', 'quit', 'y', ''].join('\n');

  it("clears the screen between the players, and Player 2's screen never shows Player 1's orders", async () => {
    const r = await run(['play', 'tactorus'], { input });
    expect(r.code).toBe(0);
    const [before, after = ''] = r.stdout.split(CLEAR_SCREEN);
    expect(before).toContain('Your orders (2 of 20): 84-64 83-63');
    expect(after).toContain('Player 2 schedules now. Player 1, look away.');
    const player2 = after.slice(0, after.indexOf('Movement check'));
    expect(player2).not.toMatch(/83-63|84-64/);
    expect(player2).toContain('Your orders (1 of 20): 15-35');
    // Player 1's ordered piece is not marked on Player 2's board either; Player 2's own is.
    expect(player2).not.toMatch(/[FACI][<>]/);
    expect(player2).toMatch(/i>/);
  });

  it('shows the movement check before the round resolves, then the round report', async () => {
    const r = await run(['play', 'tactorus'], { input });
    const check = r.stdout.indexOf('Movement check, round 1:');
    const report = r.stdout.indexOf('Round 1:\n  Player 1 ordered: 83-63\n  Player 2 ordered: 15-35');
    expect(check).toBeGreaterThan(0);
    expect(report).toBeGreaterThan(check);
    expect(r.stdout).toContain('Round 2 of 50');
  });

  it('reports what met where and what was eliminated', async () => {
    // Infantry 84→64 and 15→35, then 64→44 and 35→44 meet: like pieces, both removed.
    const moves = ['84-64', 'done', '', '15-35', 'done', '', '64-44', 'done', '', '35-44', 'done', '', 'quit', 'y'];
    const r = await run(['play', 'tactorus'], { input: moves.join('\n') });
    expect(r.stdout).toContain(
      "Met on 44: Player 1's infantry (from 64) and Player 2's infantry (from 35): both are removed.",
    );
  });

  it('takes the rule alterations and flanks of a new game', async () => {
    const r = await run(
      ['play', 'tactorus', '--no-chain', '--supply-lines', '--high-ground', '--no-flank', 'p1-left'],
      {
        input: 'quit\n',
      },
    );
    expect(r.stdout).toContain('Rules: Supply Lines, High Ground.');
    expect(r.stdout).toContain('Player 1: 14 pieces');
    expect(r.stdout).toContain('Your orders (0 of 10)');
    const bad = await run(['play', 'tactorus', '--no-flank', 'p3-middle'], { input: '' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--no-flank takes p1-left');
  });

  it('saves with the round reached; the save keeps only the saving player’s orders', async () => {
    const home = join(root, 'hot-save');
    const moves = ['84-64', 'done', '', '15-35', 'save hot game', 'quit'];
    const r = await run(['play', 'tactorus'], { input: moves.join('\n'), home });
    expect(r.stdout).toContain('Saved as "hot game" (round 0).');
    expect(r.stdout).toContain("(Player 1's orders are not in the save: they are secret.)");
    const saved = readFileSync(join(home, 'saves', readdirSync(join(home, 'saves'))[0] as string), 'utf8');
    expect(saved).toContain('15-35');
    expect(saved).not.toContain('84-64');
    const list = await run(['tactorus', 'saves'], { home });
    expect(list.stdout).toMatch(/^1\. hot game — round 0, hot-seat, Player 2/);
    const reopened = await run(['play', 'tactorus', '--open', '1'], { input: 'orders\nquit\n', home });
    expect(reopened.stdout).toContain('Your orders (0 of 20): -'); // Player 1 schedules again
  });

  it('changes the rules and the mode mid-game and agrees a draw; the save and its export hold them all', async () => {
    const home = join(root, 'changes');
    const moves = [
      '84-64',
      'rules supply-lines',
      'y',
      'orders',
      '83-63',
      'mode e-mail',
      'mode hot-seat',
      'orders',
      'draw',
      'y',
      'save changes',
      'quit',
    ];
    const r = await run(['play', 'tactorus'], { input: moves.join('\n'), home });
    // The rule change cleared 84-64 and set Supply Lines' allowance of 10.
    expect(r.stdout).toContain('Your orders (0 of 10): -');
    expect(r.stdout).toContain('Now played by e-mail: you are Player 1.');
    expect(r.stdout).toContain('Now played by two people at this screen.');
    // Player 1 kept their orders across the mode changes.
    expect(r.stdout).toContain('Your orders (1 of 10): 83-63');
    expect(r.stdout).toContain('A tie: agreed.');
    const exported = await run(['tactorus', 'export-game', 'changes'], { home });
    expect(exported.stdout).toContain('Result: draw:agreed\n');
    expect(exported.stdout).toContain('History: 2\nRules: supply-lines\nDraw: agreed\n');
    const replay = await run(['replay', 'tactorus', file('changes.txt', exported.stdout)]);
    expect(replay.stdout).toContain('0 rounds. A tie: agreed.');
    const reopened = await run(['play', 'tactorus', '--open', 'changes'], { input: 'quit\n', home });
    expect(reopened.stdout).toContain('Rules: Supply Lines.');
    expect(reopened.stdout).toContain('A tie: agreed.');
  });

  it('rotates the board and customizes it (never the flags)', async () => {
    const moves = ['rotate', 'customize', 'put 55 C', 'empty 94', 'move 05 06', 'ok', 'quit', 'y'];
    const r = await run(['play', 'tactorus'], { input: moves.join('\n') });
    expect(r.stdout).toContain('      9  8  7  6  5  4  3  2  1  0');
    expect(r.stdout).toContain('flags cannot be');
    expect(r.stdout).toMatch(/ 5 {3}\. {2}\. {2}\. {2}\. {2}C {2}\./);
  });
});

describe('a computer as Player 2 (the hook issue 7 plugs into)', () => {
  it("is handed Player 2's observation only, after Player 1 is done, and its orders go through the rules", async () => {
    const seen: TactorusObservation[] = [];
    const computer: TactorusComputer = {
      name: 'Scripted',
      chooseOrders: async (view) => {
        seen.push(view);
        return seen.length === 1 ? [{ from: 15, to: 35 }] : [];
      },
    };
    const { io, stdout } = memoryIo(['84-64', 'done', '', 'quit', 'y'].join('\n'));
    const session = newSession({ name: 'vs computer', mode: 'computer', level: 1 });
    const end = await runTactorusGame(io, session, { library: new SaveLibrary(join(root, 'computer')), computer });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.viewer).toBe(1);
    expect(seen[0]?.orders).toEqual([]);
    expect(seen[0]?.opponentDone).toBe(true);
    expect(JSON.stringify(seen[0])).not.toContain('64');
    expect(stdout()).toContain('against Scripted (Player 2)');
    expect(stdout()).toContain('Round 1:\n  Player 1 ordered: 84-64\n  Player 2 ordered: 15-35');
    expect(end.core.roundStart.round).toBe(1);
  });

  it('without a computer such a game is refused with a clear message', async () => {
    const { io } = memoryIo('');
    const session = newSession({ name: 'vs computer', mode: 'computer', level: 1 });
    await expect(runTactorusGame(io, session, { library: new SaveLibrary(join(root, 'computer')) })).rejects.toThrow(
      /not available yet/,
    );
  });
});

describe('play by e-mail with the tactorus commands', () => {
  /** Alice makes an e-mail game, Bob imports it, Bob's export goes back: the keys are exchanged. */
  async function mailGame(title: string, who: { alice: string; bob: string } = homes) {
    const a = (argv: string[]) => run(argv, { home: who.alice });
    const b = (argv: string[]) => run(argv, { home: who.bob });
    const made = await a(['tactorus', 'new', title, '--email']);
    expect(made.stdout).toContain('Player 1');
    const aliceFingerprint = /fingerprint: ([0-9a-f ]{39})/.exec(made.stdout)?.[1];
    expect(aliceFingerprint).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
    const game = await a(['tactorus', 'export-game', title]);
    expect(game.stdout.startsWith('++Tactorus\n')).toBe(true);
    expect(game.stdout).toMatch(/\nGame-Id: [0-9a-f]{32}\nKey-1: 04[0-9a-f]{128}\nKey-2: -\n/);
    // The export carries public keys only: no private key leaves the save.
    expect(game.stdout).not.toContain('Signing-Key');
    const imported = await b(['tactorus', 'import-game', file(`${title}-game.txt`, game.stdout)]);
    expect(imported.stdout).toContain('as Player 2');
    // Bob is shown Alice's fingerprint, to compare with her out of band.
    expect(imported.stdout).toContain(`Player 1's key fingerprint: ${aliceFingerprint}`);
    const back = await b(['tactorus', 'export-game', title]);
    const learnt = await a(['tactorus', 'import-game', file(`${title}-back.txt`, back.stdout)]);
    expect(learnt.stdout).toContain("Player 2's signing key is now known");
    const bobFingerprint = /Player 2's key fingerprint: ([0-9a-f ]{39})/.exec(learnt.stdout)?.[1];
    expect((await b(['tactorus', 'show', title])).stdout).toContain(`Player 2's key fingerprint: ${bobFingerprint}`);
    return { a, b, game: (await a(['tactorus', 'export-game', title])).stdout };
  }

  it('new game, export, import as Player 2, key exchange, sealed orders, key releases, the same round', async () => {
    const { a, b, game } = await mailGame('mail game');
    const aliceMemo = await a(['tactorus', 'export-orders', 'mail game', '--orders', '84-64 83-63']);
    expect(aliceMemo.code).toBe(0);
    expect(aliceMemo.stdout.startsWith('++TacMoves\n')).toBe(true);
    expect(aliceMemo.stdout).toContain('\nKey:\n');
    expect(aliceMemo.stdout).toMatch(/\nSignature: [0-9a-f]{128}\n/);
    expect(aliceMemo.stdout).not.toMatch(/\d\d-\d\d/);

    // No key before the other side's memo has arrived.
    const early = await a(['tactorus', 'key', 'mail game']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('email/wait');

    const bobMemo = await b(['tactorus', 'export-orders', 'mail game', '--orders', '15-35']);
    // A damaged memo is refused.
    const damaged = bobMemo.stdout.replace(/Round: 1/, 'Round: 2');
    const refused = await a(['tactorus', 'import-orders', 'mail game', file('damaged.txt', damaged)]);
    expect(refused.stderr).toContain('tacmoves/checksum');

    expect((await a(['tactorus', 'import-orders', 'mail game', file('bob1.txt', bobMemo.stdout)])).code).toBe(0);
    expect((await b(['tactorus', 'import-orders', 'mail game', file('alice1.txt', aliceMemo.stdout)])).code).toBe(0);
    const aliceKey = (await a(['tactorus', 'key', 'mail game'])).stdout;
    const bobKey = (await b(['tactorus', 'key', 'mail game'])).stdout;
    expect(aliceKey).toMatch(/^\+\+TacKey\nGame: [0-9a-f]{32}\nRound: 1\nPlayer: 1\nMemo: [0-9a-f]{64}\nKey: /);

    // Alice's own release, a bare key and a changed release are refused; Bob's opens his orders.
    const wrong = await a(['tactorus', 'import-key', 'mail game', file('alice-key.txt', aliceKey)]);
    expect(wrong.stderr).toContain('tackey/wrong-memo');
    const bare = /\nKey: ([0-9a-f]{64})\n/.exec(bobKey)?.[1] ?? '';
    expect((await a(['tactorus', 'import-key', 'mail game', bare])).stderr).toContain('tackey/unsigned');
    const changed = bobKey.replace(/Round: 1/, 'Round: 1\n');
    expect((await a(['tactorus', 'import-key', 'mail game', file('k.txt', changed)])).stderr).toContain('tackey/');
    const aliceRound = await a(['tactorus', 'import-key', 'mail game', file('bob-key.txt', bobKey)]);
    const bobRound = await b(['tactorus', 'import-key', 'mail game', file('alice-key.txt', aliceKey)]);
    expect(aliceRound.stdout).toContain('Player 1 ordered: 84-64 83-63\n  Player 2 ordered: 15-35');
    const board = (out: string) => out.slice(out.indexOf('      0  1'));
    expect(board(aliceRound.stdout)).toBe(board(bobRound.stdout));
    expect((await a(['tactorus', 'saves'])).stdout).toContain('mail game — round 1, e-mail, Player 1');

    // The whole game rebuilt from the export (with both keys) and the memos with their keys.
    const keyOf = (release: string) => /\nKey: ([0-9a-f]{64})\n/.exec(release)?.[1] ?? '';
    const keyed = (memo: string, release: string) => memo.replace('\nKey:\n', `\nKey: ${keyOf(release)}\n`);
    const replay = await run([
      'replay',
      'tactorus',
      file('r0.txt', game),
      file('r1.txt', keyed(aliceMemo.stdout, aliceKey)),
      file('r2.txt', keyed(bobMemo.stdout, bobKey)),
      '--reports',
    ]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('1 round. The game goes on.');
    expect(board(replay.stdout).split('\n').slice(0, 12)).toEqual(board(aliceRound.stdout).split('\n').slice(0, 12));
  });

  it("a memo of another game, or made by someone holding the export, is refused; Bob's real one is not", async () => {
    const who = { alice: join(root, 'attack-alice'), bob: join(root, 'attack-bob') };
    const { a, game } = await mailGame('friday', who);
    const mallory = (argv: string[]) => run(argv, { home: join(root, 'mallory') });
    // Game "sat": another game between the same people, at the same round and position.
    const sat = await mailGame('sat', { alice: join(root, 'sat-alice'), bob: who.bob });
    const satMemo = await sat.b(['tactorus', 'export-orders', 'sat', '--orders', '15-35']);
    const crossed = await a(['tactorus', 'import-orders', 'friday', file('sat.txt', satMemo.stdout)]);
    expect(crossed.code).toBe(1);
    expect(crossed.stderr).toContain('tacmoves/wrong-game');
    // Mallory got hold of Alice's export: she imports it (as Player 2, with a key of her own) and sends orders.
    expect((await mallory(['tactorus', 'import-game', file('stolen.txt', game)])).code).toBe(0);
    const forged = await mallory(['tactorus', 'export-orders', 'friday', '--orders', '14-34']);
    expect(forged.stdout.startsWith('++TacMoves\n')).toBe(true);
    const refused = await a(['tactorus', 'import-orders', 'friday', file('forged.txt', forged.stdout)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('tacmoves/bad-signature');
    // Nothing was kept, and no key can be drawn out of Alice with it.
    expect((await a(['tactorus', 'show', 'friday'])).stdout).toContain('their memo not received');
    await a(['tactorus', 'export-orders', 'friday', '--orders', '84-64']);
    expect((await a(['tactorus', 'key', 'friday'])).stderr).toContain('email/wait');
    // Mallory's export cannot replace Bob's key either.
    const back = await mallory(['tactorus', 'export-game', 'friday']);
    const swap = await a(['tactorus', 'import-game', file('swap.txt', back.stdout)]);
    expect(swap.stderr).toContain('email/peer-key-changed');
  });

  it('a stuck memo is dropped with drop-memo, until the key is given', async () => {
    const who = { alice: join(root, 'drop-alice'), bob: join(root, 'drop-bob') };
    const { a, b } = await mailGame('stuck', who);
    const bobHome = join(root, 'drop-bob');
    const bobBefore = readdirSync(join(bobHome, 'saves')).filter((n) => n.endsWith('.json'));
    const saved = readFileSync(join(bobHome, 'saves', bobBefore[0] as string), 'utf8');
    const first = await b(['tactorus', 'export-orders', 'stuck', '--orders', '15-35']);
    // Bob's program lost the round (his save restored from before it): he seals other orders.
    writeFileSync(join(bobHome, 'saves', bobBefore[0] as string), saved);
    const second = await b(['tactorus', 'export-orders', 'stuck', '--orders', '14-34']);
    expect((await a(['tactorus', 'import-orders', 'stuck', file('s1.txt', first.stdout)])).code).toBe(0);
    const blocked = await a(['tactorus', 'import-orders', 'stuck', file('s2.txt', second.stdout)]);
    expect(blocked.stderr).toContain('email/different-memo');
    const dropped = await a(['tactorus', 'drop-memo', 'stuck']);
    expect(dropped.code).toBe(0);
    expect((await a(['tactorus', 'show', 'stuck'])).stdout).toContain('their memo not received');
    expect((await a(['tactorus', 'import-orders', 'stuck', file('s2.txt', second.stdout)])).code).toBe(0);
    await a(['tactorus', 'export-orders', 'stuck', '--orders', '84-64']);
    expect((await a(['tactorus', 'key', 'stuck'])).code).toBe(0);
    // Once Alice's key is out, Bob has seen her orders: his memo is fixed.
    const late = await a(['tactorus', 'drop-memo', 'stuck']);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('email/key-released');
  });

  it('the interactive loop seals the orders on "done" and saves the game with its key', async () => {
    const home = join(root, 'interactive-mail');
    const r = await run(['play', 'tactorus', '--email', '--name', 'loop game'], {
      input: ['84-64', 'done', '83-63', 'quit'].join('\n'),
      home,
    });
    expect(r.stdout).toContain('Your orders are sealed. Send this memo to the other player:');
    expect(r.stdout).toContain('++TacMoves');
    expect(r.stdout).toContain('Your orders are sealed. Exchange memos and keys');
    const shown = await run(['tactorus', 'show', 'loop game'], { home });
    expect(shown.stdout).toContain('orders sealed, their memo not received');
  });
});

describe('other verbs', () => {
  it('moves lists every legal move of a player', async () => {
    const r = await run(['moves', 'tactorus', '--player', '2']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(81);
    expect(lines).toContain('15-35');
    expect(lines.at(-1)).toBe('done');
  });

  it('replay checks a saved game and prints the final position and result', async () => {
    const home = join(root, 'replay');
    await run(['play', 'tactorus'], {
      input: ['84-64', 'done', '', 'done', '', 'resign', 'y', 'save r', 'quit'].join('\n'),
      home,
    });
    const exported = await run(['tactorus', 'export-game', 'r'], { home });
    const r = await run(['replay', 'tactorus', file('resigned.txt', exported.stdout)]);
    expect(r.stdout).toContain('1 round. Player 2 wins: resignation.');
    const tampered = await run([
      'replay',
      'tactorus',
      file('bad.txt', exported.stdout.replace('Round: 1', 'Round: 2')),
    ]);
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('tactorus/checksum');
  });

  it('saves can be renamed and deleted', async () => {
    const home = join(root, 'library');
    await run(['tactorus', 'new', 'first'], { home });
    await run(['tactorus', 'new', 'second'], { home });
    expect((await run(['tactorus', 'rename', 'first', 'a much longer title than eight letters'], { home })).code).toBe(
      0,
    );
    expect((await run(['tactorus', 'delete', '2'], { home })).stdout).toContain('Deleted "second"');
    expect((await run(['tactorus', 'saves'], { home })).stdout).toMatch(/^1\. a much longer title than eight letters/);
    // A game saved after every step (e-mail) needs a title of its own.
    const taken = await run(['tactorus', 'new', 'A much longer title than eight letters', '--email'], { home });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already titled');
  });
});
