/** Checks on JSON a client sent (stream messages, stored options) before any field is read. */

/** A JSON object: not null, not an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
