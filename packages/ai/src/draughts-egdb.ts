/**
 * @tactica/ai/draughts-egdb — the project's own endgame databases for draughts: the retrograde builder, the slice
 * files (values, and distances to conversion for the root), the checker and the database the deep search probes. Pure computation: the bytes come and go through the
 * caller (`@tactica/ai/node-egdb` reads and writes a folder on Node; a page fetches the files).
 *
 *   const set = buildDatabases('english', 4, (slice, ms) => save(sliceFileName('english', slice.material), encodeSlice(slice)));
 *   const db = new EndgameDatabase('english', { maxPieces: 4, load: (name) => bytesOf(name) });
 *   createDraughtsEngine({ deepSearcher: { endgames: db } });
 */
export {
  buildDatabases,
  countValues,
  EgdbBuilder,
  MAX_DISTANCE,
  type SliceCounts,
} from './games/draughts/egdb/build.js';
export {
  decodeDistances,
  DISTANCE_FORMAT_VERSION,
  distanceFileName,
  encodeDistances,
  type DistanceFileError,
} from './games/draughts/egdb/distance-file.js';
export {
  buildOrder,
  isCanonical,
  materialName,
  mirrorMaterial,
  pieces,
  SliceIndex,
  type Material,
} from './games/draughts/egdb/material.js';
export { combineEndgames, EndgameDatabase, type EndgameDatabaseOptions } from './games/draughts/egdb/probe.js';
export {
  decodeSlice,
  encodeSlice,
  FORMAT_VERSION,
  HEADER_BYTES,
  sliceFileName,
  type SliceError,
} from './games/draughts/egdb/slice-file.js';
export { DRAW, LOSS, SliceSet, UNKNOWN, WIN, type Slice } from './games/draughts/egdb/slices.js';
export { verifySlice, type VerifyReport } from './games/draughts/egdb/verify.js';
