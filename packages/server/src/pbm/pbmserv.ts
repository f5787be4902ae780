/**
 * pbmserv's own forms of the common commands, beside ours (issue 40): its public command summary as its users type
 * it — `challenge userid1 userid2` without a password, `show` of several boards, `showas … all|next`, `all show
 * userid`, `add`, `signoff`, `delete`, `broadcast`, `multiple`, and `pass`/`swap` in the move's place. Each is
 * carried out with the gateway's own commands; a form our games cannot honour is refused with a coded error that
 * names the nearest form that works.
 */
import { randomBytes } from 'node:crypto';
import { GAME_FAMILIES, sequentialPlay, type GameFamily } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { DAY_MS } from '../games/control.js';
import type { LiveGame } from '../games/live-game.js';
import type { Services } from '../services.js';
import type { GameCmd, GlobalCmd, PbmGateway, PbmReply, PbmRequest } from './gateway.js';
import { SHOW_BOARDS_MAX, type Credentials } from './grammar.js';
import type { Notifier } from './notifier.js';
import { gameName } from './render.js';
import { ok } from './reply.js';
import type { PbmStore } from './store.js';

/**
 * Confirmation mails a challenger gets for challenges sent without a password from another address, a day: the
 * rest are refused (`pbm/confirm-busy`), so nobody can flood a player with them. **(ours)**
 */
const CHALLENGE_CONFIRMS_PER_DAY = 5;
/** Broadcasts one player may send a day. **(ours)** */
const BROADCASTS_PER_DAY = 1;
/** Players one broadcast reaches at most (those who opted in, in a stable order). **(ours)** */
const BROADCAST_RECIPIENTS_MAX = 1000;
/** Characters of a broadcast. */
const BROADCAST_MAX = 10_000;
/** Commands in one `multiple` mail (its body's lines). **(ours)** */
const MULTIPLE_MAX = 20;

const RULE = '='.repeat(72);

export class PbmservCommands {
  constructor(
    private readonly gateway: PbmGateway,
    private readonly services: Services,
    private readonly store: PbmStore,
    private readonly notifier: Notifier,
  ) {}

  async global(cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
    switch (cmd.verb) {
      case 'add': {
        // More addresses: those the player has stay, the new ones confirm first (as `change address`).
        const user = await this.gateway.login(cmd.credentials);
        const have = await this.store.addressesOf(user.id);
        const change = await this.gateway.giveAddresses(user, [...have, ...cmd.args], request);
        return ok('Tactica Address', `${user.name}: ${change.text}`, change.replyTo ? { replyTo: change.replyTo } : {});
      }
      case 'signoff':
        return this.signOff(cmd.credentials, false);
      case 'delete':
        return this.signOff(cmd.credentials, true);
      case 'broadcast':
        return this.broadcast(cmd, request);
      case 'multiple':
        return this.multiple(request);
      case 'all':
        return this.allShow(cmd.args[0] ?? '', cmd.args[1]);
      case 'help':
      case 'signup':
      case 'confirm':
      case 'change':
      case 'logout':
      case 'list':
      case 'message':
      case 'vacation':
        // The gateway's own commands.
        throw new DomainError('pbm/unknown-verb', `${cmd.verb} is the gateway's own command`);
    }
  }

