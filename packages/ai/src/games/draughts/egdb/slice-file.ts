/**
 * The stored form of a slice: a 32-byte header and the values, 2 bits a position (four a byte, the first entry in
 * the low bits), both sides to move (White's positions first). One file a slice, named `<rules>-<wm><wk><bm><bk>.egdb`
 * (`english-0201.egdb`: no white man, 2 white kings, no black man, 1 black king). Header, little-endian **(ours)**:
 *
 *   0  "TEGB"          magic
 *   4  u8 version      FORMAT_VERSION (a change of index or values makes a new version)
 *   5  u8 rules        index in VARIANT_IDS
 *   6  u8 × 4          wm, wk, bm, bk
 *   10 u16             0
 *   12 u32 size        positions per side to move
 *   16 u32 checksum    FNV-1a of the values
 *   20 u32 length      bytes of values (ceil(2 · size / 4))
 *   24 8 bytes         0
 *
 * Decoding checks everything the header says against the bytes, so a truncated or foreign file is refused, never
 * read as values.
 */
import { RULE_SETS, VARIANT_IDS, geometryOf, type VariantId } from '@tactica/draughts';
import { materialName, SliceIndex, type Material } from './material.js';
import type { Slice } from './slices.js';

export const FORMAT_VERSION = 1;
export const HEADER_BYTES = 32;
const MAGIC = [0x54, 0x45, 0x47, 0x42]; // "TEGB"

export function sliceFileName(rules: VariantId, m: Material): string {
  return `${rules}-${materialName(m)}.egdb`;
}

export function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

export function encodeSlice(slice: Slice): Uint8Array {
  return withHeader(MAGIC, FORMAT_VERSION, slice, slice.data);
}

/**
 * A slice's file of either kind: the header (`magic`, `version`, the slice's rules, signature and size, and the
 * body's checksum and length) and the body.
 */
export function withHeader(magic: readonly number[], version: number, slice: Slice, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + body.length);
  const view = new DataView(out.buffer);
  magic.forEach((b, i) => (out[i] = b));
  out[4] = version;
  out[5] = VARIANT_IDS.indexOf(slice.rules);
  out[6] = slice.material.wm;
  out[7] = slice.material.wk;
  out[8] = slice.material.bm;
  out[9] = slice.material.bk;
  view.setUint32(12, slice.index.size, true);
  view.setUint32(16, checksum(body), true);
  view.setUint32(20, body.length, true);
  out.set(body, HEADER_BYTES);
  return out;
}

export type SliceError =
  | { readonly code: 'egdb/not-a-slice' }
  | { readonly code: 'egdb/version'; readonly version: number }
  | { readonly code: 'egdb/size' }
  | { readonly code: 'egdb/checksum' };

/** Reads a slice file's bytes (the values are a view of them, not a copy). */
export function decodeSlice(bytes: Uint8Array): { ok: true; slice: Slice } | { ok: false; error: SliceError } {
  if (bytes.length < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) {
    return { ok: false, error: { code: 'egdb/not-a-slice' } };
  }
  if (bytes[4] !== FORMAT_VERSION) return { ok: false, error: { code: 'egdb/version', version: bytes[4] as number } };
  const rules = VARIANT_IDS[bytes[5] as number];
  if (rules === undefined) return { ok: false, error: { code: 'egdb/not-a-slice' } };
  const material: Material = {
    wm: bytes[6] as number,
    wk: bytes[7] as number,
    bm: bytes[8] as number,
    bk: bytes[9] as number,
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(12, true);
  const length = view.getUint32(20, true);
  const g = geometryOf(RULE_SETS[rules].size);
  const index = new SliceIndex(material, g.squares, g.half);
  if (index.size !== size || length !== Math.ceil((2 * size) / 4) || bytes.length !== HEADER_BYTES + length) {
    return { ok: false, error: { code: 'egdb/size' } };
  }
  const data = bytes.subarray(HEADER_BYTES);
  if (checksum(data) !== view.getUint32(16, true)) return { ok: false, error: { code: 'egdb/checksum' } };
  return { ok: true, slice: { rules, material, index, data } };
}
