/**
 * The Hub protocol's commands, one handler each (see ../hub.ts for the protocol). A handler answers on the host's
 * output and says 'quit' when the session is to end.
 */
import { draughtsGame, playingOn } from '@tactica/draughts';
import { VERSION } from '../../../version.js';
import type { GoMode, HubHost } from './host.js';
import {
  DEFAULT_HUB_THREADS,
  LEVELS,
  MAX_HUB_THREADS,
  OTHER_VARIANTS,
  parseHubPosition,
  readHubMove,
  VARIANTS,
  hubValue,
  type HubVariant,
  type Limits,
} from './protocol.js';

/** A command's `name=value` pairs (a flag has the empty value). */
type Pairs = ReadonlyMap<string, string>;
type HubVerb = (host: HubHost, pairs: Pairs) => Promise<'quit' | undefined> | 'quit' | undefined;

/** `hub` → who the engine is, its parameters, `wait`. */
function hub(host: HubHost): undefined {
  host.write(`id name=Tactica version=${VERSION} author=${hubValue('the Tactica project')}`);
  host.write(`param name=variant value=${host.variant} type=enum values=${hubValue(VARIANTS.join(' '))}`);
  host.write(`param name=level value=${host.levelId} type=enum values=${hubValue(LEVELS.join(' '))}`);
  host.write(`param name=threads value=${host.threads ?? DEFAULT_HUB_THREADS} type=int min=1 max=${MAX_HUB_THREADS}`);
  host.write('wait');
  return undefined;
}

/** `set-param name=variant|level|threads value=…`. */
async function setParam(host: HubHost, pairs: Pairs): Promise<undefined> {
  const name = pairs.get('name');
  const value = (pairs.get('value') ?? '').trim().toLowerCase();
  if (!name) host.error('missing name');
  else if (name === 'variant') setVariant(host, value);
  else if (name === 'level') {
    if (LEVELS.includes(value)) host.levelId = value;
    else host.error(`unknown level "${value}": ${LEVELS.join(', ')}`);
  } else if (name === 'threads') {
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= 1 && n <= MAX_HUB_THREADS) await host.setThreads(n);
    else host.error(`bad threads "${value}": a whole number from 1 to ${MAX_HUB_THREADS}`);
  } else host.error(`unknown parameter "${name}"`);
  return undefined;
}

function setVariant(host: HubHost, value: string): void {
  if ((VARIANTS as readonly string[]).includes(value)) {
    host.variant = value as HubVariant;
    host.game = draughtsGame('international', { giveaway: host.variant === 'losing' });
    host.state = host.game.initial();
  } else if (OTHER_VARIANTS.includes(value)) {
    host.error(
      `variant ${value} is not supported: this engine plays normal (International draughts) and losing (International give-away)`,
    );
  } else host.error(`unknown variant "${value}": normal or losing`);
}

/** `init` → `ready`, once the engine is loaded. */
async function init(host: HubHost): Promise<undefined> {
  await host.warmUp();
  host.write('ready');
  return undefined;
}

/** `new-game`: forget what earlier searches learnt. */
async function newGame(host: HubHost): Promise<undefined> {
  await host.restartWorker();
  return undefined;
}

/** `pos [start] [pos=…] [moves="…"]`: the position to search; the limits are reset. */
function pos(host: HubHost, pairs: Pairs): undefined {
  const { game } = host;
  let s = game.initial();
  const text = pairs.get('pos');
  if (text !== undefined && !pairs.has('start')) {
    const p = parseHubPosition(text, host.variant === 'losing');
    if (!p.ok) {
      host.error(`bad position: ${p.error.message}`);
      return undefined;
    }
    s = p.value;
  }
  for (const word of (pairs.get('moves') ?? '').split(/\s+/).filter((w) => w !== '')) {
    const m = readHubMove(game, s, word);
    if (!m.ok) {
      host.error(`${m.error.code === 'hub/bad-move' ? 'bad' : 'illegal'} move: ${m.error.message}`);
      break;
    }
    s = playingOn(game.play(s, m.value));
  }
  host.state = s;
  host.limits = {};
  return undefined;
}

/** `level depth=N | nodes=N | move-time=S | [moves=N] time=S [inc=S] | infinite`: the next search's limits. */
function level(host: HubHost, pairs: Pairs): undefined {
  const l: Limits = {};
  const number = (key: string, integer: boolean): number | undefined => {
    const v = pairs.get(key);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v === '' || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
      host.error(`bad ${key}: "${v}"`);
      return undefined;
    }
    return n;
  };
  const depth = number('depth', true);
  const nodes = number('nodes', true);
  const moveTime = number('move-time', false);
  const time = number('time', false);
  const moves = number('moves', true);
  const inc = number('inc', false);
  if (depth !== undefined) l.depth = Math.max(1, depth);
  if (nodes !== undefined) l.nodes = nodes;
  if (moveTime !== undefined) l.moveTime = moveTime;
  if (time !== undefined) l.time = time;
  if (moves !== undefined) l.moves = moves;
  if (inc !== undefined) l.inc = inc;
  if (pairs.has('infinite')) l.infinite = true;
  host.limits = l;
  return undefined;
}

/** `go think | ponder | analyze`. */
async function go(host: HubHost, pairs: Pairs): Promise<undefined> {
  const mode: GoMode =
    pairs.has('analyze') || pairs.has('analyse') ? 'analyze' : pairs.has('ponder') ? 'ponder' : 'think';
  await host.go(mode);
  return undefined;
}

/** The protocol's commands by name. */
export const HUB_VERBS: ReadonlyMap<string, HubVerb> = new Map<string, HubVerb>([
  ['hub', hub],
  ['set-param', setParam],
  ['init', init],
  ['new-game', newGame],
  ['pos', pos],
  ['level', level],
  ['go', go],
  [
    'ping',
    (host) => {
      host.write('pong');
      return undefined;
    },
  ],
  // Nothing is being searched (a search hears these as they come: HubHost.interrupt).
  ['stop', () => undefined],
  ['ponder-hit', () => undefined],
  ['quit', () => 'quit'],
]);
