import { readFileSync } from 'node:fs';

/**
 * The benchmarks' command line: `--name value` pairs into an object (a flag with no value reads as ''). Kept this
 * small on purpose: each script reads its own names with its own defaults.
 */
export function flags(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] ?? ''] : undefined)).filter(Boolean),
  );
}

/**
 * A numeric option as `read(name, fallback)` gives it, or undefined when it has neither; a value that is not a number
 * of at least `least` ends the run with exit code 2, naming the option (it would turn into NaN budgets, or a run of
 * nothing).
 */
export function numberOption(read, name, fallback, least = 0) {
  const text = read(name, fallback);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < least) {
    console.error(`${name}: a number of ${least} or more, not "${text}"`);
    process.exit(2);
  }
  return n;
}

/**
 * Ends the run before it does anything when the command line holds an option the script does not know (exit 2,
 * naming it) or asks for `--help` (the script's opening comment on stdout, exit 0): a mistyped option would otherwise
 * be ignored and the run go on with the defaults, which for a script that writes into the source tree overwrites
 * committed data. `known` lists the options with a value; `switches` those without; `script` is the caller's
 * `import.meta.url`.
 */
export function checkOptions(argv, known, switches, script) {
  if (argv.includes('--help') || argv.includes('-h')) {
    const text = readFileSync(new URL(script), 'utf8');
    console.log(text.split('\nimport ')[0].replace(/^\/\/ ?/gm, ''));
    process.exit(0);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (switches.includes(a)) continue;
    if (!known.includes(a)) {
      console.error(`${a}: not an option of this script (--help lists them)`);
      process.exit(2);
    }
    i++; // its value
  }
}
