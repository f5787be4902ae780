/**
 * The pbmserv grammar: every verb's layout, `#N`, game and server options, the short forms a board's reply address
 * allows, and a coded error naming the word for every malformed Subject — fuzzed, never a crash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { parseSubject, tokenize, type PbmCommand } from './grammar.js';

function refusal(subject: string, ctx = {}): { code: string; field: string | undefined } {
  try {
    parseSubject(subject, ctx);
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, field: e.field };
    throw e;
  }
  throw new Error(`"${subject}" was read`);
}

describe('the pbmserv grammar', () => {
  it("reads the manual's move: tactics board 105 userid password f1-f4", () => {
    expect(parseSubject('tactics board 105 ann secret f1-f4')).toEqual({
      scope: 'game',
      family: 'tactics',
      verb: 'board',
      board: 105,
      credentials: { user: 'ann', password: 'secret' },
      args: ['f1-f4'],
      options: [],
      server: {},
      implied: false,
    });
  });

  it.each([
    ['tactics move 105 ann secret f1-f4#7', { verb: 'move', board: 105, moveNumber: 7, args: ['f1-f4'] }],
    ['tactics move 105 ann secret f1-f4 #7', { verb: 'move', board: 105, moveNumber: 7, args: ['f1-f4'] }],
    ['force400 move 3 ann secret T J8-C1 10#12', { verb: 'move', args: ['T', 'J8-C1', '10'], moveNumber: 12 }],
    ['tactics show 105', { verb: 'show', board: 105, args: [] }],
    ['tactics show 105#4', { verb: 'show', board: 105, moveNumber: 4 }],
    ['tactics showas ann secret 105', { verb: 'showas', board: 105, credentials: { user: 'ann', password: 'secret' } }],
    ['tactics games', { verb: 'games', args: [] }],
    ['tactics games ann bob next', { verb: 'games', args: ['ann', 'bob', 'next'] }],
    ['tactics propose 105 ann secret draw', { verb: 'propose', args: ['draw'] }],
    ['tactics undo 105 ann secret', { verb: 'undo', args: [] }],
    ['tactics accept 105 ann secret', { verb: 'accept', board: 105 }],
    ['tactics accept ann secret', { verb: 'accept', args: [] }],
    ['tactics reject ann secret 4 5', { verb: 'reject', args: ['4', '5'] }],
    ['tactics resign 105 ann secret#9', { verb: 'resign', moveNumber: 9 }],
    ['tactics queue 105 ann secret f1-f4', { verb: 'queue', args: ['f1-f4'] }],
    ['tactics queue 105 ann secret', { verb: 'queue', args: [] }],
    ['tactics submit 105 ann secret f1-f4#3', { verb: 'submit', moveNumber: 3 }],
    ['tactics confirm 105 ann secret#3', { verb: 'confirm', moveNumber: 3 }],
    ['tactics preview 105#3 f1-f4, c8-c5', { verb: 'preview', moveNumber: 3, args: ['f1-f4,', 'c8-c5'] }],
    ['tactics chat 105 ann secret', { verb: 'chat' }],
    ['tactics subscribe 105 ann secret', { verb: 'subscribe' }],
    ['tactics unsubscribe 105 ann secret', { verb: 'unsubscribe' }],
    ['tactics notify ann secret turn', { verb: 'notify', args: ['turn'] }],
    ['tactics limit ann secret 5', { verb: 'limit', args: ['5'] }],
    ['notify ann secret off', { verb: 'notify', family: undefined, args: ['off'] }],
    ['tactics standings', { verb: 'standings' }],
    ['tactics history bob', { verb: 'history', args: ['bob'] }],
    ['tactics replay 105 12', { verb: 'replay', board: 105, args: ['12'] }],
    ['TACTICS HELP', { verb: 'help', family: 'tactics' }],
    ['checkers help', { verb: 'help', family: 'draughts' }],
    ['Re: Fwd: tactics show 5', { verb: 'show', board: 5 }],
  ])('reads %s', (subject, expected) => {
    expect(parseSubject(subject)).toMatchObject(expected);
  });

  it.each([
    [
      'tactics challenge ann bob -variant=x --forfeittime=9',
      {
        verb: 'challenge',
        challenger: 'ann',
        args: ['bob'],
        options: [{ key: 'variant' }],
        server: { forfeitDays: 9 },
      },
    ],
    ['tactics challenge -giveaway ann bob', { verb: 'challenge', challenger: 'ann', args: ['bob'] }],
    ['tactics challenge ann secret bob -giveaway', { credentials: { user: 'ann', password: 'secret' }, args: ['bob'] }],
    ['tactics move 105 ann secret resign', { verb: 'resign', board: 105, args: [] }],
    ['tactics move 105 ann secret propose', { verb: 'propose', board: 105, args: [] }],
    ['tactics move 105 ann secret swap', { verb: 'move', args: ['swap'] }],
    ['tactics show 105 106#3', { verb: 'show', boards: [{ board: 105 }, { board: 106, moveNumber: 3 }] }],
    ['tactics show ann bob next', { verb: 'show', args: ['ann', 'bob'], filter: 'next' }],
    ['tactics showas ann secret all', { verb: 'showas', filter: 'all', credentials: { user: 'ann' } }],
    ['tactics showas ann secret 105 106', { verb: 'showas', boards: [{ board: 105 }, { board: 106 }] }],
    ['all show ann next', { scope: 'global', verb: 'all', args: ['ann', 'next'] }],
    ['tactics ratings', { verb: 'ratings' }],
    ['tactics rules', { verb: 'rules' }],
    ['add ann secret b@example.org', { verb: 'add', args: ['b@example.org'] }],
    ['signoff ann secret', { verb: 'signoff' }],
    ['delete ann secret', { verb: 'delete' }],
    ['multiple', { verb: 'multiple' }],
    ['help move show', { verb: 'help', args: ['move', 'show'] }],
  ])("reads pbmserv's form %s", (subject, expected) => {
    expect(parseSubject(subject)).toMatchObject(expected);
  });

  it('reads game and server options before the names of a challenge', () => {
    const cmd = parseSubject(
      'draughts challenge -variant=russian -giveaway -no-chain -position="W:W21:B1 x" --nagtime=3 --forfeittime=10 ann secret bob',
    );
    expect(cmd).toMatchObject({
      verb: 'challenge',
      family: 'draughts',
      credentials: { user: 'ann', password: 'secret' },
      args: ['bob'],
      options: [
        { key: 'variant', value: 'russian' },
        { key: 'giveaway', value: true },
        { key: 'chain', value: false },
        { key: 'position', value: 'W:W21:B1 x' },
      ],
      server: { nagDays: 3, forfeitDays: 10 },
    });
  });

  it.each([
    ['signup ann secret ann@example.org', { verb: 'signup', args: ['ann@example.org'] }],
    ['logout ann secret', { verb: 'logout', credentials: { user: 'ann', password: 'secret' }, args: [] }],
    ['change password ann secret newsecret', { verb: 'change', what: 'password', args: ['newsecret'] }],
    ['change address ann secret a@b.c d@e.f', { verb: 'change', what: 'address', args: ['a@b.c', 'd@e.f'] }],
    ['list games', { verb: 'list', args: ['games'] }],
    ['message ann secret bob carl', { verb: 'message', args: ['bob', 'carl'] }],
    ['vacation ann secret 14', { verb: 'vacation', args: ['14'] }],
    ['help move', { verb: 'help', args: ['move'] }],
  ])('reads the global command %s', (subject, expected) => {
    expect(parseSubject(subject)).toMatchObject({ scope: 'global', ...expected });
  });

  it('to a reply address, the board and the player may be left out', () => {
    const ctx = { impliedBoard: 105 };
    expect(parseSubject('f1-f4#7', ctx)).toMatchObject({
      verb: 'move',
      board: 105,
      args: ['f1-f4'],
      moveNumber: 7,
      implied: true,
    });
    expect(parseSubject('move f1-f4', ctx)).toMatchObject({ verb: 'move', board: 105, args: ['f1-f4'] });
    expect(parseSubject('Re: resign#9', ctx)).toMatchObject({ verb: 'resign', board: 105, moveNumber: 9 });
    expect(parseSubject('move 8464', ctx)).toMatchObject({ verb: 'move', board: 105, args: ['8464'] });
    expect(parseSubject('move 105 11-15', ctx)).toMatchObject({ board: 105, args: ['11-15'] });
    // A full command there still reads its credentials.
    expect(parseSubject('tactics move 105 ann secret f1-f4', ctx)).toMatchObject({
      credentials: { user: 'ann', password: 'secret' },
      args: ['f1-f4'],
    });
    expect(refusal('tactics move 106 ann secret f1-f4', ctx).code).toBe('pbm/wrong-board');
  });

  it.each([
    ['', 'pbm/empty-subject', 'subject'],
    ['chess move 1 a b e2-e4', 'pbm/unknown-command', 'subject word 1'],
    ['tactics', 'pbm/missing-verb', 'subject word 2'],
    ['tactics fly 105', 'pbm/unknown-verb', 'subject word 2'],
    ['tactics move', 'pbm/missing-board', 'subject word 3'],
    ['tactics move x105 ann secret f1-f4', 'pbm/bad-board', 'subject word 3'],
    ['tactics move 105 ann', 'pbm/missing-credentials', 'subject word 5'],
    ['tactics move 105 4nn secret f1-f4', 'pbm/bad-userid', 'subject word 4'],
    ['tactics move 105 ann secret f1-f4#x', 'pbm/bad-move-number', 'subject word 6'],
    ['tactics move 105 ann secret f1-f4#3 #4', 'pbm/bad-move-number', 'subject word 6'],
    ['tactics show 105 extra', 'pbm/extra-words', 'subject word 4'],
    ['tactics challenge ann', 'pbm/missing-args', 'subject word 4'],
    ['tactics challenge --nagtime=0 ann secret bob', 'pbm/bad-server-option', 'subject word 3'],
    ['tactics challenge --speed=3 ann secret bob', 'pbm/bad-server-option', 'subject word 3'],
    ['tactics challenge -=3 ann secret bob', 'pbm/bad-option', 'subject word 3'],
    ['tactics challenge -position="open ann secret bob', 'pbm/bad-quote', 'subject word 3'],
    ['change colour ann secret', 'pbm/bad-change', 'subject word 2'],
    ['vacation ann secret forever', 'pbm/bad-vacation', 'subject word 4'],
    ['message ann secret', 'pbm/no-recipient', 'subject word 4'],
    ['x'.repeat(1001), 'pbm/subject-too-long', 'subject'],
  ])('refuses "%s" with %s at %s', (subject, code, field) => {
    expect(refusal(subject)).toEqual({ code, field });
  });

  it('keeps blanks inside double quotes', () => {
    expect(tokenize('a "b c" d').map((w) => w.text)).toEqual(['a', 'b c', 'd']);
  });

  it('writes any password in quotes: \\" a quote, \\\\ a backslash, a # inside quotes no move number', () => {
    expect(tokenize('a "say \\"hi\\"" "c:\\\\d\\e" x\\"y"').map((w) => w.text)).toEqual([
      'a',
      'say "hi"',
      'c:\\d\\e',
      'x\\y',
    ]);
    const resign = (subject: string) => parseSubject(subject) as Extract<PbmCommand, { scope: 'game' }>;
    expect(resign('tactics resign 105 ann "pw#9"')).toMatchObject({ credentials: { password: 'pw#9' } });
    expect(resign('tactics resign 105 ann "pw#9"').moveNumber).toBeUndefined();
    expect(resign('tactics resign 105 ann "pw#9"#12')).toMatchObject({
      credentials: { password: 'pw#9' },
      moveNumber: 12,
    });
    expect(parseSubject('signup ann "my \\"two\\" words"')).toMatchObject({
      credentials: { user: 'ann', password: 'my "two" words' },
    });
    expect(parseSubject('confirm abcdefghijklmnopqrstuvwx')).toMatchObject({
      verb: 'confirm',
      args: ['abcdefghijklmnopqrstuvwx'],
    });
  });

  it('any Subject is read or refused with a coded error, never a crash', () => {
    const words = fc.constantFrom(
      'tactics',
      'draughts',
      'tactorus',
      'move',
      'board',
      'show',
      'challenge',
      'accept',
      'signup',
      'change',
      'help',
      '105',
      '#3',
      'f1-f4#2',
      'ann',
      'secret',
      '-variant=russian',
      '--nagtime=3',
      '"',
      'queue',
      'preview',
      'Re:',
    );
    const subject = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { maxLength: 9 }).map((w) => w.join(' ')),
    );
    fc.assert(
      fc.property(subject, fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }), (s, board) => {
        try {
          const cmd = parseSubject(s, board === undefined ? {} : { impliedBoard: board });
          expect(['global', 'game']).toContain(cmd.scope);
        } catch (e) {
          expect(e).toBeInstanceOf(DomainError);
          expect((e as DomainError).code).toMatch(/^pbm\/[a-z-]+$/);
        }
      }),
      { numRuns: 2000, seed: 16 },
    );
  });
});
