/**
 * The benchmarks' command line: `--name value` pairs into an object (a flag with no value reads as ''). Kept this
 * small on purpose: each script reads its own names with its own defaults.
 */
export function flags(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] ?? ''] : undefined)).filter(Boolean),
  );
}
