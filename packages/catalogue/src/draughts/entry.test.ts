import { describe, expect, it } from 'vitest';
import { current, lineFromStates, pushMove, unwrap, withCursor, type History } from '@tactica/core';
import type { DraughtsMove, DraughtsState } from '@tactica/draughts';
import { draughtsEntry, exportPdnOver, importPdn, type DraughtsSetup } from './entry.js';

function setup(options: Record<string, unknown>): DraughtsSetup {
  const r = draughtsEntry.setup(options);
  if (!r.ok || r.value.dynamics !== 'sequential') throw new Error('setup failed');
  return r.value as DraughtsSetup;
}

describe('draughts in the catalogue', () => {
  it('lists the seven rule sets, each also in give-away mode', () => {
    expect(draughtsEntry.variants.map((v) => v.id)).toEqual([
      'draughts/international',
      'draughts/international-giveaway',
      'draughts/english',
      'draughts/english-giveaway',
      'draughts/spanish',
      'draughts/spanish-giveaway',
      'draughts/russian',
      'draughts/russian-giveaway',
      'draughts/brazilian',
      'draughts/brazilian-giveaway',
      'draughts/thai',
      'draughts/thai-giveaway',
      'draughts/pool',
      'draughts/pool-giveaway',
    ]);
  });

  it('manual 3.2.2: the clock\'s "auto" mode is per move in English only, per game otherwise', () => {
    expect(setup({ variant: 'english' }).autoTimeMode).toBe('move');
    for (const variant of ['international', 'spanish', 'russian', 'brazilian', 'thai', 'pool']) {
      expect(setup({ variant }).autoTimeMode).toBe('game');
    }
  });

  it('starts from a FEN option, and names the option when the FEN is bad', () => {
    const s = setup({ variant: 'international', position: 'W:W28:B23,1' });
    expect(s.game.formatPosition(s.initial())).toBe('W:W28:B1,23');
    const bad = draughtsEntry.setup({ variant: 'international', position: 'W:W99:B1' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.message).toMatch(/^position: /);
  });

  it("manual 3.3.5: the status bar's letter, pieces and move counter as data", () => {
    const s = setup({ variant: 'english' });
    const start = s.initial();
    const st = s.status(start, { start, ply: 0 });
    expect(st).toMatchObject({
      letter: 'E',
      giveaway: false,
      firstToMove: 1,
      men: [12, 12],
      kings: [0, 0],
      counter: undefined,
      moveLabel: '1.',
      moveNumber: 1,
      toMove: [1],
    });
    // Kings only: inactive moves start the first stage of the counter (manual 2.4).
    const k = setup({ variant: 'international', position: 'W:WK46:BK5' });
    const s0 = k.initial();
    const s1 = k.game.play(s0, k.game.legalMoves(s0)[0]!);
    expect(k.status(s1, { start: s0, ply: 1 }).counter).toEqual({ stage: 1, left: 29 });
    expect(k.status(s1, { start: s0, ply: 1 }).kings).toEqual([1, 1]);
  });

  it('a click on a man that must not move while a capture is compulsory says so', () => {
    const s = setup({ variant: 'international', position: 'W:W28,48:B23,1' });
    const r = s.board.fromInput(s.initial(), { from: '48', to: '42' });
    expect(!r.ok && r.error.code).toBe('move/capture-required');
    expect(!r.ok && r.error.message).toContain('28');
    const ok = unwrap(s.board.fromInput(s.initial(), { from: '28', to: '19' }));
    expect(ok.captures).toEqual([23]);
  });

  it('two captures between the same squares are told apart by their choice', () => {
    const s = setup({ variant: 'english', position: 'W:W31:B26,27,18,19' });
    const start = s.initial();
    const both = s.board.inputs(start).filter((i) => i.from === '31' && i.to === '15');
    expect(both).toHaveLength(2);
    const asked = s.board.fromInput(start, { from: '31', to: '15' });
    expect(!asked.ok && asked.error.code).toBe('input/ambiguous');
    for (const input of both) {
      const m = unwrap(s.board.fromInput(start, { from: '31', to: '15', choice: input.choice! }));
      expect(s.game.formatMove(start, m)).toBe(input.notation);
    }
    const wrong = s.board.fromInput(start, { from: '31', to: '15', choice: '1,2' });
    expect(!wrong.ok && wrong.error.code).toBe('input/bad-choice');
  });

  it('the board model numbers the dark squares as the rule set does, and Russian names them', () => {
    const intl = setup({ variant: 'international' }).board.model(setup({ variant: 'international' }).initial());
    expect(intl.squares.filter((q) => q.playable)).toHaveLength(50);
    // Square 46 is White's left corner, square 5 Black's right.
    expect(intl.squares[0]).toMatchObject({ id: '46', label: '46', shade: 'dark', piece: { kind: 'man', owner: 0 } });
    const russian = setup({ variant: 'russian' });
    const r = russian.board.model(russian.initial());
    expect(r.squares[0]).toMatchObject({ id: 'a1', playable: true, piece: { symbol: 'w' } });
    expect(r.squares[0]?.label).toBeUndefined();
  });

  it('PDN: a resigned game exported and read back is the same game with its players', async () => {
    const s = setup({ variant: 'russian', giveaway: false });
    const m = s.game.legalMoves(s.initial())[0]!;
    const h = lineFromStates([s.initial(), s.game.resign(s.game.play(s.initial(), m), 1)], [m]);
    const text = unwrap(await s.exportRecord('pdn', h, { players: ['Ann', 'Bob'], date: '2026.11.25' }));
    expect(text).toContain('[White "Ann"]');
    expect(text).toContain('1-0');
    const back = unwrap(await draughtsEntry.importRecord('pdn', text));
    expect(back.options).toEqual({ variant: 'russian', giveaway: false, position: '' });
    expect(back.meta.players).toEqual(['Ann', 'Bob']);
    expect(s.game.outcome(back.history.tip)).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    const wrong = await draughtsEntry.importRecord('pgn', text);
    expect(!wrong.ok && wrong.error.code).toBe('record/unknown-format');
    const broken = await draughtsEntry.importRecord('pdn', '[GameType "20"]\n1. 32-28 99-98 *');
    expect(broken.ok).toBe(false);
  });

  it('PDN: a game without a GameType tag is refused, or read as the rule set given', async () => {
    const text = '1. c3-d4 f6-g5 *\n';
    const refused = await importPdn(text);
    expect(!refused.ok && refused.error.code).toBe('pdn/no-game-type');
    const read = unwrap(await importPdn(text, 'russian'));
    expect(read.options).toEqual({ variant: 'russian', giveaway: false, position: '' });
    expect(read.history.cursor).toBe(2);
    // A GameType tag wins over the rule set given.
    const tagged = unwrap(await importPdn(`[GameType "20"]\n1. 32-28 *\n`, 'russian'));
    expect(tagged.options['variant']).toBe('international');
  });

  it('PDN: a game loaded, played on and written again keeps its tags, and its comments where the line still runs', async () => {
    const text = [
      '[Event "Club night"]',
      '[Site "?"]',
      '[Round "3"]',
      '[WhiteElo "2100"]',
      '[GameType "20"]',
      '',
      '1. 32-28 {a quiet start} 19-23 {the reply} 2. 28x19 14x23 *',
      '',
    ].join('\n');
    const loaded = unwrap(await importPdn(text));
    const s = setup(loaded.options);
    const on = (h: History<DraughtsState, DraughtsMove>, move: string): History<DraughtsState, DraughtsMove> => {
      const m = unwrap(s.game.parseMove(current(h), move));
      return pushMove(h, m, s.game.play(current(h), m));
    };
    const longer = exportPdnOver(on(loaded.history, '37-32'), loaded.record);
    expect(longer).toContain('[Event "Club night"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "3"]\n');
    expect(longer).toContain('[WhiteElo "2100"]');
    expect(longer).toMatch(/1\. 32-28 \{a quiet start\} 1\.\.\. 19-23 \{the reply\} 2\. 28x19 14x23 3\. 37-32 \*\n$/);
    // Taken back to move 1 and played otherwise: the comment on the move no longer played goes.
    const back = withCursor(s.game, loaded.history, 1);
    const other = exportPdnOver(on(back, '20-24'), loaded.record);
    expect(other).toMatch(/1\. 32-28 \{a quiet start\} 1\.\.\. 20-24 \*\n$/);
  });

  it("loads the computer's engine lazily, with the manual's six levels", async () => {
    const s = setup({ variant: 'english' });
    expect(s.levels.map((l) => l.name)).toEqual(['Dumb', 'Novice', 'Average', 'Good', 'Smart', 'Master']);
    const engine = await s.loadEngine();
    const choice = engine.choose(s.initial(), 'novice', { seed: 1 });
    expect(s.game.legalMoves(s.initial()).map((m) => s.game.formatMove(s.initial(), m))).toContain(
      s.game.formatMove(s.initial(), choice.move),
    );
  });
});
