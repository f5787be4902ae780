/**
 * The stored form of a slice's distances to conversion (`Slice.distances`): a 32-byte header and a byte a position,
 * both sides to move (White's positions first), in the slice's order. One file a slice beside its values,
 * `<rules>-<wm><wk><bm><bk>.dtc`. They are kept apart from the values because only the root of a search reads them
 * (to pick the winning move that converts soonest), while the values are probed all through the tree: a search that
 * never reaches an ending in the database never loads them. Header, little-endian, as the values' (`slice-file.ts`)
 * but for the magic and the length **(ours)**:
 *
 *   0  "TEGD"          magic
 *   4  u8 version      DISTANCE_FORMAT_VERSION
 *   5  u8 rules        index in VARIANT_IDS
 *   6  u8 × 4          wm, wk, bm, bk
 *   10 u16             0
 *   12 u32 size        positions per side to move
 *   16 u32 checksum    FNV-1a of the distances
 *   20 u32 length      bytes of distances (2 · size)
 *   24 8 bytes         0
 */
import { VARIANT_IDS, type VariantId } from '@tactica/draughts';
import { materialName, type Material } from './material.js';
import { checksum, HEADER_BYTES, withHeader } from './slice-file.js';
import type { Slice } from './slices.js';

export const DISTANCE_FORMAT_VERSION = 1;
const MAGIC = [0x54, 0x45, 0x47, 0x44]; // "TEGD"

export function distanceFileName(rules: VariantId, m: Material): string {
  return `${rules}-${materialName(m)}.dtc`;
}

/** The distance file of a slice that has its distances (the builder's). */
export function encodeDistances(slice: Slice): Uint8Array {
  const distances = slice.distances;
  if (!distances) throw new Error(`slice ${materialName(slice.material)} has no distances`);
  return withHeader(MAGIC, DISTANCE_FORMAT_VERSION, slice, distances);
}

/** The signature a distance file says it is for, or undefined when the bytes are not a distance file. */
export function distancesMaterial(bytes: Uint8Array): Material | undefined {
  if (bytes.length < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) return undefined;
  return { wm: bytes[6] as number, wk: bytes[7] as number, bm: bytes[8] as number, bk: bytes[9] as number };
}

export type DistanceFileError =
  | { readonly code: 'egdb/not-distances' }
  | { readonly code: 'egdb/version'; readonly version: number }
  | { readonly code: 'egdb/wrong-slice' }
  | { readonly code: 'egdb/size' }
  | { readonly code: 'egdb/checksum' };

/**
 * Reads the distance file of `slice` (the distances are a view of the bytes): refused when it is not a distance
 * file, is another slice's, or its bytes do not match its header.
 */
export function decodeDistances(
  bytes: Uint8Array,
  slice: Slice,
): { ok: true; distances: Uint8Array } | { ok: false; error: DistanceFileError } {
  if (bytes.length < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) {
    return { ok: false, error: { code: 'egdb/not-distances' } };
  }
  if (bytes[4] !== DISTANCE_FORMAT_VERSION) {
    return { ok: false, error: { code: 'egdb/version', version: bytes[4] as number } };
  }
  const m = slice.material;
  if (
    VARIANT_IDS[bytes[5] as number] !== slice.rules ||
    bytes[6] !== m.wm ||
    bytes[7] !== m.wk ||
    bytes[8] !== m.bm ||
    bytes[9] !== m.bk
  ) {
    return { ok: false, error: { code: 'egdb/wrong-slice' } };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(12, true);
  const length = view.getUint32(20, true);
  if (size !== slice.index.size || length !== 2 * size || bytes.length !== HEADER_BYTES + length) {
    return { ok: false, error: { code: 'egdb/size' } };
  }
  const distances = bytes.subarray(HEADER_BYTES);
  if (checksum(distances) !== view.getUint32(16, true)) return { ok: false, error: { code: 'egdb/checksum' } };
  return { ok: true, distances };
}