  /**
   * `signoff`: no more mail (addresses and claims gone, notify off); `delete` also closes the account — its
   * password becomes a random one nobody knows and every log-in ends — while its finished games and ratings stay
   * under its name. **(ours)** Both are refused while the player has boards in progress: those would be forfeited
   * unseen.
   */
  private async signOff(credentials: Credentials | undefined, close: boolean): Promise<PbmReply> {
    const user = await this.gateway.login(credentials);
    // The first ten are named; one more read says whether there are others (never all of them read).
    const boards = await this.store.boards.inProgressOf(user.id, 11);
    if (boards.length > 0) {
      const count =
        boards.length > 10 ? 'more than 10 boards' : `${boards.length} board${boards.length === 1 ? '' : 's'}`;
      throw new DomainError(
        'pbm/games-in-progress',
        `${user.name} plays ${count} in progress (${boards.slice(0, 10).join(', ')}${boards.length > 10 ? ', …' : ''}): ` +
          'finish or resign them first ("<game> move board userid password resign"), or stop the mails only with ' +
          '"notify userid password off"',
      );
    }
    await this.store.signOff(user.id);
    if (!close) {
      return ok(
        'Tactica Signoff',
        `${user.name}: signed off. No mail goes to you any more; your account, games and ratings stay.\n` +
          'To come back: add userid password address (the address confirms first).',
      );
    }
    await this.services.accounts.changePassword(user, credentials?.password, randomBytes(24).toString('base64url'));
    return ok(
      'Tactica Delete',
      `${user.name}: your account is closed. No mail goes to you, nobody can log in as ${user.name}, and the name is ` +
        'not given again; your finished games and ratings stay in the records.',
    );
  }

  /**
   * `broadcast userid password`: the body to every player who opted in (`broadcast userid password on`), each
   * their own mail. Only a player who takes broadcasts may send one, and at most BROADCASTS_PER_DAY a day.
   * **(ours: pbmserv's list was everyone's; here nobody gets one unasked)**
   */
  private async broadcast(cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
    const user = await this.gateway.login(cmd.credentials);
    const switched = cmd.args[0];
    if (switched !== undefined) {
      await this.store.setBroadcast(user.id, switched === 'on');
      return ok(
        'Tactica Broadcast',
        switched === 'on'
          ? `${user.name}: you get the players' broadcasts, and may send them ("broadcast userid password", the body the message).`
          : `${user.name}: no more broadcasts.`,
      );
    }
    if (!(await this.store.settings(user.id)).broadcast) {
      throw new DomainError(
        'pbm/not-opted-in',
        'only players who take broadcasts send them: "broadcast userid password on" first (or "message userid ' +
          'password to-userid…" to players by name)',
      );
    }
    const text = request.body.trim();
    if (!text) throw new DomainError('pbm/empty-message', 'the body is the broadcast: it is empty', 'body');
    if (text.length > BROADCAST_MAX) {
      throw new DomainError('pbm/message-too-long', `a broadcast is at most ${BROADCAST_MAX} characters`, 'body');
    }
    const { count, windowStart } = await this.store.count(`broadcast:${user.id}`, DAY_MS);
    if (count > BROADCASTS_PER_DAY) {
      await this.store.uncount(`broadcast:${user.id}`, windowStart);
      throw new DomainError(
        'rate/broadcast',
        `at most ${BROADCASTS_PER_DAY} broadcast${BROADCASTS_PER_DAY === 1 ? '' : 's'} a day; send it tomorrow, or ` +
          '"message userid password to-userid…" to players by name',
      );
    }
    const ids = (await this.store.broadcastUsers(BROADCAST_RECIPIENTS_MAX)).filter((id) => id !== user.id);
    const addresses = await this.store.addressesOfAll(ids);
    let reached = 0;
    for (const id of ids) {
      const to = addresses.get(id) ?? [];
      if (to.length === 0) continue;
      await this.notifier.deliver({
        to,
        subject: `Tactica Broadcast from ${user.name}`,
        text: `${user.name} writes to the players who take broadcasts:\n\n${text}\n\n(No more: broadcast userid password off)\n`,
      });
      reached++;
    }
    return ok('Tactica Broadcast', `Sent to ${reached} player${reached === 1 ? '' : 's'} who take broadcasts.`);
  }

