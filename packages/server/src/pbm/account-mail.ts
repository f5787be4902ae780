/**
 * A web player's mail, from the web app (`/api/account/mail`, ./account-mail-routes.ts): their confirmed addresses
 * and those waiting for confirmation, and the turn mails they asked for (./turn-mail.ts). An address asked for here
 * confirms as every address does (./store.ts: a mail with a token to it, answered by a reply, by `confirm <token>`, or
 * by the token given back here).
 *
 * **(ours)** A player's first address asked for from the web gets no board mails (`notify off`): a web player asked
 * for an address to get the mails they tick there, not every board of every game; `notify … all` by mail turns the
 * board mails on.
 */
import type { User } from '../accounts/accounts.js';
import type { PbmGateway } from './gateway.js';
import type { PbmStore } from './store.js';

export interface AccountMailView {
  /** The confirmed addresses, where mails go. */
  readonly addresses: readonly string[];
  /** Addresses asked for and waiting for their confirmation. */
  readonly waiting: readonly string[];
  /** The player's board mails (the mail gateway's `notify`): `all`, `turn` or `off`. */
  readonly notify: string;
  /** A mail when their turn comes in a correspondence game. */
  readonly turnMail: boolean;
  /** At most this many turn mails a day. */
  readonly turnMailsPerDay: number;
}

export class AccountMail {
  constructor(
    private readonly store: PbmStore,
    private readonly gateway: PbmGateway,
    private readonly turnMailsPerDay: number,
  ) {}

  async view(user: User): Promise<AccountMailView> {
    const [addresses, waiting, settings] = await Promise.all([
      this.store.addressesOf(user.id),
      this.store.claimsOf(user.id),
      this.store.settings(user.id),
    ]);
    return {
      addresses,
      waiting,
      notify: settings.notify,
      turnMail: settings.turnMail === true,
      turnMailsPerDay: this.turnMailsPerDay,
    };
  }

  async setTurnMail(user: User, on: boolean): Promise<AccountMailView> {
    await this.store.setTurnMail(user.id, on);
    return this.view(user);
  }

  /** Asks for one more address: a mail with its confirmation goes to it. The answer says what to do next. */
  async requestAddress(user: User, address: string): Promise<{ view: AccountMailView; note: string }> {
    const have = await this.store.addressesOf(user.id);
    const hasSettings = (await this.store.settingsOfAll([user.id])).has(user.id);
    const { text } = await this.gateway.giveAddresses(user, [...have, address], { subject: '', body: '' });
    if (have.length === 0 && !hasSettings) await this.store.updateSettings(user.id, { notify: 'off' });
    return { view: await this.view(user), note: text };
  }

  /** The token of a confirmation mail, given back by the player who asked: the address is theirs from now on. */
  async confirm(user: User, token: string): Promise<AccountMailView> {
    await this.store.confirmClaim(token.trim().toLowerCase(), user.id);
    return this.view(user);
  }
}
