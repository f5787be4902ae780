/**
 * Password guesses through the gateway (mail, `POST /pbm`, `tactica pbm`), limited per account whatever the sender:
 * a guesser who changes From address, client or instance still counts against the one account it tries. The count
 * is in the database (`pbm_rate`, key `account:<name>`), so every instance shares it. Once an account has had
 * `perAccount` wrong passwords in a window, every further password for it is refused (`auth/too-many-guesses`)
 * without being checked until the window ends — the right one too, so that guessing on is pointless. **(ours)**
 * The HTTP log-in keeps its own per-address limit; a player locked out of mail still logs in on the web.
 */
import type { Accounts, User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { PbmStore } from './store.js';

export interface GuessLimit {
  /** Wrong passwords an account may get through the gateway in a window. */
  readonly perAccount: number;
  readonly windowMs: number;
}

export const DEFAULT_GUESS_LIMIT: GuessLimit = { perAccount: 10, windowMs: 15 * 60_000 };

/**
 * Checks a user name and password as `Accounts.checkCredentials` does, counting the attempt against the account
 * first (so that guesses sent at once are counted at once) and taking the count back when the password was right.
 * Names nobody has are counted the same way, so the limit tells nothing about which accounts exist.
 */
export async function checkGuarded(
  accounts: Accounts,
  store: PbmStore,
  limit: GuessLimit,
  name: string,
  password: string,
): Promise<User> {
  const key = `account:${name.toLowerCase()}`;
  const { count, windowStart } = await store.count(key, limit.windowMs);
  if (count > limit.perAccount) {
    throw new DomainError(
      'auth/too-many-guesses',
      `too many wrong passwords for ${name.slice(0, 24)}: no password for it is checked by mail for up to ${Math.round(limit.windowMs / 60_000)} minutes`,
    );
  }
  let user: User;
  try {
    user = await accounts.checkCredentials(name, password);
  } catch (e) {
    // Only a wrong password counts: anything else (the database down) is not a guess.
    if (!(e instanceof DomainError && e.code === 'auth/bad-credentials')) await store.uncount(key, windowStart);
    throw e;
  }
  await store.uncount(key, windowStart);
  return user;
}
