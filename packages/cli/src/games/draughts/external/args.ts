/** The command line of `npm run match:external` (match.ts says what the match does with it). */
import { parseArgs } from 'node:util';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { DRAUGHTS_LEVELS } from '@tactica/ai';
import { parseDuration } from '../../../numeric-options.js';
import { PROTOCOLS, type Protocol } from './engines.js';
import { DEFAULT_MAX_LOAD } from './load.js';
import type { MatchVariant } from './openings.js';

/** Both sides' search threads unless `--threads` says: equal resources, one each (issue 42). */
const DEFAULT_THREADS = 1;

export interface ExternalMatchOptions {
  readonly engine: string;
  readonly protocol: Protocol;
  /** International for Hub and DXP; English or Russian for CheckerBoard engines (cb). */
  readonly variant: MatchVariant;
  /** The opening set file (`--openings`); by default the rule set's fixed set in `bench/openings/`. */
  readonly openings?: string;
  /** The first opening of the set to play, 1-based (`--from`, default 1). */
  readonly from: number;
  /** How many openings from there (`--count`; default: to the end of the set). Each is played twice. */
  readonly count?: number;
  /** At most this many games of the slice (`--games`; default all of them). */
  readonly games?: number;
  /** Seconds a move, each side. */
  readonly seconds: number;
  /** Seeds our engine's choices among equal moves (the openings do not depend on it). */
  readonly seed: number;
  readonly level: string;
  /** Node cap for our level (undefined: time alone limits it). */
  readonly nodes?: number;
  /** Our side plays without its opening book (`--no-book`; by default the level's own setting). */
  readonly noBook?: boolean;
  /** Search threads of each side (`--threads`, default `DEFAULT_THREADS`): ours, and the engine's where it can be set. */
  readonly threads: number;
  /**
   * The external engine's threads as its own configuration sets them (`--engine-threads`), where its protocol cannot
   * (DXP, cb): stated in the report and the games, not set.
   */
  readonly engineThreads?: number;
  /** The 1-minute load average above which the match does not start (`--max-load`). */
  readonly maxLoad: number;
  /** Start even above `maxLoad` (`--force`); every game is then flagged as loaded. */
  readonly force: boolean;
  /** Append the result to bench/RESULTS.md (`--record`). */
  readonly record: boolean;
  /** The command line as given, for the record. */
  readonly commandLine: string;
  readonly maxPlies: number;
  readonly cwd?: string;
  readonly host: string;
  readonly port: number;
  /** Where the games go as PDN (default a new file in bench/results/matches/, which git ignores). */
  readonly pdn?: string;
  /** Hub parameters for the engine (`name=value`). */
  readonly params: readonly string[];
  /** Start every game from this position (FEN) instead of the openings. */
  readonly fen?: string;
  /** DXP: the game's clock in minutes, instead of about 60 moves' time (`dxpClock`). */
  readonly dxpMinutes?: number;
  /** How long the engine may take to answer before it loses (default the larger of 10 s and 20 moves' time). */
  readonly answerTimeoutMs?: number;
}

