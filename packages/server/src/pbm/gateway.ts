/**
 * The mail gateway: carries out one command of the pbmserv grammar (from a mail, `POST /pbm` or `tactica pbm`)
 * with the server's own services — accounts, games (`GameService.command`), challenges, chat — and answers with a
 * mail for the sender. It holds no game rules: moves are read and played by the games through the catalogue, and
 * every change is the same command the HTTP API makes, checked the same way (nobody acts for another player; a
 * stale version changes nothing).
 *
 * The mails of a change to every player and subscriber are sent by the notifier (notifier.ts), which hears every
 * change committed on this instance, whoever made it (a mail, the browser, the API, the scheduler).
 *
 * Each verb has its handler in a table: game-verbs.ts (`<game> <verb> …`) and global-verbs.ts (`signup`, `list`,
 * …); a new verb is one entry there. This class holds what they share: boards, players, replies, a command's act.
 */
import { reasonWords, stateAt, type Player } from '@tactica/core';
import { entryOf } from '@tactica/catalogue/all';
import {
  GAME_LISTINGS,
  listing,
  playsInRounds,
  byKind,
  sequentialPlay,
  turnStart,
  turnWord,
  type GameFamily,
  type OptionSpec,
  type RoundPlay,
  type SequentialPlay,
} from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError, fromInputError, type DomainCode } from '../errors.js';
import { CHAT_MAX, cleanChat } from '../games/chat.js';
import { DAY_MS, type TimeControlSpec } from '../games/control.js';
import { playersToAct, seatOf, versionFor, type LiveGame } from '../games/live-game.js';
import { toActOf } from '../games/summary.js';
import type { GameCommand } from '../games/transitions.js';
import type { Services } from '../services.js';
import type { Storage } from '../storage/ports.js';
import { positionText } from './boards.js';
import { parseSubject, stripReplyPrefixes, type Credentials, type GameOption, type PbmCommand } from './grammar.js';
import { checkGuarded, DEFAULT_GUESS_LIMIT, type GuessLimit } from './guesses.js';
import { keyForMemo, memoHasKey, ordersOfMemo, type MemoBody } from './memos.js';
import { PbmservCommands } from './pbmserv.js';
import { GAME_VERB_HANDLERS } from './game-verbs.js';
import { GLOBAL_VERB_HANDLERS } from './global-verbs.js';
import { ok, orderWords } from './reply.js';
import type { Notifier } from './notifier.js';
import {
  errorSubject,
  errorText,
  gameMail,
  gameName,
  moveList,
  nextMoveNumber,
  playerName,
  plural,
  type MailText,
  type QuoteLimit,
} from './render.js';
import { CLAIM_LIFETIME_MS, REPLY_BOARDS_LISTED, type PbmStore } from './store.js';

const CLAIM_DAYS = Math.round(CLAIM_LIFETIME_MS / DAY_MS);
/** Players a family's standings list. */
const STANDINGS_SHOWN = 100;

/** The mail that asks an address to confirm it is a player's: the player's name is all it says of them. */
function confirmationText(user: User, address: string, token: string, domain: string): string {
  return (
    `The player ${user.name} of Tactica asks for the mails of their games to go to ${address}.\n\n` +
    `If that is you, reply to this mail (its reply address, confirm-${token}@${domain}, confirms it),\n` +
    `or send a mail with the Subject: confirm ${token}\n\n` +
    `If it is not, do nothing: no game mail comes to this address unless it is confirmed, and the request\n` +
    `lapses in ${CLAIM_DAYS} days.\n`
  );
}

export interface PbmRequest {
  readonly subject: string;
  readonly body: string;
  /** The sender's address: replies go there; `signup` takes it when no address is given. */
  readonly from?: string;
  /**
   * The addresses the mail came to: a board's reply address carries the board and a player's token, a
   * confirmation's reply address (`confirm-<token>@…`) the token of an address to confirm.
   */
  readonly to?: readonly string[];
  /**
   * The operator vouches for the addresses this command gives (`tactica pbm --confirmed`, on the server's own
   * machine): they are the user's at once, with no confirmation mail. Never set from a mail or `POST /pbm`.
   */
  readonly confirmed?: boolean;
  /** How much of the mail an error reply quotes (default: QUOTE_KNOWN). */
  readonly quote?: QuoteLimit;
}

export interface PbmReply extends MailText {
  readonly ok: boolean;
  /** The error's code, when the command was refused. */
  readonly code?: DomainCode;
  /** The sender's reply address for the board, when there is one. */
  readonly replyTo?: string;
  readonly family?: GameFamily;
  readonly board?: number;
}

export interface GatewayOptions {
  /** The domain of reply addresses: `board-105-<token>@<domain>`. */
  readonly domain: string;
  /** Wrong passwords an account may get through the gateway (default DEFAULT_GUESS_LIMIT). */
  readonly guesses?: GuessLimit;
}

const REPLY_ADDRESS = /^board-(\d{1,9})-([a-z2-7]{24})@/i;
const CONFIRM_ADDRESS = /^confirm-([a-z2-7]{24})@/i;

/** The token of a confirmation's reply address in a list of recipients. */
function confirmTokenOf(to: readonly string[] | undefined): string | undefined {
  for (const a of to ?? []) {
    const m = CONFIRM_ADDRESS.exec(a.trim().replace(/^<|>$/g, ''));
    if (m) return (m[1] as string).toLowerCase();
  }
  return undefined;
}

