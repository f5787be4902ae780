/**
 * The help texts of the mail gateway: the commands (one list for every game), and each game's page — its rules,
 * its move notation and its options — as pbmserv's per-game help pages were (`<game> help`, `<game> rules`).
 */
import { entryOf } from '@tactica/catalogue/all';
import { GAME_LISTINGS, listing, playsInRounds, RULES_TEXT, type GameFamily } from '@tactica/catalogue';
import { GAME_VERBS, GLOBAL_VERBS } from './grammar.js';
import { REVIEW_MAIL_HELP } from './review-mail.js';
import { TOURNAMENT_MAIL_HELP } from './tournament-mail.js';

const VERB_HELP: Readonly<Record<string, string>> = {
  help: 'help [subject…]                                 this text; "help <command>" or "<game> help"',
  signup:
    'signup userid password [addresses…]             make an account (your From address if none given);\n' +
    '    each address gets a mail to confirm: reply to it, and game mails go there from then on',
  change:
    'change password userid password new            a new password (your reply addresses change too)\n' +
    '    change address userid password addresses…       the addresses your mails go to (new ones confirm first)',
  logout: 'logout userid password                          end every log-in (browser too); new reply addresses',
  list: 'list [games]                                     the games played here, or the boards in progress',
  message: 'message userid password to-userid…            send the body to other players',
  vacation: 'vacation userid password days|off              correspondence clocks wait while you are away',
  games: '<game> games [userid…] [all|active|inactive|next]   boards of players (next: where they are to move)',
  show:
    '<game> show board[#N]…                           boards (#N: as it was before move N)\n' +
    '<game> show userid… [all|active|inactive|next]   boards of players',
  showas:
    '<game> showas userid password board…            your own view (your hidden orders included)\n' +
    '<game> showas userid password all|active|inactive|next   your view of each of those boards',
  challenge:
    '<game> challenge userid opponent [-opts] [--opts]   from your own address (else confirmed by a reply)\n' +
    '<game> challenge [-opts] [--opts] userid password opponent   propose a game (you take the first seat);\n' +
    '    -key=value game options (-variant=russian, -giveaway, -chain, -no-chain…),\n' +
    '    --nagtime=D --forfeittime=D (days; 7 and 21 by default)',
  seek: '<game> seek [-opts] [--opts] userid password    a game with anyone who accepts',
  challenges:
    '<game> challenges [userid password]        open seeks; with your password the challenges to and from you',
  move:
    '<game> move board userid password move[#N]      play a move (also "board" for move); the body is a comment\n' +
    '<game> move board userid password resign        also propose, undo, accept, reject (pass where the game has one)',
  board: '<game> board board userid password move[#N]     the same as move',
  propose: '<game> propose board userid password [draw]     propose a draw',
  undo: '<game> undo board userid password               ask to take back your last move',
  accept:
    '<game> accept board userid password             accept the draw or undo proposed to you\n' +
    '    <game> accept userid password [numbers…]        accept every challenge to you (or those numbered)',
  reject:
    '<game> reject board userid password             reject the draw or undo proposed to you\n' +
    '    <game> reject userid password [numbers…]        reject challenges',
  resign: '<game> resign board userid password[#N]         resign',
  queue: '<game> queue board userid password [move]       a premove, played when your turn comes (none: clear)',
  submit: '<game> submit board userid password move[#N]    check a move and see the board after it; then confirm',
  confirm:
    '<game> confirm board userid password          play the move you submitted\n' +
    '    confirm token                                    confirm an address (or reply to its confirmation mail)',
  preview: '<game> preview board[#N] move…                 try moves on a copy of the board (nothing is played)',
  chat: '<game> chat board userid password               send the body to the players and subscribers',
  subscribe: '<game> subscribe board userid password          get the board after every move',
  unsubscribe: '<game> unsubscribe board userid password        stop that',
  notify: '<game> notify userid password all|turn|off     which game mails you get',
  limit: '<game> limit userid password N|none             the most games in progress you take on by challenge',
  standings: '<game> standings (or ratings)                   the ratings',
  ratings: '<game> ratings                                   the ratings (as standings)',
  rules: "<game> rules                                     the game's rules, notation and options",
  add: 'add userid password addresses…                  more addresses for your mails (each confirms first)',
  signoff: 'signoff userid password                         no more mail; the account and its records stay',
  delete: 'delete userid password                          close the account; its finished games stay',
  broadcast:
    'broadcast userid password [on|off]              the body to the players who take broadcasts; on/off: take them',
  multiple: 'multiple                                         several commands: the body, one a line',
  all: "all show userid [next|active]                    a player's boards of every game",
  history: '<game> history [userid]                          finished boards',
  replay: '<game> replay board N                            the board after move N (Tactorus: round N)',
  tournament: TOURNAMENT_MAIL_HELP,
  review: REVIEW_MAIL_HELP,
};

