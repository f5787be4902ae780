/**
 * The gateway's game verbs (`<game> <verb> …`) as a table: one handler per verb of the grammar's `GAME_VERBS`, so
 * a new verb is one entry here (TypeScript refuses a verb without one). A handler gets the gateway, the parsed
 * command, the request and the reply address's token; the verbs a board's player sends (`byPlayer`) get the board
 * and the player already checked, as every one of them needs.
 */
import { moveText, type Player } from '@tactica/core';
import { playsInRounds, sequentialPlay, type GameFamily } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { CHAT_MAX } from '../games/chat.js';
import { versionFor, type LiveGame } from '../games/live-game.js';
import type { GameCommand } from '../games/transitions.js';
import type { GameCmd, PbmGateway, PbmReply, PbmRequest } from './gateway.js';
import type { GameVerb } from './grammar.js';
import { helpText, rulesText } from './help.js';
import { memoIn } from './memos.js';
import { gameName, playerName, plural } from './render.js';
import { ok, orderWords } from './reply.js';
import { NOTIFY_MODES, type NotifyMode } from './store.js';
import { tournamentByMail } from './tournament-mail.js';
import { reviewByMail } from './review-mail.js';

/** Carries out one game verb; a refusal is a thrown `DomainError`, which the gateway turns into its reply. */
export type GameVerbHandler = (
  gateway: PbmGateway,
  cmd: GameCmd,
  request: PbmRequest,
  token: string | undefined,
) => Promise<PbmReply>;

/** A command on a board by one of its players: the board and the player checked (password or reply address). */
interface PlayerCommand {
  readonly gateway: PbmGateway;
  readonly cmd: GameCmd;
  readonly request: PbmRequest;
  readonly game: LiveGame;
  readonly user: User;
}

/** A verb a board's player sends: the board is loaded (and of the game named), then its sender checked. */
function byPlayer(handler: (c: PlayerCommand) => Promise<PbmReply>): GameVerbHandler {
  return async (gateway, cmd, request, token) => {
    const game = await gateway.board(cmd);
    const user = await gateway.boardUser(cmd, token);
    return handler({ gateway, cmd, request, game, user });
  };
}

function moveTextOf(game: LiveGame, move: unknown): string {
  const seq = sequentialPlay(game.restored);
  return seq ? moveText(seq.setup.game, seq.session.position, move) : String(move);
}

/** `move` (and pbmserv's `board`): a move, or a round's orders (in the body, or sealed in the Palm game's memos). */
async function move({ gateway, cmd, request, game, user }: PlayerCommand): Promise<PbmReply> {
  gateway.checkMoveNumber(cmd, game);
  if (cmd.args.length === 1) gateway.pbmserv.checkMoveWord(game, cmd);
  const seq = sequentialPlay(game.restored);
  if (seq) {
    const move = cmd.args.join(' ');
    if (!move) {
      throw new DomainError(
        'pbm/missing-move',
        'which move? Put it after your password (replying to a board mail: the first line of the body)',
        'subject',
      );
    }
    gateway.notYourTurn(game, user, move);
    // The move as the game writes it (`f8-f5`, not `f8f5` as typed).
    const parsed = seq.setup.game.parseMove(seq.session.position, move);
    const shown = parsed.ok ? moveTextOf(game, parsed.value) : move;
    return gateway.act(game, user, { kind: 'move', move }, request, `played ${shown}`, gateway.comment(request.body));
  }
  // The Palm game's memos: `++TacMoves` (the sealed orders) and `++TacKey` (their key), in the body.
  const memo = memoIn(game, request.body);
  if (memo) return gateway.memoOrders(game, user, request, memo);
  const orders = [...cmd.args.flatMap(orderWords), ...orderWords(request.body)];
  if (orders.length === 0)
    throw new DomainError(
      'pbm/missing-orders',
      'no orders: write them in the body, as 84-64 85-65 (or "done" alone to give none this round)',
      'body',
    );
  if (orders.length > 100) throw new DomainError('pbm/too-many-orders', 'at most 100 orders a mail', 'body');
  if (!/^(done|next)$/i.test(orders.at(-1) ?? '')) orders.push('done');
  return gateway.act(game, user, { kind: 'orders', moves: orders }, request, 'sent orders for this round');
}

/** `accept`/`reject` on a board: the undo or the draw proposed to this player. */
async function answerOnBoard({ gateway, cmd, request, game, user }: PlayerCommand): Promise<PbmReply> {
  gateway.checkMoveNumber(cmd, game);
  const seat: Player = gateway.seat(game, user);
  const yes = cmd.verb === 'accept';
  const takeback = game.meta.takeback;
  if (takeback && takeback.by !== seat) {
    return gateway.act(
      game,
      user,
      { kind: 'answer-takeback', accept: yes },
      request,
      `${yes ? 'accepts' : 'rejects'} the undo`,
    );
  }
  const offer = game.restored.session.drawOffer;
  if (offer !== undefined && offer !== seat) {
    return gateway.act(
      game,
      user,
      { kind: 'answer-draw', accept: yes },
      request,
      `${yes ? 'accepts' : 'rejects'} the draw`,
    );
  }
  throw new DomainError('pbm/nothing-to-answer', `nothing is proposed to you on board ${game.id}`);
}

