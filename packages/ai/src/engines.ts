/**
 * @tactica/ai/engines — every game's engine by family name, each loaded with its own dynamic `import()` so that a
 * bundler puts each game in a chunk of its own and a page or worker downloads only the game it plays.
 *
 *   const family = parseEngineFamily(text);                 // untrusted text: a Result with `engine/unknown-family`
 *   if (family.ok) engine = await loadEngine(family.value, { levels });
 *   engine.choose(state, 'smart', { seed: 7 });
 *
 * The options are each factory's (`createDraughtsEngine`'s and so on): plain data, so the same name can be sent to
 * a worker (`{ family, options }`, see `./worker/protocol.ts`).
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import type { DraughtsMove, DraughtsState } from '@tactica/draughts';
import type { Force400Action, Force400State } from '@tactica/force400';
import type { TacticsMove, TacticsState } from '@tactica/tactics';
import type { Order, TactorusObservation } from '@tactica/tactorus';
import type { TactrixMove, TactrixState } from '@tactica/tactrix';
import type { Engine } from './engine.js';
import type { DraughtsEngineOptions } from './games/draughts/engine.js';
import type { Force400EngineOptions } from './games/force400.js';
import type { TacticsEngineOptions } from './games/tactics.js';
import type { TactorusChoice, TactorusEngineOptions } from './games/tactorus.js';
import type { TactrixEngineOptions } from './games/tactrix.js';
import type { ChoosingEngine } from './lazy-engine.js';

/** The game families that have a computer opponent. */
export const ENGINE_FAMILIES = ['draughts', 'force400', 'tactics', 'tactrix', 'tactorus'] as const;
export type EngineFamily = (typeof ENGINE_FAMILIES)[number];

/** Each family's factory options. */
export interface EngineOptionsByFamily {
  readonly draughts: DraughtsEngineOptions;
  readonly force400: Force400EngineOptions;
  readonly tactics: TacticsEngineOptions;
  readonly tactrix: TactrixEngineOptions;
  readonly tactorus: TactorusEngineOptions;
}

/** Each family's engine, with its state and move types. */
export interface EngineByFamily {
  readonly draughts: Engine<DraughtsState, DraughtsMove>;
  readonly force400: Engine<Force400State, Force400Action>;
  readonly tactics: Engine<TacticsState, TacticsMove>;
  readonly tactrix: Engine<TactrixState, TactrixMove>;
  readonly tactorus: ChoosingEngine<TactorusObservation, readonly Order[], TactorusChoice>;
}

/** Reads a family name from untrusted text (a URL, a message, a saved setting). */
export function parseEngineFamily(text: string): Result<EngineFamily, InputError> {
  const family = ENGINE_FAMILIES.find((f) => f === text);
  if (family !== undefined) return ok(family);
  return err(
    inputError('engine/unknown-family', `no engine for "${text}": one of ${ENGINE_FAMILIES.join(', ')}`, {
      input: text,
    }),
  );
}

/**
 * Makes a new engine of the family (its tables are built at its first move). Each family is a separate dynamic
 * import, which is what lets a bundler split them. A family outside `ENGINE_FAMILIES` is a programming error (read
 * untrusted names with `parseEngineFamily`), so the promise rejects.
 */
export async function loadEngine<F extends EngineFamily>(
  family: F,
  options?: EngineOptionsByFamily[F],
): Promise<EngineByFamily[F]> {
  // Each case is written out: a bundler can split only a dynamic import whose specifier it can read.
  const made = await (async (): Promise<EngineByFamily[EngineFamily]> => {
    switch (family as EngineFamily) {
      case 'draughts': {
        const draughts = await import('./draughts.js');
        const o = options as DraughtsEngineOptions | undefined;
        // The opening books (chunks of their own) come with the engine unless it is told to play without them, so
        // that Master plays from them in a worker too **(ours)**: those of the rule sets it loads up front (`variants`,
        // default all); a page passes none, and the engine's `prepare` loads the book of the game's rule set.
        if (o?.book === false) return draughts.loadDraughtsEngine(o);
        const wanted = draughts.BOOK_VARIANTS.filter((v) => o?.variants?.includes(v) ?? true);
        await Promise.all(wanted.map((v) => draughts.loadDraughtsBook(v)));
        // With the learned evaluations the levels play with (their weights are loaded here, once).
        const engine = await draughts.loadDraughtsEngine(o);
        return {
          ...engine,
          async prepare(s: DraughtsState): Promise<void> {
            await engine.prepare(s);
            if (!s.giveaway) await draughts.loadDraughtsBook(s.position.variant);
          },
        };
      }
      case 'force400':
        return (await import('./force400.js')).createForce400Engine(options as Force400EngineOptions);
      case 'tactics':
        return (await import('./tactics.js')).createTacticsEngine(options as TacticsEngineOptions);
      case 'tactrix':
        return (await import('./tactrix.js')).createTactrixEngine(options as TactrixEngineOptions);
      case 'tactorus':
        return (await import('./tactorus.js')).createTactorusEngine(options as TactorusEngineOptions);
    }
    throw new Error(`loadEngine: unknown family "${String(family)}" (read untrusted names with parseEngineFamily)`);
  })();
  return made as EngineByFamily[F];
}