/** A reply address in a list of recipients: its board and token. */
function replyAddressOf(to: readonly string[] | undefined): { board: number; token: string } | undefined {
  for (const a of to ?? []) {
    const m = REPLY_ADDRESS.exec(a.trim().replace(/^<|>$/g, ''));
    if (m) return { board: Number(m[1]), token: (m[2] as string).toLowerCase() };
  }
  return undefined;
}

export type GameCmd = Extract<PbmCommand, { scope: 'game' }>;
export type GlobalCmd = Extract<PbmCommand, { scope: 'global' }>;

/** A board mail's Subject, `Tactics Board 3 ann` or `Force 400 Board 7 Game Over`, with its game. */
function boardMailGame(subject: string): GameFamily | undefined {
  const m = /^(.+?) Board \d{1,9} \S.*$/.exec(stripReplyPrefixes(subject).trim());
  return m ? GAME_LISTINGS.find((l) => l.name.toLowerCase() === m[1]?.toLowerCase())?.family : undefined;
}

/** A game of single moves after `plies` of them: the steps to there and the position. */
function afterPlies(board: number, r: SequentialPlay, plies: number): { steps: number; state: unknown } {
  const h = r.session.history;
  if (plies < 0 || plies > h.cursor) {
    throw new DomainError('pbm/bad-move-number', `board ${board} has ${h.cursor} moves`, 'move number');
  }
  return { steps: plies, state: stateAt(r.setup.game, h, plies) };
}

/** A game of rounds after `played` rounds (their orders secret no more): the steps to there and the position. */
function afterRounds(board: number, r: RoundPlay, played: number): { steps: number; state: unknown } {
  const snapshot = r.session.toJSON();
  const line = snapshot.line;
  // The step after which `played` rounds are played (a round is a step of both sides' orders).
  const rounds: number[] = [0];
  for (let i = 0; i < line.cursor; i++) if (Array.isArray(line.steps[i])) rounds.push(i + 1);
  if (played < 0 || played >= rounds.length) {
    throw new DomainError(
      'pbm/bad-move-number',
      `board ${board} has ${rounds.length - 1} rounds played`,
      'round number',
    );
  }
  const steps = rounds[played] as number;
  // The session's own replay: its snapshot cut at that step, no round in progress, restored.
  const { ending: _ending, before: _before, drawOffer: _drawOffer, ...rest } = snapshot;
  const cut = r.setup.restoreSession({
    ...rest,
    line: { ...line, steps: line.steps.slice(0, steps), cursor: steps },
    pending: [[], []],
  });
  if (!cut.ok) throw new DomainError('server/error', `board ${board} could not be replayed`);
  return { steps, state: cut.value.roundStart };
}

/**
 * A reply to a board mail as a mail program makes it: its Subject is the board mail's (`Re: Tactics Board 3 ann`),
 * the command its body's first line (`f1-f4#7`, or `move f1-f4#7`), the rest of the body the comment; a
 * simultaneous game's orders (Tactorus) are the whole body. **(ours)** Any other Subject is the command, as before.
 */
