/**
 * Passwords hashed with scrypt (memory-hard; in Node's crypto, no native addon), each with its own salt and its
 * cost parameters in the stored text so they can be raised later without breaking old hashes:
 * `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface PasswordCost {
  /** log2 of scrypt's N. 15 (32 MiB with r = 8) for people; tests and benchmarks use less. */
  readonly log2N: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_COST: PasswordCost = { log2N: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    maxmem: 256 * 2 ** cost.log2N * cost.r + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: PasswordCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (!log2N || !r || !p || log2N > 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { log2N, r, p });
  return timingSafeEqual(key, expected);
}