/** `accept`/`reject`: with a board, what is proposed on it; without, the open challenges to this player. */
function answer(accept: boolean): GameVerbHandler {
  const onBoard = byPlayer(answerOnBoard);
  return async (gateway, cmd, request, token) =>
    cmd.board === undefined ? gateway.answerChallenges(cmd, accept) : onBoard(gateway, cmd, request, token);
}

/** `confirm`: plays the move `submit` kept. */
async function confirm({ gateway, cmd, request, game, user }: PlayerCommand): Promise<PbmReply> {
  gateway.checkMoveNumber(cmd, game);
  const seat = gateway.seat(game, user);
  const pending = await gateway.store.takePending(game.id, user.id);
  if (!pending) throw new DomainError('pbm/nothing-to-confirm', `you have submitted no move on board ${game.id}`);
  if (pending.version !== versionFor(game, seat)) {
    throw new DomainError('game/stale-version', `board ${game.id} changed since your submit: submit your move again`);
  }
  const inRounds = playsInRounds(game.restored);
  const command: GameCommand = inRounds
    ? { kind: 'orders', moves: [...orderWords(pending.move), 'done'] }
    : { kind: 'move', move: pending.move };
  return gateway.act(game, user, command, request, inRounds ? 'sent orders for this round' : `played ${pending.move}`);
}

async function chat({ gateway, request, game, user }: PlayerCommand): Promise<PbmReply> {
  const text = request.body.trim();
  if (!text) throw new DomainError('pbm/empty-message', 'the body is the message: it is empty', 'body');
  const message = await gateway.services.chat.post(
    game.id,
    user,
    text.length > CHAT_MAX ? text.slice(0, CHAT_MAX) : text,
  );
  await gateway.notifier.chat(game, user, message.text, request.from);
  return ok(
    `${gameName(game.family)} Board ${game.id} Chat`,
    `Sent to the players and subscribers of board ${game.id}:\n\n${message.text}`,
    { family: game.family, board: game.id },
  );
}

async function subscribe({ gateway, game, user }: PlayerCommand): Promise<PbmReply> {
  const added = await gateway.store.subscribe(game.id, user.id);
  const reply = await gateway.boardReply(game, user);
  return {
    ...reply,
    text: `${added ? 'Subscribed' : 'Already subscribed'}: you get board ${game.id} after every move.\n\n${reply.text}`,
  };
}

async function unsubscribe({ gateway, game, user }: PlayerCommand): Promise<PbmReply> {
  const removed = await gateway.store.unsubscribe(game.id, user.id);
  return ok(
    `${gameName(game.family)} Board ${game.id} Unsubscribed`,
    removed ? `No more mails of board ${game.id} as a subscriber.` : `You were not subscribed to board ${game.id}.`,
    { family: game.family, board: game.id },
  );
}

async function notify(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  const user = await gateway.login(cmd.credentials);
  const mode = (cmd.args[0] ?? '').toLowerCase();
  if (!(NOTIFY_MODES as readonly string[]).includes(mode)) {
    throw new DomainError(
      'pbm/bad-notify',
      'notify all (every change), turn (your turn and results) or off',
      'subject',
    );
  }
  await gateway.store.updateSettings(user.id, { notify: mode as NotifyMode });
  return ok(
    'Tactica Notify',
    `${user.name}: game mails ${mode === 'all' ? 'for every change' : mode === 'turn' ? 'when it is your turn, and results' : 'off'}.`,
  );
}

async function limit(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  const user = await gateway.login(cmd.credentials);
  const arg = (cmd.args[0] ?? '').toLowerCase();
  if (!(arg === 'none' || (/^\d{1,3}$/.test(arg) && Number(arg) >= 1))) {
    throw new DomainError('pbm/bad-limit', 'limit N (1 to 999 games in progress), or none', 'subject');
  }
  await gateway.store.updateSettings(user.id, { limit: arg === 'none' ? null : Number(arg) });
  return ok(
    'Tactica Limit',
    `${user.name}: ${arg === 'none' ? 'no limit' : `at most ${plural(Number(arg), 'game')} in progress`} by challenge.`,
  );
}

async function show(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  if (cmd.boards) return gateway.pbmserv.showBoards(cmd);
  if (cmd.filter) return gateway.listGames(cmd);
  const game = await gateway.board(cmd);
  if (cmd.moveNumber === undefined) return gateway.boardReply(game, undefined);
  return gateway.showAt(game, cmd.moveNumber);
}

