/**
 * The platform's Web Crypto (`globalThis.crypto`: Node 20+ and every browser), typed to the few calls used here:
 * SHA-256 for checksums and commitments, AES-256-GCM for the order exports, and the platform's random source for
 * keys and nonces. No home-made cryptography and no Node built-ins.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';

interface AesGcmParams {
  readonly name: 'AES-GCM';
  readonly iv: Uint8Array;
  readonly additionalData: Uint8Array;
  readonly tagLength: 128;
}

interface SubtleLike {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { readonly name: 'AES-GCM' },
    extractable: false,
    usages: readonly ('encrypt' | 'decrypt')[],
  ): Promise<unknown>;
  encrypt(algorithm: AesGcmParams, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: AesGcmParams, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

interface CryptoLike {
  readonly subtle: SubtleLike;
  getRandomValues(array: Uint8Array): Uint8Array;
}

interface TextCodecs {
  readonly TextEncoder: new () => { encode(text: string): Uint8Array };
}

function platformCrypto(): Result<CryptoLike, InputError> {
  const c = (globalThis as unknown as { crypto?: CryptoLike }).crypto;
  if (!c?.subtle || typeof c.getRandomValues !== 'function') {
    return err(inputError('crypto/unavailable', 'this platform has no Web Crypto (globalThis.crypto.subtle)'));
  }
  return ok(c);
}

export function utf8(text: string): Uint8Array {
  return new (globalThis as unknown as TextCodecs).TextEncoder().encode(text);
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Lower-case hex only, so that each byte has exactly one spelling (a changed letter is a changed value). */
export function fromHex(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) return undefined;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export async function sha256Hex(text: string | Uint8Array): Promise<Result<string, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  const data = typeof text === 'string' ? utf8(text) : text;
  return ok(toHex(new Uint8Array(await c.value.subtle.digest('SHA-256', data))));
}

export function randomBytes(n: number): Result<Uint8Array, InputError> {
  const c = platformCrypto();
  if (!c.ok) return c;
  return ok(c.value.getRandomValues(new Uint8Array(n)));
}

export const KEY_BYTES = 32;
export const NONCE_BYTES = 12;

async function aesKey(c: CryptoLike, key: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<unknown> {
  return c.subtle.importKey('raw', key, { name: 'AES-GCM' }, false, [usage]);
}

/** AES-256-GCM encryption; `aad` is authenticated with the ciphertext but not hidden. */
export async function seal(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Promise<Result<Uint8Array, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  const k = await aesKey(c.value, key, 'encrypt');
  const params: AesGcmParams = { name: 'AES-GCM', iv: nonce, additionalData: aad, tagLength: 128 };
  return ok(new Uint8Array(await c.value.subtle.encrypt(params, k, plaintext)));
}

/** AES-256-GCM decryption: an error when the ciphertext, the nonce, the associated data or the key is wrong. */
export async function open(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Result<Uint8Array, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  try {
    const k = await aesKey(c.value, key, 'decrypt');
    const params: AesGcmParams = { name: 'AES-GCM', iv: nonce, additionalData: aad, tagLength: 128 };
    return ok(new Uint8Array(await c.value.subtle.decrypt(params, k, ciphertext)));
  } catch {
    // The platform reports a failed authentication by rejecting; nothing about the plaintext is known.
    return err(inputError('crypto/not-authentic', 'the encrypted orders do not authenticate under this key'));
  }
}