  /** `multiple`: each line of the body is a command, carried out in order; one reply holds every answer. */
  private async multiple(request: PbmRequest): Promise<PbmReply> {
    const lines = request.body
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    if (lines.length === 0) {
      throw new DomainError('pbm/empty-multiple', 'multiple: the body holds the commands, one a line', 'body');
    }
    if (lines.length > MULTIPLE_MAX) {
      throw new DomainError('pbm/too-many-commands', `multiple: at most ${MULTIPLE_MAX} commands a mail`, 'body');
    }
    const parts: string[] = [];
    let carried = 0;
    for (const [i, line] of lines.entries()) {
      if (/^multiple\b/i.test(line)) {
        parts.push(`${i + 1}. ${line}\n\nRefused: a multiple inside a multiple (pbm/nested-multiple).`);
        continue;
      }
      // Each line is a Subject of its own; none has a body (a comment, Tactorus orders go in the Subject).
      const reply = await this.gateway.handle({ ...request, subject: line, body: '' });
      if (reply.ok) carried++;
      parts.push(`${i + 1}. ${line}\n\n${reply.subject}\n\n${reply.text}`);
    }
    return ok(
      'Tactica Multiple',
      `${carried} of ${lines.length} commands carried out.\n\n${parts.join(`\n${RULE}\n`)}`,
    );
  }

  /** `all show userid [next|active]`: the player's boards of every game. */
  private async allShow(name: string, filter: string | undefined): Promise<PbmReply> {
    const player = await this.services.accounts.findByName(name);
    if (!player) throw new DomainError('pbm/unknown-player', `no player ${name}`, 'subject word 3');
    const parts: string[] = [];
    for (const family of GAME_FAMILIES) {
      const lines = await this.gateway.boardLines(family, [player.name], filter ?? 'active');
      if (lines.length > 0) parts.push(`${gameName(family)}:\n${lines.join('\n')}`);
    }
    return ok(`Tactica Boards of ${player.name}`, parts.length ? parts.join('\n\n') : 'No boards.');
  }

  /** `show board[#N]+`: each board as `show` gives it, one after the other. */
  async showBoards(cmd: GameCmd): Promise<PbmReply> {
    const texts: string[] = [];
    for (const ref of cmd.boards ?? []) {
      const one: GameCmd = {
        ...cmd,
        board: ref.board,
        ...(ref.moveNumber !== undefined ? { moveNumber: ref.moveNumber } : {}),
      };
      const game = await this.gateway.board(one);
      const reply =
        ref.moveNumber === undefined
          ? await this.gateway.boardReply(game, undefined)
          : await this.gateway.showAt(game, ref.moveNumber);
      texts.push(`${reply.subject}\n\n${reply.text}`);
    }
    const family = cmd.family as GameFamily;
    return ok(
      `${gameName(family)} Boards ${(cmd.boards ?? []).map((b) => b.board).join(' ')}`,
      texts.join(`\n${RULE}\n\n`),
      { family },
    );
  }

  /** `showas userid password board+|all|active|inactive|next`: the player's own view of each board. */
  async showBoardsAs(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const user = await this.gateway.login(cmd.credentials);
    let ids: number[];
    if (cmd.boards) ids = cmd.boards.map((b) => b.board);
    else {
      const lines = await this.gateway.boardLines(family, [user.name], cmd.filter ?? 'active');
      ids = lines.map((l) => Number(l.trim().split(/\s+/)[0]));
    }
    const texts: string[] = [];
    for (const id of ids.slice(0, SHOW_BOARDS_MAX)) {
      const game = await this.gateway.board({ ...cmd, board: id });
      const reply = await this.gateway.boardReply(game, user);
      texts.push(`${reply.subject}\n\n${reply.text}`);
    }
    return ok(
      `${gameName(family)} Boards of ${user.name}`,
      texts.length ? texts.join(`\n${RULE}\n\n`) : `No ${cmd.filter ?? ''} boards of ${user.name}.`,
      { family },
    );
  }

