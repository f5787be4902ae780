/**
 * The gateway's global verbs (`signup`, `change`, `list`, …) as a table: one handler per verb of the grammar's
 * `GLOBAL_VERBS`, so a new verb is one entry here (TypeScript refuses a verb without one). pbmserv's own forms
 * (`add`, `signoff`, `delete`, `broadcast`, `multiple`, `all`) are carried out by pbmserv.ts.
 */
import { GAME_FAMILIES, GAME_LISTINGS } from '@tactica/catalogue';
import { DomainError } from '../errors.js';
import { DAY_MS } from '../games/control.js';
import type { GlobalCmd, PbmGateway, PbmReply, PbmRequest } from './gateway.js';
import { familyOf, type Credentials, type GlobalVerb } from './grammar.js';
import { helpText } from './help.js';
import { plural, gameName } from './render.js';
import { ok } from './reply.js';
import { checkAddress } from './store.js';

/** Carries out one global verb; a refusal is a thrown `DomainError`, which the gateway turns into its reply. */
export type GlobalVerbHandler = (gateway: PbmGateway, cmd: GlobalCmd, request: PbmRequest) => Promise<PbmReply>;

/** A message to other players is at most this long. */
const MESSAGE_MAX = 10_000;

// pbmserv's `help subject…`: each subject's help, one after the other.
async function help(_gateway: PbmGateway, cmd: GlobalCmd): Promise<PbmReply> {
  return ok(
    'Tactica Help',
    cmd.args.length === 0
      ? helpText(undefined, undefined)
      : cmd.args.map((a) => helpText(familyOf(a), familyOf(a) ? undefined : a)).join('\n'),
  );
}

/** `list games` (the boards in progress), `list game-type…` (those games' listings), or `list` (every game). */
async function list(gateway: PbmGateway, cmd: GlobalCmd): Promise<PbmReply> {
  if (cmd.args[0]?.toLowerCase() === 'games' || cmd.args[0]?.toLowerCase() === 'boards') {
    const games = (await gateway.services.listings.recent(100)) as {
      id: number;
      family: string;
      players: { name: string | null; level: string | null }[];
    }[];
    const lines = games.map(
      (g) =>
        `${String(g.id).padStart(6)}  ${gameName(g.family).padEnd(10)} ${g.players.map((p) => p.name ?? `computer (${p.level})`).join(' vs ')}`,
    );
    return ok('Tactica Boards', lines.length ? lines.join('\n') : 'No boards in progress.');
  }
  // pbmserv's `list game-type…`: those games' listings.
  const families = cmd.args.map((a) => familyOf(a));
  if (families.length > 0 && families.every((f) => f !== undefined)) {
    return ok(
      'Tactica Games',
      families.map((f) => `${f}: ${GAME_LISTINGS.find((l) => l.family === f)?.summary ?? ''}`).join('\n'),
    );
  }
  if (cmd.args[0] !== undefined) {
    throw new DomainError(
      'pbm/bad-list',
      `list, list games (the boards in progress), or list ${GAME_FAMILIES.join('|')}…`,
      'subject word 2',
    );
  }
  return ok('Tactica Games', helpText(undefined, undefined).split('\n\nCommands:')[0] ?? '');
}

async function signup(gateway: PbmGateway, cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
  const c = cmd.credentials as Credentials;
  const given = cmd.args.length > 0 ? cmd.args : request.from ? [request.from] : [];
  const list = given.map((a, i) => checkAddress(a, `subject word ${4 + i}`));
  for (const a of list) {
    if (await gateway.store.userByAddress(a)) {
      throw new DomainError('pbm/address-taken', `${a} belongs to another player`);
    }
  }
  const user = await gateway.services.accounts.signUp(c.user, c.password);
  // The account is made: an address refused now (pbm/address-busy) is told, not an error of the signup.
  const change =
    list.length > 0
      ? await gateway.giveAddresses(user, list, request).catch((e: unknown): { text: string; replyTo?: string } => {
          if (!(e instanceof DomainError)) throw e;
          return { text: `No address was taken: ${e.message} (${e.code}); use "change address".` };
        })
      : undefined;
  return ok(
    'Tactica Signup',
    `Welcome, ${user.name}. ${change ? change.text : 'You gave no address: use "change address".'}\n\n` +
      'Your password is stored only as a salted scrypt hash. Send "help" for the commands.',
    change?.replyTo ? { replyTo: change.replyTo } : {},
  );
}