function replyInBody(request: PbmRequest): PbmRequest {
  const family = boardMailGame(request.subject);
  if (!family) return request;
  if (playsInRounds(listing(family))) return { ...request, subject: 'move' };
  const lines = request.body.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return request;
  return {
    ...request,
    subject: (lines[first] as string).trim(),
    body: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/**
 * Who moves first by the game's rules (English draughts: Black), for a challenge's mails: the challenger takes the
 * first seat, the opponent the second. Nothing of the sort for a game of simultaneous rounds (Tactorus).
 */
function firstMoverText(
  family: GameFamily,
  options: Record<string, unknown>,
  challenger: string,
  opponent: string,
): string {
  const entry = entryOf(family);
  if (!entry.ok) return '';
  const setup = entry.value.setup(options);
  if (!setup.ok) return '';
  if (playsInRounds(setup.value)) return ' Both sides give their orders at once, each round.';
  const { game } = setup.value;
  const first = game.toMove(setup.value.initial())[0] ?? 0;
  const seat = (p: Player): string => `${p === 0 ? challenger : opponent} plays ${game.info.players[p]}`;
  return ` ${seat(0)}, ${seat(1)}; ${game.info.players[first]} (${first === 0 ? challenger : opponent}) moves first.`;
}

/** ` (bob moves first)`, by the rules of the game that started; nothing for simultaneous rounds. */
function startsText(game: LiveGame): string {
  if (playsInRounds(game.restored)) return ' (both sides give their orders at once, each round)';
  const first = playersToAct(game)[0];
  return first === undefined ? '' : ` (${playerName(game, first)}, ${seatName(game, first)}, moves first)`;
}

function seatName(game: LiveGame, p: Player): string {
  return game.restored.setup.game.info.players[p];
}

export class PbmGateway {
  /** pbmserv's forms beside ours (pbmserv.ts). @internal for game-verbs.ts */
  readonly pbmserv: PbmservCommands;

  constructor(
    /** @internal for game-verbs.ts */
    readonly services: Services,
    readonly store: PbmStore,
    /** @internal for game-verbs.ts */
    readonly notifier: Notifier,
    private readonly options: GatewayOptions,
    /** The repositories it reads beside the mail state's (ratings). */
    private readonly storage: Storage,
  ) {
    this.pbmserv = new PbmservCommands(this, services, store, notifier);
  }

  /** Carries out one command; every refusal becomes an error reply, never an exception. */
  async handle(given: PbmRequest): Promise<PbmReply> {
    const reply = replyAddressOf(given.to);
    const confirmation = confirmTokenOf(given.to);
    // A mail program's reply to a board mail (`Re: Tactics Board 3 ann`): the command is in the body.
    const request = reply ? replyInBody(given) : given;
    let cmd: PbmCommand | undefined;
    try {
      // A reply to a confirmation mail: its address is the command, whatever its Subject says.
      if (confirmation !== undefined && !reply) return await this.confirm(confirmation);
      cmd = parseSubject(request.subject, reply ? { impliedBoard: reply.board } : {});
      return await this.run(cmd, request, reply?.token);
    } catch (e) {
      // A mail to a reply address names its board's game in the error's Subject, as board mails do.
      const family =
        (cmd?.scope === 'game' ? cmd.family : undefined) ?? (reply ? await this.familyOfBoard(reply.board) : undefined);
      const board = cmd?.scope === 'game' ? cmd.board : reply?.board;
      const error =
        e instanceof DomainError
          ? e
          : new DomainError(
              'server/error',
              'something went wrong on our side; the command may not have been carried out',
            );
      return {
        ok: false,
        code: error.code,
        subject: errorSubject(family, board),
        text: errorText(error, request, request.quote),
        ...(family ? { family } : {}),
        ...(board !== undefined ? { board } : {}),
      };
    }
  }

  private async familyOfBoard(id: number): Promise<GameFamily | undefined> {
    return this.services.games.load(id).then(
      (g) => g.family,
      () => undefined,
    );
  }

  replyAddress(gameId: number, token: string): string {
    return `board-${gameId}-${token}@${this.options.domain}`;
  }

  /** The reply address of an address's confirmation mail: a mail to it confirms the address. */
  confirmAddress(token: string): string {
    return `confirm-${token}@${this.options.domain}`;
  }

  private get now(): number {
    return this.services.now();
  }

  private async run(cmd: PbmCommand, request: PbmRequest, token: string | undefined): Promise<PbmReply> {
    if (cmd.scope === 'global') return this.global(cmd, request);
    return this.game(cmd, request, token);
  }

  /** @internal for pbmserv.ts */
  async login(c: Credentials | undefined): Promise<User> {
    if (!c) throw new DomainError('pbm/missing-credentials', 'this command needs your userid and password');
    const limit = this.options.guesses ?? DEFAULT_GUESS_LIMIT;
    return checkGuarded(this.services.accounts, this.store, limit, c.user, c.password);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Global commands

  /** A global verb: its handler in the table (global-verbs.ts). */
  private async global(cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
    return GLOBAL_VERB_HANDLERS[cmd.verb](this, cmd, request);
  }

  /**
   * Gives the user these addresses: at once when the operator vouches for them (`request.confirmed`), else as
   * claims, each confirmed by the token of a mail to it. The claim of the sender's own address rides in the reply
   * (it goes there: its reply address confirms it); each other address gets a confirmation mail of its own.
   */
  /** @internal for pbmserv.ts and account-mail.ts */
  async giveAddresses(
    user: User,
    addresses: readonly string[],
    request: PbmRequest,
  ): Promise<{ text: string; replyTo?: string }> {
    if (request.confirmed) {
      await this.store.setAddresses(user.id, addresses);
      return { text: `Your mails go to ${(await this.store.addressesOf(user.id)).join(', ')}.` };
    }
    const change = await this.store.requestAddresses(user.id, addresses, request.from);
    const from = request.from?.toLowerCase();
    const own = change.claims.find((c) => c.address === from);
    const replyTo = own ? this.confirmAddress(own.token) : undefined;
    for (const claim of change.claims) {
      if (claim === own) continue;
      await this.notifier.deliver({
        to: [claim.address],
        subject: 'Tactica Confirm',
        text: confirmationText(user, claim.address, claim.token, this.options.domain),
        replyTo: this.confirmAddress(claim.token),
      });
    }
    const lines: string[] = [];
    lines.push(
      change.confirmed.length > 0
        ? `Your mails go to ${change.confirmed.join(', ')}.`
        : 'No address of yours gets game mails yet.',
    );
    const waiting = change.claims.map((c) => c.address);
    if (waiting.length > 0) {
      lines.push(
        `Waiting for confirmation (${CLAIM_DAYS} days): ${waiting.join(', ')}. Nothing goes to an address until it confirms.`,
      );
    }
    if (own) {
      lines.push(
        `To confirm ${own.address}, reply to this mail (its reply address confirms it), or send "confirm ${own.token}".`,
      );
    }
    if (change.claims.some((c) => c !== own)) {
      lines.push('Each other address got a mail to confirm it: reply to that mail from there.');
    }
    return { text: lines.join('\n'), ...(replyTo ? { replyTo } : {}) };
  }

  /** After a revocation: the new reply address of each board in progress of the user, for the reply. */
  /** @internal for global-verbs.ts */
  async newReplyAddresses(user: User): Promise<string> {
    const boards = await this.store.activeTokens(user.id);
    if (boards.length === 0) return 'You play no board in progress.';
    const lines = boards.map((b) => `  board ${b.gameId}: ${this.replyAddress(b.gameId, b.token)}`);
    if (boards.length >= REPLY_BOARDS_LISTED) {
      lines.push(`  (the first ${REPLY_BOARDS_LISTED}: each other board's next mail carries its new address)`);
    }
    return `The reply addresses of your boards are new (the old ones are refused):\n\n${lines.join('\n')}`;
  }

  /** The token of a confirmation mail came back: its address is its claimant's from now on. */
  /** @internal for global-verbs.ts */
  async confirm(token: string): Promise<PbmReply> {
    const { user, address } = await this.store.confirmClaim(token);
    return ok(
      'Tactica Address Confirmed',
      `${address} is confirmed: the mails of ${user.name}'s games go there (with ${
        (await this.store.addressesOf(user.id)).filter((a) => a !== address).join(', ') || 'no other address'
      }).`,
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Game commands

  /** The game a command names, checked to be of the game the Subject named. */
  /** @internal for pbmserv.ts */
  async board(cmd: GameCmd): Promise<LiveGame> {
    if (cmd.board === undefined) throw new DomainError('pbm/missing-board', 'which board?');
    const game = await this.services.games.load(cmd.board).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'not-found')
        throw new DomainError('pbm/unknown-board', `there is no board ${cmd.board}`);
      throw e;
    });
    if (cmd.family !== undefined && game.family !== cmd.family) {
      throw new DomainError(
        'pbm/wrong-game',
        `board ${game.id} is a game of ${gameName(game.family)}, not ${gameName(cmd.family)}`,
      );
    }
    return game;
  }

  /** The player a board command comes from: the password, or the board's reply address. */
  /** @internal for game-verbs.ts */
  async boardUser(cmd: GameCmd, token: string | undefined): Promise<User> {
    if (cmd.credentials) return this.login(cmd.credentials);
    if (cmd.implied && token !== undefined && cmd.board !== undefined) {
      const user = await this.store.tokenOwner(cmd.board, token);
      if (user) return user;
      throw new DomainError(
        'pbm/bad-reply-address',
        'this reply address is not (or no longer) valid: use your password',
      );
    }
    throw new DomainError('pbm/missing-credentials', 'this command needs your userid and password');
  }

  /** @internal for game-verbs.ts */
  checkMoveNumber(cmd: GameCmd, game: LiveGame): void {
    if (game.finished) throw new DomainError('game/over', `board ${game.id} is over`);
    if (cmd.moveNumber === undefined) return;
    const next = nextMoveNumber(game);
    if (cmd.moveNumber !== next) {
      throw new DomainError(
        'pbm/stale-move-number',
        `board ${game.id} is at ${turnWord(game.restored)} #${next}, your command was for #${cmd.moveNumber}: a late or doubled mail is not carried out`,
        'move number',
      );
    }
  }

  /**
   * Out of turn, the refusal says who is to move, and whether the move could be read at all (a malformed move was
   * told only "not your turn", issue 40).
   */
  /** @internal for game-verbs.ts */
  notYourTurn(game: LiveGame, user: User, move: string): void {
    const seat = this.seat(game, user);
    const r = sequentialPlay(game.restored);
    const toAct = playersToAct(game);
    if (!r || toAct.includes(seat) || toAct.length === 0) return;
    const parsed = r.setup.game.parseMove(r.session.position, move, seat);
    const unreadable =
      !parsed.ok &&
      /^move\/(syntax|bad-square|bad-letter|unknown-piece|missing-amount|bad-amount)$/.test(parsed.error.code);
    throw new DomainError(
      'game/not-your-turn',
      `it is not your turn: ${toAct.map((p) => playerName(game, p)).join(' and ')} is to move` +
        (unreadable && !parsed.ok ? `; and "${move.slice(0, 40)}" is not a move either: ${parsed.error.message}` : ''),
      'move',
    );
  }

  /** @internal for game-verbs.ts */
  seat(game: LiveGame, user: User): Player {
    const seat = seatOf(game, user);
    if (seat === undefined) throw new DomainError('game/not-a-player', `you do not play on board ${game.id}`);
    return seat;
  }

  /** The mail of a board for a player (their view and their reply address), or for a spectator. */
  /** @internal for pbmserv.ts */
  async boardReply(game: LiveGame, user: User | undefined, note?: string): Promise<PbmReply> {
    const seat = user ? seatOf(game, user) : undefined;
    const replyTo =
      user && seat !== undefined ? this.replyAddress(game.id, await this.store.tokenFor(game.id, user.id)) : undefined;
    const mail = gameMail(game, {
      now: this.now,
      ...(seat !== undefined ? { viewer: seat } : {}),
      ...(note ? { note } : {}),
      ...(replyTo ? { replyAddress: replyTo } : {}),
    });
    return ok(mail.subject, mail.text, { family: game.family, board: game.id, ...(replyTo ? { replyTo } : {}) });
  }

  /** @internal for game-verbs.ts */
  comment(body: string): string | undefined {
    const text = body.trim();
    if (!text) return undefined;
    if (text.length > CHAT_MAX) {
      throw new DomainError(
        'pbm/comment-too-long',
        `a comment is at most ${CHAT_MAX} characters (yours has ${text.length})`,
        'body',
      );
    }
    return cleanChat(text);
  }

  /** A player's command on a board, as the API makes it; the notifier mails everyone but the sender. */
  /** @internal for game-verbs.ts */
  async act(
    game: LiveGame,
    user: User,
    command: GameCommand,
    request: PbmRequest,
    what: string,
    comment?: string,
    // The version as this player knows it (a change they did not see, the other side's draft, leaves it).
    expectedVersion = versionFor(game, this.seat(game, user)),
  ): Promise<PbmReply> {
    const seat = this.seat(game, user);
    const note = `${playerName(game, seat)} ${what}.`;
    const done = await this.notifier.during(
      game.id,
      {
        note,
        ...(request.from ? { exclude: request.from } : {}),
        ...(comment ? { comment: { from: user.name, text: comment } } : {}),
      },
      () =>
        this.services.games.command(game.id, user, expectedVersion, command).catch((e: unknown) => {
          // A lost race, told in the mail's words rather than the API's versions.
          if (e instanceof DomainError && e.code === 'game/stale-version') {
            throw new DomainError(
              'game/stale-version',
              `board ${game.id} changed while your command was on its way (the other side was first): nothing was ` +
                `done; look at it ("${game.family} show ${game.id}") and send your command again`,
            );
          }
          throw e;
        }),
    );
    if (comment) await this.services.chat.post(game.id, user, comment);
    const reply = await this.boardReply(done, user, note);
    if (!comment) return reply;
    return {
      ...reply,
      text: reply.text.replace(
        /\nTiming:/,
        `\nComment from ${user.name}:\n${comment
          .split('\n')
          .map((l) => `  ${l}`)
          .join('\n')}\n\nTiming:`,
      ),
    };
  }

  /** A game verb: its handler in the table (game-verbs.ts). */
  private async game(cmd: GameCmd, request: PbmRequest, token: string | undefined): Promise<PbmReply> {
    return GAME_VERB_HANDLERS[cmd.verb](this, cmd, request, token);
  }

  /** `show board#N`: the board as it was before move N (the board now when N is the next move). */
  async showAt(game: LiveGame, moveNumber: number): Promise<PbmReply> {
    if (moveNumber === nextMoveNumber(game)) return this.boardReply(game, undefined);
    return this.positionReply(game, moveNumber - 1, `before move #${moveNumber}`);
  }

  /**
   * The board of a game after `plies` moves (Tactorus: after that many rounds, its orders secret no more; the
   * commands between rounds come with them), with the moves to there.
   */
  /** @internal for pbmserv.ts */
  async positionReply(game: LiveGame, plies: number, what: string): Promise<PbmReply> {
    const { steps, state } = byKind(
      game.restored,
      (moves) => afterPlies(game.id, moves, plies),
      (rounds) => afterRounds(game.id, rounds, plies),
    );
    const list = moveList(game, undefined, steps);
    const text = [
      `${gameName(game.family)} board ${game.id}, ${what}:`,
      '',
      list,
      '',
      positionText(game, state),
      '',
    ].join('\n');
    return ok(`${gameName(game.family)} Board ${game.id} Replay`, text, { family: game.family, board: game.id });
  }

  /** Moves tried on a copy of the board: each must be legal after the ones before it; nothing is stored. */
  /** @internal for game-verbs.ts */
  async preview(game: LiveGame, moves: readonly string[]): Promise<PbmReply> {
    const r = game.restored;
    const g = r.setup.game;
    let s: unknown = turnStart(r);
    const played: string[] = [];
    const inRounds = playsInRounds(r);
    // A round's orders are words; sequential games' moves are separated by commas ("f1-f4, c8-c5") or are one move.
    const list = inRounds
      ? moves.flatMap(orderWords)
      : moves
          .join(' ')
          .split(/\s*,\s*/)
          .filter(Boolean);
    for (const [i, text] of list.entries()) {
      const m = g.parseMove(s, text);
      if (!m.ok) {
        throw fromInputError(
          m.error,
          'subject',
          `move ${i + 1} of the preview, "${text.slice(0, 40)}": ${m.error.message}`,
        );
      }
      played.push(g.formatMove(s, m.value));
      s = g.play(s, m.value);
    }
    return ok(
      `${gameName(game.family)} Board ${game.id} Preview`,
      !inRounds
        ? `A preview of board ${game.id}: nothing was played.\n\nAfter ${played.join(', ')}:\n\n${positionText(game, s)}\n`
        : // Orders move nothing until both sides' orders of the round are carried out: no "after" to draw.
          `A preview of board ${game.id}: nothing was sent.\n\nThe orders ${played.join(' ')} are legal here. The board ` +
            `changes only when both sides' orders of the round are carried out; it stands now as:\n\n${positionText(game, s)}\n`,
      { family: game.family, board: game.id },
    );
  }

  /**
   * Tactorus orders as a `++TacMoves` memo, with its key or followed by a `++TacKey` release (memos.ts): carried
   * out as the same orders written plainly; a memo without its key waits for it, the player's one held memo.
   */
  /** @internal for game-verbs.ts */
  async memoOrders(game: LiveGame, user: User, request: PbmRequest, body: NonNullable<MemoBody>): Promise<PbmReply> {
    const seat = this.seat(game, user);
    let text: string;
    let key: string | undefined;
    if (body.kind === 'orders') {
      text = body.memo;
      if (!(await memoHasKey(game, seat, text))) {
        await this.store.setPending(game.id, user.id, text, versionFor(game, seat));
        return ok(
          `${gameName(game.family)} Board ${game.id} Memo`,
          `Your sealed orders for round ${nextMoveNumber(game)} are held, unread. Send their key to carry them out: ` +
            `the ${'++TacKey'} release in the body of "move" (or the memo again with its Key: line).`,
          { family: game.family, board: game.id },
        );
      }
    } else {
      const held = await this.store.takePending(game.id, user.id);
      if (!held) {
        throw new DomainError(
          'pbm/no-memo',
          `no sealed orders of yours wait on board ${game.id}: send the ++TacMoves memo first`,
          'body',
        );
      }
      text = held.move;
      try {
        key = await keyForMemo(game, body.release, text);
      } catch (e) {
        await this.store.setPending(game.id, user.id, held.move, held.version);
        throw e;
      }
    }
    const orders = await ordersOfMemo(game, seat, text, key);
    return this.act(
      game,
      user,
      { kind: 'orders', moves: [...orders, 'done'] },
      request,
      'sent orders for this round (a ++TacMoves memo)',
    );
  }

  /** @internal for game-verbs.ts */
  async submit(game: LiveGame, user: User, text: string): Promise<PbmReply> {
    const seat = this.seat(game, user);
    const r = game.restored;
    if (game.finished) throw new DomainError('game/over', 'the game is over');
    if (!playersToAct(game).includes(seat)) throw new DomainError('game/not-your-turn', 'it is not your turn');
    const g = r.setup.game;
    let s: unknown = turnStart(r);
    const words = playsInRounds(r) ? orderWords(text) : [text];
    const shown: string[] = [];
    for (const w of words) {
      const m = g.parseMove(s, w, seat);
      if (!m.ok) throw fromInputError(m.error, 'move');
      shown.push(g.formatMove(s, m.value));
      s = g.play(s, m.value);
    }
    await this.store.setPending(game.id, user.id, shown.join(' '), versionFor(game, seat));
    const replyTo = this.replyAddress(game.id, await this.store.tokenFor(game.id, user.id));
    return ok(
      `${gameName(game.family)} Board ${game.id} Preview`,
      `Your move ${shown.join(' ')} is legal; it is not played yet. The board after it:\n\n${positionText(game, s)}\n\n` +
        `To play it, send: ${game.family} confirm ${game.id} ${user.name} <password>#${nextMoveNumber(game)}\n` +
        `(or "confirm" to ${replyTo}). Any change on the board before then cancels it.`,
      { family: game.family, board: game.id, replyTo },
    );
  }

  /** @internal for game-verbs.ts */
  async queue(game: LiveGame, user: User, move: string, request: PbmRequest): Promise<PbmReply> {
    this.seat(game, user);
    if (playsInRounds(game.restored)) {
      throw new DomainError(
        'pbm/not-for-rounds',
        'Tactorus orders are given for the round in progress: send them with move',
      );
    }
    if (!move) {
      const n = await this.store.clearQueue(game.id, user.id);
      return ok(
        `${gameName(game.family)} Board ${game.id} Queue`,
        `Your queue on board ${game.id} is empty (${n} removed).`,
        { family: game.family, board: game.id },
      );
    }
    await this.store.enqueue(game.id, user.id, [move]);
    const queued = await this.store.queued(game.id, user.id);
    // Your turn already: the premove is played now.
    await this.notifier.playQueued(game.id, request.from);
    const after = await this.services.games.load(game.id);
    const left = await this.store.queued(game.id, user.id);
    const reply = await this.boardReply(after, user);
    return {
      ...reply,
      text: `Queued on board ${game.id}: ${queued.map((q) => q.move).join(', ')}. Waiting: ${left.map((q) => q.move).join(', ') || 'none'}.\n\n${reply.text}`,
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Challenges

  /** The catalogue options of a game from the Subject's `-key=value` words, matched to the game's option keys. */
  private optionsOf(family: GameFamily, words: readonly GameOption[]): Record<string, unknown> {
    const entry = entryOf(family);
    if (!entry.ok) throw fromInputError(entry.error);
    const specs = entry.value.options;
    const norm = (k: string): string => k.toLowerCase().replace(/[-_]/g, '');
    const out: Record<string, unknown> = {};
    for (const o of words) {
      const exact = specs.filter((s) => norm(s.key) === norm(o.key));
      const matches = exact.length > 0 ? exact : specs.filter((s) => norm(s.key).startsWith(norm(o.key)));
      if (matches.length !== 1) {
        const keys = specs.map((s) => s.key).join(', ');
        throw new DomainError(
          'pbm/bad-option',
          matches.length === 0
            ? `${gameName(family)} has no option -${o.key}: ${keys}`
            : `-${o.key} could be ${matches.map((s) => s.key).join(' or ')}`,
          `subject word ${o.word}`,
        );
      }
      const spec = matches[0] as OptionSpec;
      out[spec.key] = this.optionValue(spec, o);
    }
    return out;
  }

  private optionValue(spec: OptionSpec, o: GameOption): unknown {
    const at = `subject word ${o.word}`;
    switch (spec.kind) {
      case 'flag':
        if (typeof o.value === 'boolean') return o.value;
        if (/^(yes|on|true|1)$/i.test(o.value)) return true;
        if (/^(no|off|false|0)$/i.test(o.value)) return false;
        throw new DomainError('pbm/bad-option', `-${spec.key} is on or off: -${spec.key} or -no-${spec.key}`, at);
      case 'integer':
        if (typeof o.value === 'string' && /^-?\d{1,9}$/.test(o.value)) return Number(o.value);
        throw new DomainError('pbm/bad-option', `-${spec.key}=N, a whole number from ${spec.min} to ${spec.max}`, at);
      case 'choice':
      case 'text':
        if (typeof o.value === 'string') return o.value;
        throw new DomainError('pbm/bad-option', `-${spec.key} needs a value: -${spec.key}=…`, at);
    }
  }

  private control(cmd: GameCmd): TimeControlSpec {
    const s = cmd.server;
    if (s.totalDays !== undefined) {
      throw new DomainError(
        'pbm/unsupported-option',
        '--totaltime is not offered yet: use --nagtime and --forfeittime',
        'subject',
      );
    }
    const daysPerMove = s.forfeitDays ?? 21;
    const nagDays = s.nagDays ?? Math.min(7, daysPerMove - 1);
    if (daysPerMove < 2 || nagDays < 1 || nagDays >= daysPerMove) {
      throw new DomainError(
        'pbm/bad-server-option',
        '--nagtime must be shorter than --forfeittime (and --forfeittime at least 2 days)',
        'subject',
      );
    }
    return { kind: 'correspondence', daysPerMove, nagDays };
  }

  private async underLimit(user: User): Promise<void> {
    const { limit } = await this.store.settings(user.id);
    // Read up to the limit only: what counts is whether there are that many.
    if (limit !== null && (await this.store.boards.inProgressOf(user.id, limit)).length >= limit) {
      throw new DomainError('pbm/over-limit', `${user.name} plays ${plural(limit, 'game')} already (their limit)`);
    }
  }

  /** @internal for game-verbs.ts */
  async challenge(cmd: GameCmd, request: PbmRequest): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    // pbmserv's `challenge userid1 userid2`, no password: from the challenger's address, or confirmed from there.
    const user = cmd.credentials ? await this.login(cmd.credentials) : await this.pbmserv.challenger(cmd, request);
    if (!user) return this.pbmserv.askChallengeConfirmation(cmd);
    const options = this.optionsOf(family, cmd.options);
    const control = this.control(cmd);
    await this.underLimit(user);
    const opponentName = cmd.verb === 'challenge' ? cmd.args[0] : undefined;
    if (opponentName !== undefined) {
      const opponent = await this.services.accounts.findByName(opponentName);
      if (opponent) await this.underLimit(opponent);
    }
    const made = await this.services.challenges.create(user, {
      family,
      options,
      control,
      rated: true,
      seat: '0',
      ...(opponentName !== undefined ? { opponent: opponentName } : {}),
    });
    const what = `${gameName(family)} (${
      Object.entries(made.options as Record<string, unknown>)
        .filter(([, v]) => v !== '' && v !== false)
        .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`))
        .join(', ') || 'standard'
    }; reminder after ${plural(control.kind === 'correspondence' ? control.nagDays : 0, 'day')}, forfeit after ${control.kind === 'correspondence' ? control.daysPerMove : 0})`;
    if (made.opponent) {
      const opponent = await this.services.accounts.findByName(made.opponent);
      if (opponent) {
        const to = (await this.store.addressesOf(opponent.id)).filter((a) => a !== request.from?.toLowerCase());
        if (to.length > 0) {
          await this.notifier.deliver({
            to,
            subject: `${gameName(family)} Challenge ${made.id} from ${user.name}`,
            text:
              `${user.name} challenges you to ${what}.${firstMoverText(family, options, user.name, opponent.name)}\n\n` +
              `To accept: ${family} accept ${opponent.name} <password> ${made.id}\n` +
              `To reject: ${family} reject ${opponent.name} <password> ${made.id}\n` +
              (request.body.trim() ? `\n${user.name} writes:\n${request.body.trim().slice(0, CHAT_MAX)}\n` : ''),
          });
        }
      }
    }
    return ok(
      `${gameName(family)} Challenge ${made.id}`,
      made.opponent
        ? `Challenge ${made.id} to ${made.opponent}: ${what}.${firstMoverText(family, options, user.name, made.opponent)} The board starts when ${made.opponent} accepts.`
        : `Seek ${made.id}: ${what}. The board starts when someone accepts it (${family} accept userid password ${made.id}).`,
      { family },
    );
  }

  /**
   * `<game> challenges [userid password]`: the open seeks of the game, and with your password the challenges to
   * and from you, each with the command that answers it. **(ours: pbmserv had no such list)**
   */
  /** @internal for game-verbs.ts */
  async openChallenges(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    if (cmd.args.length === 1) {
      throw new DomainError('pbm/missing-credentials', `${family} challenges, or ${family} challenges userid password`);
    }
    const user =
      cmd.args.length === 2 ? await this.login({ user: cmd.args[0] ?? '', password: cmd.args[1] ?? '' }) : undefined;
    const open = (await this.services.challenges.list(user)).filter((c) => c.family === family && c.status === 'open');
    const me = user?.name.toLowerCase();
    const line = (c: (typeof open)[number]): string => {
      const options = Object.entries(c.options as Record<string, unknown>)
        .filter(([, v]) => v !== '' && v !== false)
        .map(([k, v]) => (v === true ? k : `${k}=${String(v)}`))
        .join(', ');
      const answer =
        c.challenger.toLowerCase() === me
          ? `to withdraw: ${family} reject userid password ${c.id}`
          : `to accept: ${family} accept userid password ${c.id}`;
      return `${String(c.id).padStart(6)}  ${c.challenger} -> ${c.opponent ?? 'anyone'}  (${options || 'standard'}); ${answer}`;
    };
    const seeks = open.filter((c) => c.opponent === null);
    const mine = open.filter((c) => c.opponent !== null);
    const parts = [`Open seeks of ${gameName(family)}:`, ...(seeks.length ? seeks.map(line) : ['  none'])];
    if (user) parts.push('', `Challenges to and from ${user.name}:`, ...(mine.length ? mine.map(line) : ['  none']));
    return ok(`${gameName(family)} Challenges`, parts.join('\n'), { family });
  }

  /** @internal for game-verbs.ts */
  async answerChallenges(cmd: GameCmd, accept: boolean): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const user = await this.login(cmd.credentials);
    const { challenges } = this.services;
    const ids = cmd.args.map(Number);
    const open = (await challenges.list(user)).filter((c) => c.family === family && c.status === 'open');
    const chosen =
      ids.length > 0
        ? ids.map((id) => open.find((c) => c.id === id) ?? id)
        : open.filter((c) => c.opponent?.toLowerCase() === user.name.toLowerCase());
    if (chosen.length === 0) throw new DomainError('pbm/no-challenges', `no ${gameName(family)} challenges to you`);
    const lines: string[] = [];
    for (const c of chosen) {
      if (typeof c === 'number')
        throw new DomainError('pbm/unknown-challenge', `no open ${gameName(family)} challenge ${c} for you`);
      if (accept) {
        await this.underLimit(user);
        const { game } = await challenges.accept(c.id, user);
        lines.push(`Challenge ${c.id} of ${c.challenger} accepted: board ${game.id} has started${startsText(game)}.`);
      } else {
        await challenges.close(
          c.id,
          user,
          c.challenger.toLowerCase() === user.name.toLowerCase() ? 'cancelled' : 'declined',
        );
        lines.push(
          `Challenge ${c.id} of ${c.challenger} ${c.challenger.toLowerCase() === user.name.toLowerCase() ? 'cancelled' : 'rejected'}.`,
        );
      }
    }
    return ok(`${gameName(family)} Challenges`, lines.join('\n'), { family });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Lists

  /**
   * The boards of a game, from the rows' stored summaries (moves played, who is to act): a listing never restores a
   * game (a hundred long games restored one by one held the server for tens of seconds, issue 37).
   */
  /** @internal for game-verbs.ts */
  async listGames(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const lines = await this.boardLines(family, cmd.args, cmd.filter);
    return ok(`${gameName(family)} Games`, lines.length ? lines.join('\n') : 'No boards.', { family });
  }

  /** The boards of a game of these players (none: everyone's), as `games` lists them. */
  async boardLines(family: GameFamily, args: readonly string[], given?: string): Promise<string[]> {
    const cmd = { args, filter: given };
    const filters = ['all', 'active', 'inactive', 'next'];
    const names = cmd.args.filter((a) => !filters.includes(a.toLowerCase()));
    const filter = cmd.filter ?? cmd.args.map((a) => a.toLowerCase()).find((a) => filters.includes(a)) ?? 'active';
    const users: User[] = [];
    for (const n of names) {
      const u = await this.services.accounts.findByName(n);
      if (!u) throw new DomainError('pbm/unknown-player', `no player ${n}`, 'subject');
      users.push(u);
    }
    const rows = await this.store.boards.list({
      family,
      ...(filter === 'active' || filter === 'next' ? { status: 'active' as const } : {}),
      ...(filter === 'inactive' ? { status: 'finished' as const } : {}),
      userIds: users.map((u) => u.id),
      order: 'id',
      limit: 100,
    });
    const lines: string[] = [];
    for (const g of rows) {
      const toAct = toActOf(g.toAct);
      const seatUser = (p: Player): string | null => g.users[p];
      if (filter === 'next' && !toAct.some((p) => users.length === 0 || users.some((u) => seatUser(p) === u.id)))
        continue;
      const name = (p: Player): string => g.names[p] ?? `computer (${g.levels[p] ?? '?'})`;
      // The next move number (render.ts): the moves played plus one, as `nextMoveNumber` counts it.
      const state = g.status === 'finished' ? 'over' : `#${g.plies + 1}, to move: ${toAct.map(name).join(' ')}`;
      lines.push(`${String(g.id).padStart(6)}  ${name(0)} vs ${name(1)}  (${state})`);
    }
    return lines;
  }

  /** @internal for game-verbs.ts */
  async standings(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const ratings = await this.storage.repos.ratings.standings(family, STANDINGS_SHOWN);
    // The names in one question.
    const names = await this.storage.repos.accounts.namesOf(ratings.map((r) => r.userId));
    const rows = ratings.flatMap((r) => {
      const name = names.get(r.userId);
      return name === undefined ? [] : [{ ...r, name }];
    });
    const lines = rows.map(
      (r, i) =>
        `${String(i + 1).padStart(3)}. ${r.name.padEnd(24)} ${String(Math.round(r.rating)).padStart(5)} ±${Math.round(r.deviation)}  (${plural(r.games, 'game')})`,
    );
    return ok(`${gameName(family)} Standings`, lines.length ? lines.join('\n') : 'No rated games yet.', { family });
  }

  /** @internal for game-verbs.ts */
  async history(cmd: GameCmd): Promise<PbmReply> {
    const family = cmd.family as GameFamily;
    const name = cmd.args[0];
    let player: User | undefined;
    if (name !== undefined) {
      player = await this.services.accounts.findByName(name);
      if (!player) throw new DomainError('pbm/unknown-player', `no player ${name}`, 'subject');
    }
    const rows = await this.store.boards.list({
      family,
      status: 'finished',
      userIds: player ? [player.id] : [],
      order: 'updated',
      limit: 100,
    });
    const lines = rows.map((r) => {
      const o = r.result ? (JSON.parse(r.result) as { kind: string; winner?: number; reason: string }) : undefined;
      const names = [r.names[0] ?? 'computer', r.names[1] ?? 'computer'];
      // The reason as the mails write it: `no moves`, `on time`, `took the last piece`.
      const reason = o ? reasonWords(o.reason) : '';
      const result = !o ? '?' : o.kind === 'draw' ? `draw (${reason})` : `${names[o.winner ?? 0]} won (${reason})`;
      return `${String(r.id).padStart(6)}  ${names[0]} vs ${names[1]}: ${result}`;
    });
    return ok(`${gameName(family)} History`, lines.length ? lines.join('\n') : 'No finished boards.', { family });
  }
}