  /**
   * `move board userid password pass|swap`: our games have no swap (pie rule); a pass is a move only where the
   * game has one (Force 400, Tactrix! and draughts do not): each refusal names the form that works.
   */
  checkMoveWord(game: LiveGame, cmd: GameCmd): void {
    const word = cmd.args[0]?.toLowerCase();
    const name = gameName(game.family);
    const form = `${game.family} move ${game.id} userid password <move>`;
    if (word === 'swap') {
      throw new DomainError('pbm/no-swap', `${name} has no swap (pie rule): play a move, ${form}`, 'subject');
    }
    const r = sequentialPlay(game.restored);
    if (word !== 'pass' || !r) return;
    const parsed = r.setup.game.parseMove(r.session.position, 'pass');
    if (!parsed.ok) {
      throw new DomainError(
        'pbm/no-pass',
        `${name} has no pass here: play a move (${form}), or resign (${game.family} move ${game.id} userid password resign)`,
        'subject',
      );
    }
  }

  /**
   * The challenger of pbmserv's `challenge userid1 userid2` (no password): the user when the mail comes from one
   * of their confirmed addresses; undefined when they must confirm it by a reply first. **(ours)**
   */
  async challenger(cmd: GameCmd, request: PbmRequest): Promise<User | undefined> {
    const name = cmd.challenger ?? '';
    const user = await this.services.accounts.findByName(name);
    const addresses = user ? await this.store.addressesOf(user.id) : [];
    if (!user || addresses.length === 0) {
      throw new DomainError(
        'pbm/needs-password',
        `a challenge without a password is taken from the challenger's confirmed address only; ${name} has none: ` +
          `send "${cmd.family ?? '<game>'} challenge ${name} <password> ${cmd.args[0] ?? 'opponent'}"`,
      );
    }
    // The operator vouches (`tactica pbm --confirmed`), or the mail comes from the challenger's own address.
    if (request.confirmed) return user;
    return request.from && addresses.includes(request.from.toLowerCase()) ? user : undefined;
  }

  /**
   * A challenge without a password from elsewhere (another address, `tactica pbm`, `POST /pbm`): the challenger's
   * confirmed addresses get the command as a mail of its own, and their reply from there — its Subject is the
   * command, `Re:` and all — carries it out. Nothing is made until then.
   */
  async askChallengeConfirmation(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const user = (await this.services.accounts.findByName(cmd.challenger ?? '')) as User;
    const { count } = await this.store.count(`challenge-confirm:${user.id}`, DAY_MS);
    if (count > CHALLENGE_CONFIRMS_PER_DAY) {
      throw new DomainError(
        'pbm/confirm-busy',
        `${user.name} has had ${CHALLENGE_CONFIRMS_PER_DAY} challenges to confirm today: send the challenge from ` +
          `${user.name}'s own address, or with the password ("${family} challenge ${user.name} <password> ${cmd.args[0]}")`,
      );
    }
    const options = cmd.options.map((o) =>
      o.value === true ? `-${o.key}` : o.value === false ? `-no-${o.key}` : `-${o.key}=${quote(o.value)}`,
    );
    const server = [
      ...(cmd.server.nagDays !== undefined ? [`--nagtime=${cmd.server.nagDays}`] : []),
      ...(cmd.server.forfeitDays !== undefined ? [`--forfeittime=${cmd.server.forfeitDays}`] : []),
    ];
    const command = [family, 'challenge', user.name, cmd.args[0] ?? '', ...options, ...server].join(' ');
    await this.notifier.deliver({
      to: await this.store.addressesOf(user.id),
      subject: command,
      text:
        `A challenge in your name came without your password, not from your address:\n\n  ${command}\n\n` +
        'To make it, reply to this mail from this address with its Subject as it is (or send that Subject, or ' +
        `the same with your password: ${family} challenge ${user.name} <password> ${cmd.args[0]}).\n` +
        'If it was not you, do nothing: no challenge is made.\n',
    });
    return ok(
      `${gameName(family)} Challenge Waiting`,
      `The challenge of ${user.name} to ${cmd.args[0]} waits for ${user.name}'s confirmation: a mail went to ` +
        `${user.name}'s address; a reply to it from there makes the challenge. (From ${user.name}'s own address, ` +
        'or with the password, a challenge is made at once.)',
      { family },
    );
  }
}

function quote(v: string): string {
  return /[\s"\\]/.test(v) ? `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"` : v;
}