async function replay(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  const game = await gateway.board(cmd);
  const n = cmd.args[0] ?? '';
  if (!/^\d{1,6}$/.test(n))
    throw new DomainError('pbm/bad-move-number', `"${n.slice(0, 20)}" is not a move number`, 'subject');
  return gateway.positionReply(game, Number(n), `after move ${n}`);
}

async function showAs(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  if (cmd.board === undefined) return gateway.pbmserv.showBoardsAs(cmd);
  const user = await gateway.login(cmd.credentials);
  const game = await gateway.board(cmd);
  gateway.seat(game, user);
  return gateway.boardReply(game, user);
}

async function tournament(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  const f = cmd.family as GameFamily;
  const r = await tournamentByMail(gateway.services.tournaments, f, gameName(f), cmd.args, (c) => gateway.login(c));
  return ok(r.subject, r.text, { family: f });
}

/** `<game> review board [userid password]` (./review-mail.ts): a finished game's review, or queued and mailed. */
async function review(gateway: PbmGateway, cmd: GameCmd, request: PbmRequest): Promise<PbmReply> {
  const game = await gateway.board(cmd);
  const r = await reviewByMail({
    reviews: gateway.services.reviews,
    gameId: game.id,
    gameName: gameName(game.family),
    names: [playerName(game, 0), playerName(game, 1)],
    args: cmd.args,
    from: request.from,
    login: (c) => gateway.login(c),
    send: (mail) => gateway.notifier.deliver(mail),
    track: (p) => gateway.notifier.track(p),
  });
  return ok(r.subject, r.text, { family: game.family, board: game.id });
}

/** `preview`: what moves would do, for anyone (no password): the board is checked, its sender is not. */
async function preview(gateway: PbmGateway, cmd: GameCmd): Promise<PbmReply> {
  const game = await gateway.board(cmd);
  gateway.checkMoveNumber(cmd, game);
  return gateway.preview(game, cmd.args);
}

/** One handler per game verb. */
export const GAME_VERB_HANDLERS: Readonly<Record<GameVerb, GameVerbHandler>> = {
  help: async (_gateway, cmd) =>
    ok(`${cmd.family ? gameName(cmd.family) : 'Tactica'} Help`, helpText(cmd.family, cmd.args[0])),
  // pbmserv's help page of a game was its rules: `<game> rules` is the same page as `<game> help`.
  rules: async (_gateway, cmd) =>
    ok(
      `${cmd.family ? gameName(cmd.family) : 'Tactica'} Rules`,
      cmd.family ? rulesText(cmd.family) : helpText(undefined, 'rules'),
    ),
  games: async (gateway, cmd) => gateway.listGames(cmd),
  standings: async (gateway, cmd) => gateway.standings(cmd),
  ratings: async (gateway, cmd) => gateway.standings(cmd),
  history: async (gateway, cmd) => gateway.history(cmd),
  tournament,
  review,
  show,
  replay,
  showas: showAs,
  challenge: async (gateway, cmd, request) => gateway.challenge(cmd, request),
  seek: async (gateway, cmd, request) => gateway.challenge(cmd, request),
  challenges: async (gateway, cmd) => gateway.openChallenges(cmd),
  notify,
  limit,
  preview,
  move: byPlayer(move),
  board: byPlayer(move),
  propose: byPlayer(async ({ gateway, cmd, request, game, user }) => {
    if (cmd.args[0] !== undefined && cmd.args[0].toLowerCase() !== 'draw') {
      throw new DomainError('pbm/bad-proposal', 'propose draw is the one proposal', 'subject');
    }
    gateway.checkMoveNumber(cmd, game);
    return gateway.act(game, user, { kind: 'offer-draw' }, request, 'proposes a draw', gateway.comment(request.body));
  }),
  undo: byPlayer(async ({ gateway, cmd, request, game, user }) => {
    gateway.checkMoveNumber(cmd, game);
    const comment = gateway.comment(request.body);
    return gateway.act(game, user, { kind: 'request-takeback' }, request, 'asks to undo their last move', comment);
  }),
  accept: answer(true),
  reject: answer(false),
  resign: byPlayer(async ({ gateway, cmd, request, game, user }) => {
    gateway.checkMoveNumber(cmd, game);
    return gateway.act(game, user, { kind: 'resign' }, request, 'resigns', gateway.comment(request.body));
  }),
  queue: byPlayer(async ({ gateway, cmd, request, game, user }) =>
    gateway.queue(game, user, cmd.args.join(' '), request),
  ),
  submit: byPlayer(async ({ gateway, cmd, game, user }) => {
    gateway.checkMoveNumber(cmd, game);
    return gateway.submit(game, user, cmd.args.join(' '));
  }),
  confirm: byPlayer(confirm),
  chat: byPlayer(chat),
  subscribe: byPlayer(subscribe),
  unsubscribe: byPlayer(unsubscribe),
};