const quote = (a: string): string => (/^[\w./:=,+-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

/** Reads the command line (`npm run match:external -- …`); an error says which option and why. */
export function parseExternalMatchArgs(argv: readonly string[]): Result<ExternalMatchOptions, InputError> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        engine: { type: 'string' },
        protocol: { type: 'string' },
        variant: { type: 'string' },
        openings: { type: 'string' },
        from: { type: 'string', default: '1' },
        count: { type: 'string' },
        games: { type: 'string' },
        time: { type: 'string' },
        seed: { type: 'string', default: '1' },
        level: { type: 'string', default: 'master' },
        nodes: { type: 'string' },
        'max-plies': { type: 'string', default: '300' },
        cwd: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '27531' },
        pdn: { type: 'string' },
        param: { type: 'string', multiple: true, default: [] },
        'answer-timeout': { type: 'string' },
        'dxp-minutes': { type: 'string' },
        position: { type: 'string' },
        fen: { type: 'string' },
        'no-book': { type: 'boolean', default: false },
        threads: { type: 'string', default: String(DEFAULT_THREADS) },
        'engine-threads': { type: 'string' },
        'max-load': { type: 'string', default: String(DEFAULT_MAX_LOAD) },
        force: { type: 'boolean', default: false },
        record: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (e) {
    return err(inputError('match/bad-option', (e as Error).message));
  }
  const str = (k: string): string | undefined => (typeof values[k] === 'string' ? values[k] : undefined);
  const bad = (option: string, why: string): Result<never, InputError> =>
    err(inputError('match/bad-option', `--${option}: ${why}`, { input: str(option) }));
  const protocol = str('protocol');
  if (!protocol || !(PROTOCOLS as readonly string[]).includes(protocol))
    return bad('protocol', `one of ${PROTOCOLS.join(', ')}`);
  const engine = str('engine') ?? '';
  if (engine === '' && protocol !== 'dxp') return bad('engine', 'the command that starts the engine');
  const variant = str('variant') ?? (protocol === 'cb' ? 'english' : 'international');
  if (variant !== 'english' && variant !== 'international' && variant !== 'russian')
    return bad('variant', 'english, international or russian');
  if ((protocol === 'cb') === (variant === 'international'))
    return bad('variant', protocol === 'cb' ? 'english or russian for cb' : `international for ${protocol}`);
  const int = (k: string, min: number, max: number): number | undefined => {
    const v = str(k);
    if (v === undefined || !/^\d+$/.test(v)) return undefined;
    const n = Number(v);
    return n >= min && n <= max ? n : undefined;
  };
  const optionalInt = (k: string, min: number, max: number): number | undefined | 'bad' => {
    if (str(k) === undefined) return undefined;
    return int(k, min, max) ?? 'bad';
  };
  const openings = str('openings');
  if (openings === 'acf' || openings === 'random')
    return bad('openings', 'a set file: the openings are fixed sets now (bench/openings/), not drawn by the match');
  const from = int('from', 1, 100_000);
  if (from === undefined) return bad('from', 'the first opening of the set to play, 1 or more');
  const count = optionalInt('count', 1, 100_000);
  if (count === 'bad') return bad('count', 'how many openings of the set, 1 or more');
  const games = optionalInt('games', 1, 200_000);
  if (games === 'bad') return bad('games', 'a whole number of games, 1 or more');
  const seconds = parseDuration(str('time') ?? (variant === 'international' ? '1' : '0.3')) ?? NaN;
  if (!(seconds > 0 && seconds <= 3600)) return bad('time', 'seconds a move (or 0.5s, 1m), above 0, at most 3600');
  if (str('fen') !== undefined && str('position') !== undefined && str('fen') !== str('position'))
    return bad('position', 'give the position once: --position or --fen (its older name), not both');
  const fen = str('position') ?? str('fen');
  const seed = int('seed', 0, 2 ** 31);
  if (seed === undefined) return bad('seed', 'a whole number');
  const level = str('level') ?? 'master';
  if (!DRAUGHTS_LEVELS.some((l) => l.id === level)) return bad('level', DRAUGHTS_LEVELS.map((l) => l.id).join(', '));
  const nodes = optionalInt('nodes', 1, 2 ** 31);
  if (nodes === 'bad') return bad('nodes', 'a whole number of positions');
  const threads = int('threads', 1, 64);
  if (threads === undefined) return bad('threads', 'a whole number from 1 to 64');
  const engineThreads = optionalInt('engine-threads', 1, 64);
  if (engineThreads === 'bad') return bad('engine-threads', 'a whole number from 1 to 64');
  if (engineThreads !== undefined && protocol === 'hub')
    return bad('engine-threads', "hub sets the engine's threads itself, to --threads");
  const maxLoad = Number(str('max-load'));
  if (!(maxLoad >= 0) || !Number.isFinite(maxLoad)) return bad('max-load', 'a load average, 0 or more');
  const maxPlies = int('max-plies', 1, 100_000);
  if (maxPlies === undefined) return bad('max-plies', 'a whole number of plies');
  const port = int('port', 1, 65_535);
  if (port === undefined) return bad('port', 'a TCP port');
  const params = (values['param'] as string[] | undefined) ?? [];
  for (const p of params) if (!/^[\w-]+=\S*$/.test(p)) return bad('param', `"${p}" is not name=value`);
  if (params.some((p) => p.startsWith('threads=')))
    return bad('param', 'the threads are set by --threads, the same for both sides');
  const cwd = str('cwd');
  const pdn = str('pdn');
  const dxpMinutes = optionalInt('dxp-minutes', 1, 999);
  if (dxpMinutes === 'bad') return bad('dxp-minutes', 'whole minutes for the game, 1 to 999');
  const answer = str('answer-timeout') === undefined ? undefined : Number(str('answer-timeout'));
  if (answer !== undefined && !(answer > 0)) return bad('answer-timeout', 'seconds, above 0');
  return ok({
    engine,
    protocol: protocol as Protocol,
    variant,
    ...(openings !== undefined ? { openings } : {}),
    from,
    ...(count !== undefined ? { count } : {}),
    ...(games !== undefined ? { games } : {}),
    seconds,
    seed,
    level,
    ...(nodes !== undefined ? { nodes } : {}),
    ...(values['no-book'] === true ? { noBook: true } : {}),
    threads,
    ...(engineThreads !== undefined ? { engineThreads } : {}),
    maxLoad,
    force: values['force'] === true,
    record: values['record'] === true,
    commandLine: ['npm run match:external --', ...argv.map(quote)].join(' '),
    maxPlies,
    ...(cwd !== undefined ? { cwd } : {}),
    host: str('host') ?? '127.0.0.1',
    port,
    ...(pdn !== undefined ? { pdn } : {}),
    params,
    ...(dxpMinutes !== undefined ? { dxpMinutes } : {}),
    ...(answer !== undefined ? { answerTimeoutMs: Math.round(answer * 1000) } : {}),
    ...(fen !== undefined ? { fen } : {}),
  });
}