/** How moves are written by mail: the game's notation, and for a game of simultaneous rounds where its orders go. */
function notationByMail(family: GameFamily): string {
  const l = listing(family);
  if (!playsInRounds(l)) return l.notation;
  return (
    `${l.notation} By mail they go in the body (or the Subject), one or more a line, and are sent as your whole part ` +
    'of the round (done is added). The other side sees ??? until the round is carried out.'
  );
}

/** The game's options, as challenge and seek take them (`-key=value`). */
function optionLines(family: GameFamily): string[] {
  const entry = entryOf(family);
  if (!entry.ok) return [];
  return entry.value.options.map((o) => {
    const form =
      o.kind === 'flag'
        ? `-${o.key} / -no-${o.key}`
        : o.kind === 'choice'
          ? `-${o.key}=${o.choices.map((c) => c.id).join('|')}`
          : o.kind === 'integer'
            ? `-${o.key}=${o.min}..${o.max}`
            : `-${o.key}="…"`;
    return `  ${form}  ${o.label}${o.help ? `: ${o.help}` : ''} (default ${JSON.stringify(o.default)})`;
  });
}

/**
 * A game's page by mail, as pbmserv's "Help for <game>": what it is, its rules, its notation and its options,
 * then how to play it by mail.
 */
export function rulesText(family: GameFamily): string {
  const l = GAME_LISTINGS.find((g) => g.family === family);
  const lines = [
    `Help for ${l?.name ?? family}`,
    '',
    `${l?.name ?? family}: ${l?.summary ?? ''}.`,
    '',
    RULES_TEXT[family],
    '',
  ];
  lines.push('NOTATION', '', notationByMail(family), '');
  const options = optionLines(family);
  if (options.length > 0) {
    lines.push(
      'OPTIONS',
      '',
      `Give them to challenge or seek: ${family} challenge userid opponent -key=value …`,
      ...options,
      '',
    );
  }
  lines.push(
    'PLAYING BY MAIL',
    '',
    `  ${family} challenge userid opponent [-options]     (from your address; else with your password after userid)`,
    `  ${family} move board userid password move[#N]`,
    `  ${family} move board userid password resign        (also propose, undo, accept, reject)`,
    `  ${family} show board…, ${family} ratings, ${family} help for all the commands`,
  );
  return `${lines.join('\n')}\n`;
}

/** Where the descriptions start in the help's table. */
const HELP_FORM_WIDTH = 50;

/**
 * The help's lines as one table: each `form   description` line split at its first run of blanks and laid out
 * at one width (the entries were aligned by hand, raggedly, issue 40); a line of description alone goes under it.
 */
function table(entry: string): string[] {
  return entry.split('\n').map((line) => {
    const m = /^\s*(\S(?:.*?\S)?)\s{2,}(\S.*)$/.exec(line);
    if (!m) return `  ${''.padEnd(HELP_FORM_WIDTH)}  ${line.trim()}`;
    const [, form = '', what = ''] = m;
    return form.length > HELP_FORM_WIDTH
      ? `  ${form}\n  ${''.padEnd(HELP_FORM_WIDTH)}  ${what}`
      : `  ${form.padEnd(HELP_FORM_WIDTH)}  ${what}`;
  });
}

export function helpText(family: GameFamily | undefined, topic: string | undefined): string {
  const t = topic?.toLowerCase();
  if (family && t === 'rules') return rulesText(family);
  if (t && VERB_HELP[t]) return `${table(VERB_HELP[t]).join('\n')}\n`;
  const lines: string[] = [];
  if (family) {
    // The game's page is its rules, as pbmserv's help pages were; the commands follow.
    lines.push(rulesText(family));
    lines.push(`COMMANDS (the Subject of your mail; "${family}" first)`, '');
    for (const v of GAME_VERBS) lines.push(...table(VERB_HELP[v] ?? v));
  } else {
    lines.push('Tactica plays five games by e-mail, with the commands of the pbmserv servers.', '');
    lines.push('The Subject of your mail is the command; the body is a comment (or the orders of Tactorus).', '');
    lines.push('Games:');
    for (const g of GAME_LISTINGS) lines.push(`  ${g.family.padEnd(10)} ${g.name}: ${g.summary}`);
    lines.push('', 'Commands:');
    for (const v of GLOBAL_VERBS) lines.push(...table(VERB_HELP[v] ?? v));
    lines.push('', 'Per game ("tactics help" for the whole list):');
    for (const v of ['challenge', 'accept', 'move', 'show']) lines.push(...table(VERB_HELP[v] ?? v));
  }
  lines.push(
    '',
    'A word with blanks or quotes (a password) goes in double quotes: "my \\"secret\\" words" (\\\\ a backslash).',
    '#N after a move is the move number the mail you answer gave: a late or doubled mail is refused, not played.',
    'Each board mail gives you a reply address of your own for that board: reply to it with only the move in the',
    'Subject ("move f1-f4#7") and no password, or keep the Subject and write the move as the first line of the body.',
  );
  return `${lines.join('\n')}\n`;
}
