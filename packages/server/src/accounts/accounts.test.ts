/**
 * Accounts on every storage, the in-memory one included: the domain runs on the storage port alone, with no database
 * behind it, and the same code on a real SQLite file and a real PostgreSQL database.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import type { Storage } from '../storage/ports.js';
import { STORAGE_KINDS, openTestStorage, type OpenStorage, type StorageKind } from '../storage/testing.js';
import { stopTestPostgres } from '../testing/server.js';
import { Accounts } from './accounts.js';

afterAll(() => stopTestPostgres());

const CHEAP = { log2N: 10, r: 8, p: 1 } as const;

const opened: OpenStorage[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

async function accountsOn(kind: StorageKind, now: () => number = Date.now) {
  const s = await openTestStorage(kind);
  opened.push(s);
  const storage: Storage = s.storage;
  return { storage, accounts: new Accounts(storage, { onChange: s.onChange }, CHEAP, now) };
}

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

for (const kind of STORAGE_KINDS)
  describe(`accounts on ${kind}`, () => {
    it('signs up, logs in, authenticates and logs out everywhere', async () => {
      const { accounts } = await accountsOn(kind);
      const ann = await accounts.signUp('Ann', 'ann-password');
      expect(await codeOf(accounts.signUp('ANN', 'other-password'))).toBe('account/name-taken');
      expect(await accounts.findByName('aNn')).toEqual(ann);

      expect(await codeOf(accounts.logIn('ann', 'wrong-password', 'bearer'))).toBe('auth/bad-credentials');
      expect(await codeOf(accounts.logIn('nobody', 'ann-password', 'bearer'))).toBe('auth/bad-credentials');
      const one = await accounts.logIn('ann', 'ann-password', 'bearer');
      const two = await accounts.logIn('ANN', 'ann-password', 'cookie');
      expect(one.user).toEqual(ann);
      expect(await accounts.authenticate(one.token)).toEqual(ann);
      expect(await accounts.authenticate(two.token)).toEqual(ann);
      expect(await accounts.authenticate('tct_not-a-token')).toBeUndefined();

      await accounts.logOut(one.token);
      expect(await accounts.authenticate(one.token)).toBeUndefined();
      expect(await accounts.authenticate(two.token)).toEqual(ann);

      const three = await accounts.logIn('ann', 'ann-password', 'bearer');
      await accounts.logOutEverywhere(ann);
      expect(await accounts.authenticate(two.token)).toBeUndefined();
      expect(await accounts.authenticate(three.token)).toBeUndefined();
    });

    it('a password change ends every other log-in, and only the new password logs in', async () => {
      const { accounts } = await accountsOn(kind);
      const ann = await accounts.signUp('ann', 'ann-password');
      const kept = await accounts.logIn('ann', 'ann-password', 'cookie');
      const other = await accounts.logIn('ann', 'ann-password', 'bearer');
      expect(await codeOf(accounts.changePassword(ann, 'wrong-password', 'new-password'))).toBe('auth/bad-credentials');
      await accounts.changePassword(ann, 'ann-password', 'new-password', kept.token);
      expect(await accounts.authenticate(kept.token)).toEqual(ann);
      expect(await accounts.authenticate(other.token)).toBeUndefined();
      expect(await codeOf(accounts.logIn('ann', 'ann-password', 'bearer'))).toBe('auth/bad-credentials');
      expect((await accounts.logIn('ann', 'new-password', 'bearer')).user).toEqual(ann);
    });

    it('a revocation whose hook fails keeps the password and every log-in; the hook writes in its transaction', async () => {
      const { storage, accounts } = await accountsOn(kind);
      const ann = await accounts.signUp('ann', 'ann-password');
      const bob = await accounts.signUp('bob', 'bob-password');
      const login = await accounts.logIn('ann', 'ann-password', 'bearer');
      let fail = true;
      // The hook writes through the repositories it is given: its writes go with the revocation, or not at all.
      accounts.onRevoke(async (repos, userId) => {
        await repos.accounts.setVacation(bob.id, { since: 1, until: 2 });
        if (fail) throw new Error(`no new reply addresses for ${userId}`);
      });
      await expect(accounts.changePassword(ann, 'ann-password', 'new-password')).rejects.toThrow('no new reply');
      await expect(accounts.logOutEverywhere(ann)).rejects.toThrow('no new reply');
      expect(await accounts.authenticate(login.token)).toEqual(ann);
      expect((await accounts.logIn('ann', 'ann-password', 'bearer')).user).toEqual(ann);
      expect(await storage.repos.accounts.vacationOf(bob.id)).toEqual({ since: null, until: null });

      fail = false;
      await accounts.logOutEverywhere(ann);
      expect(await accounts.authenticate(login.token)).toBeUndefined();
      expect(await storage.repos.accounts.vacationOf(bob.id)).toEqual({ since: 1, until: 2 });
    });

    it('a token expires with its lifetime, even when this instance has it cached', async () => {
      let t = 1_000_000;
      const { accounts } = await accountsOn(kind, () => t);
      await accounts.signUp('ann', 'ann-password');
      const login = await accounts.logIn('ann', 'ann-password', 'cookie');
      expect((await accounts.authenticate(login.token))?.name).toBe('ann');
      t = login.expiresAt;
      expect(await accounts.authenticate(login.token)).toBeUndefined();
    });

    it('sign-ups of one name at once make one user; the others are told the name is taken', async () => {
      const { accounts } = await accountsOn(kind);
      const results = await Promise.all(
        ['Cleo', 'cleo', 'CLEO', 'cLEO'].map((name) => codeOf(accounts.signUp(name, 'cleo-password'))),
      );
      expect(results.filter((r) => r === undefined)).toHaveLength(1);
      expect(results.filter((r) => r === 'account/name-taken')).toHaveLength(3);
    });
  });
