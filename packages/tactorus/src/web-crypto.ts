/**
 * The platform's Web Crypto (`globalThis.crypto`: Node 20+ and every browser), typed to the few calls used here:
 * SHA-256 for checksums and commitments, AES-256-GCM for the order exports, ECDSA P-256 signatures for memos and
 * key releases, and the platform's random source for keys, nonces and game ids. No home-made cryptography and no
 * Node built-ins.
 *
 * **(ours)** ECDSA over P-256 with SHA-256, not Ed25519: Node 20 offers both, but browsers offered Ed25519 only
 * lately (Chrome from 137), while every browser with Web Crypto signs with P-256. Public keys are written raw
 * (65 bytes, uncompressed point), private keys as PKCS#8, signatures as r‖s (64 bytes), all in lower-case hex.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import type { TactorusCode } from './codes.js';

interface AesGcmParams {
  readonly name: 'AES-GCM';
  readonly iv: Uint8Array;
  readonly additionalData: Uint8Array;
  readonly tagLength: 128;
}

interface EcdsaKeyParams {
  readonly name: 'ECDSA';
  readonly namedCurve: 'P-256';
}

interface EcdsaParams {
  readonly name: 'ECDSA';
  readonly hash: 'SHA-256';
}

interface KeyPairLike {
  readonly publicKey: unknown;
  readonly privateKey: unknown;
}

interface SubtleLike {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
  generateKey(
    algorithm: EcdsaKeyParams,
    extractable: true,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<KeyPairLike>;
  exportKey(format: 'raw' | 'pkcs8', key: unknown): Promise<ArrayBuffer>;
  importKey(
    format: 'raw' | 'pkcs8',
    keyData: Uint8Array,
    algorithm: EcdsaKeyParams,
    extractable: false,
    usages: readonly ('sign' | 'verify')[],
  ): Promise<unknown>;
  sign(algorithm: EcdsaParams, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: EcdsaParams, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
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

function platformCrypto(): Result<CryptoLike, InputError<TactorusCode>> {
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

export function randomBytes(n: number): Result<Uint8Array, InputError<TactorusCode>> {
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

// ---------------------------------------------------------------------------------------------------------------
// Signatures: ECDSA P-256 with SHA-256.

const CURVE: EcdsaKeyParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGN: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
/** Hex digits of a raw public key (65 bytes), a signature (64 bytes) and a game id (16 bytes). */
const PUBLIC_KEY_HEX = 130;
const SIGNATURE_HEX = 128;
const GAME_ID_HEX = 32;
export const PUBLIC_KEY = new RegExp(`^04[0-9a-f]{${PUBLIC_KEY_HEX - 2}}$`);
export const SIGNATURE = new RegExp(`^[0-9a-f]{${SIGNATURE_HEX}}$`);
export const GAME_ID = new RegExp(`^[0-9a-f]{${GAME_ID_HEX}}$`);
/** A PKCS#8 private key in hex: P-256 keys are 138 bytes, with or without the public key some encoders add. */
export const PRIVATE_KEY = /^[0-9a-f]{128,512}$/;

/** A signing key pair: the public key to give out, the private key to keep (both hex). */
export interface SigningKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** A fresh random game id (16 bytes): fixed when an e-mail game is made, in every memo of the game. */
export function newGameId(): Result<string, InputError<TactorusCode>> {
  const b = randomBytes(GAME_ID_HEX / 2);
  return b.ok ? ok(toHex(b.value)) : b;
}

export async function generateSigningKeys(): Promise<Result<SigningKeys, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  const pair = await c.value.subtle.generateKey(CURVE, true, ['sign', 'verify']);
  const publicKey = toHex(new Uint8Array(await c.value.subtle.exportKey('raw', pair.publicKey)));
  const privateKey = toHex(new Uint8Array(await c.value.subtle.exportKey('pkcs8', pair.privateKey)));
  return ok({ publicKey, privateKey });
}

/** Signs a text with a private key (PKCS#8 hex); the signature in hex. */
export async function signText(privateKey: string, text: string): Promise<Result<string, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  const der = PRIVATE_KEY.test(privateKey) ? fromHex(privateKey) : undefined;
  if (!der) return err(inputError('crypto/bad-private-key', 'the signing key is not a PKCS#8 key in hex'));
  let key: unknown;
  try {
    key = await c.value.subtle.importKey('pkcs8', der, CURVE, false, ['sign']);
  } catch {
    return err(inputError('crypto/bad-private-key', 'the signing key is not a P-256 private key'));
  }
  return ok(toHex(new Uint8Array(await c.value.subtle.sign(SIGN, key, utf8(text)))));
}

/** Whether `signature` is the signature of `text` by the holder of `publicKey` (raw hex); never throws. */
export async function verifyText(
  publicKey: string,
  text: string,
  signature: string,
): Promise<Result<boolean, InputError>> {
  const c = platformCrypto();
  if (!c.ok) return c;
  const raw = PUBLIC_KEY.test(publicKey) ? fromHex(publicKey) : undefined;
  const sig = SIGNATURE.test(signature) ? fromHex(signature) : undefined;
  if (!raw || !sig) return ok(false);
  try {
    const key = await c.value.subtle.importKey('raw', raw, CURVE, false, ['verify']);
    return ok(await c.value.subtle.verify(SIGN, key, sig, utf8(text)));
  } catch {
    // Not a point on the curve: no signature verifies under it.
    return ok(false);
  }
}

/**
 * A public key's fingerprint for people to compare out of band (read aloud, over the phone): the first 16 bytes of
 * its SHA-256 in groups of four hex digits, `1a2b 3c4d 5e6f …`.
 */
export async function fingerprint(publicKey: string): Promise<Result<string, InputError>> {
  const h = await sha256Hex(publicKey);
  if (!h.ok) return h;
  return ok((h.value.slice(0, 32).match(/.{4}/g) ?? []).join(' '));
}
