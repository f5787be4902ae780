/**
 * A canonical text form of a plain value (objects with sorted keys, arrays, typed arrays, Maps, Sets),
 * for checking that a state was not mutated and that two states are equal.
 */
export function snapshot(value: unknown): string {
  return JSON.stringify(canonical(value));
}

function canonical(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? `${v}n` : v;
  if (ArrayBuffer.isView(v)) return { typed: Array.from(v as unknown as ArrayLike<number>) };
  if (Array.isArray(v)) return v.map(canonical);
  if (v instanceof Map) return { map: [...v.entries()].map(([k, x]) => [canonical(k), canonical(x)]) };
  if (v instanceof Set) return { set: [...v.values()].map(canonical) };
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = canonical((v as Record<string, unknown>)[k]);
  return out;
}