/** `change password` or `change address`. */
async function change(gateway: PbmGateway, cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
  const c = cmd.credentials as Credentials;
  if (cmd.what === 'password') {
    const user = await gateway.login(c);
    // The accounts' revocation gives every board of the user a new reply address in the same transaction.
    await gateway.services.accounts.changePassword(user, c.password, cmd.args[0]);
    return ok(
      'Tactica Password',
      `${user.name}: your password is changed, and your log-ins elsewhere have ended. ${await gateway.newReplyAddresses(user)}`,
    );
  }
  const user = await gateway.login(c);
  const change = await gateway.giveAddresses(user, cmd.args, request);
  return ok('Tactica Address', `${user.name}: ${change.text}`, change.replyTo ? { replyTo: change.replyTo } : {});
}

async function logout(gateway: PbmGateway, cmd: GlobalCmd): Promise<PbmReply> {
  const user = await gateway.login(cmd.credentials);
  // The accounts' revocation gives every board of the user a new reply address in the same transaction.
  await gateway.services.accounts.logOutEverywhere(user);
  return ok(
    'Tactica Logout',
    `${user.name}: every log-in of yours has ended (browser and programs). ${await gateway.newReplyAddresses(user)}`,
  );
}

/** `message name…`: the body, mailed to each player named. */
async function message(gateway: PbmGateway, cmd: GlobalCmd, request: PbmRequest): Promise<PbmReply> {
  const user = await gateway.login(cmd.credentials);
  const text = request.body.trim();
  if (!text) throw new DomainError('pbm/empty-message', 'the body is the message: it is empty');
  if (text.length > MESSAGE_MAX)
    throw new DomainError('pbm/message-too-long', `a message is at most ${MESSAGE_MAX} characters`);
  const sent: string[] = [];
  for (const name of cmd.args) {
    const to = await gateway.services.accounts.findByName(name);
    if (!to) throw new DomainError('pbm/unknown-player', `no player ${name}`, 'subject');
    const addresses = await gateway.store.addressesOf(to.id);
    if (addresses.length === 0) throw new DomainError('pbm/no-address', `${to.name} gets no mail`);
    await gateway.notifier.deliver({
      to: addresses,
      subject: `Tactica Message from ${user.name}`,
      text: `${user.name} writes:\n\n${text}\n`,
    });
    sent.push(to.name);
  }
  return ok('Tactica Message', `Sent to ${sent.join(', ')}.`);
}

async function vacation(gateway: PbmGateway, cmd: GlobalCmd): Promise<PbmReply> {
  const user = await gateway.login(cmd.credentials);
  const arg = cmd.args[0] ?? 'off';
  const days = /^\d+$/.test(arg) ? Number(arg) : 0;
  if (days > 365) throw new DomainError('account/bad-vacation', 'a vacation ends within a year');
  await gateway.services.games.setVacation(user, days > 0 ? gateway.services.now() + days * DAY_MS : null);
  return ok(
    'Tactica Vacation',
    days > 0
      ? `${user.name}: away for ${plural(days, 'day')}; your correspondence clocks wait until you are back.`
      : `${user.name}: welcome back; your clocks run again.`,
  );
}

/** pbmserv's forms: pbmserv.ts carries them out. */
const pbmserv: GlobalVerbHandler = async (gateway, cmd, request) => gateway.pbmserv.global(cmd, request);

/** One handler per global verb. */
export const GLOBAL_VERB_HANDLERS: Readonly<Record<GlobalVerb, GlobalVerbHandler>> = {
  help,
  signup,
  add: pbmserv,
  confirm: async (gateway, cmd) => gateway.confirm((cmd.args[0] ?? '').toLowerCase()),
  change,
  signoff: pbmserv,
  delete: pbmserv,
  logout,
  list,
  message,
  broadcast: pbmserv,
  multiple: pbmserv,
  all: pbmserv,
  vacation,
};
