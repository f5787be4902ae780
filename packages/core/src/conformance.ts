/**
 * The conformance kit every game registers with (open_spiel's idea): seeded random playouts through the contract,
 * checking the invariants every game must keep. It is framework-free: each case's `run` throws on failure, so any
 * test runner can register the cases:
 *
 *   for (const c of conformanceCases(game)) it(c.name, c.run);
 */
import type { Game } from './game.js';
import { divide, perft, perftGeneric } from './perft.js';
import type { Player } from './player.js';
import { describeError } from './result.js';
import { createRng, type Rng } from './rng.js';
import { snapshot } from './snapshot.js';

export interface ConformanceOptions {
  readonly seed?: number;
  /** Number of random games played. */
  readonly playouts?: number;
  /** Plies per playout at most. */
  readonly maxPlies?: number;
  /** Check the notation round trip on at most this many legal moves per position (all by default). */
  readonly movesPerPosition?: number;
  /** Depth for checking a game's own perft against the generic one (0 skips). */
  readonly perftDepth?: number;
  /** Extra untrusted move texts to feed the parser (they must be refused or accepted, never throw). */
  readonly junkMoves?: readonly string[];
  /** Extra untrusted position texts to feed the parser. */
  readonly junkPositions?: readonly string[];
}

export interface ConformanceCase {
  readonly name: string;
  readonly run: () => void;
}

class ConformanceError extends Error {
  override name = 'ConformanceError';
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ConformanceError(message);
}

/** What every case of one game's kit shares: the game, the options, and seeded random playouts through it. */
interface Kit<S, M> {
  readonly game: Game<S, M>;
  readonly options: ConformanceOptions;
  readonly id: string;
  readonly seed: number;
  /** Number of random games played. */
  readonly playouts: number;
  /** Plays one random game from the initial position, showing `visit` each position on the way. */
  readonly playout: (rng: Rng, visit: (s: S, ply: number) => void) => void;
}

export function conformanceCases<S, M>(game: Game<S, M>, options: ConformanceOptions = {}): ConformanceCase[] {
  const kit = kitOf(game, options);
  return [...contractCases(kit), ...notationCases(kit), perftCase(kit), malformedTextCase(kit)];
}

function kitOf<S, M>(game: Game<S, M>, options: ConformanceOptions): Kit<S, M> {
  const maxPlies = options.maxPlies ?? 200;

  function movesOf(s: S): { player: Player; moves: readonly M[] }[] {
    return game.toMove(s).map((player) => ({ player, moves: game.legalMoves(s, player) }));
  }

  function playout(rng: Rng, visit: (s: S, ply: number) => void): void {
    let s = game.initial();
    for (let ply = 0; ply < maxPlies; ply++) {
      visit(s, ply);
      if (game.outcome(s)) return;
      const options = movesOf(s).filter((o) => o.moves.length > 0);
      if (options.length === 0) return;
      const { moves } = rng.pick(options);
      s = game.play(s, rng.pick(moves));
    }
  }

  return { game, options, id: game.info.id, seed: options.seed ?? 1, playouts: options.playouts ?? 20, playout };
}

/** The start and the contract along random games: who moves, when it ends, play never mutates. */
function contractCases<S, M>({ game, id, seed, playouts, playout }: Kit<S, M>): ConformanceCase[] {
  return [
    {
      name: `${id}: the initial position has a player to move and legal moves`,
      run() {
        const s = game.initial();
        check(game.outcome(s) === undefined, 'the game is over before it starts');
        const players = game.toMove(s);
        check(players.length > 0, 'toMove is empty in the initial position');
        for (const p of players) check(game.legalMoves(s, p).length > 0, `player ${p} has no legal move at the start`);
      },
    },
    {
      name: `${id}: random playouts keep the contract (moves iff not over, play never mutates, outcome stable)`,
      run() {
        const rng = createRng(seed);
        for (let g = 0; g < playouts; g++) {
          playout(rng, (s, ply) => {
            const where = `game ${g + 1}, ply ${ply}, position ${game.formatPosition(s)}`;
            const over = game.outcome(s);
            const players = game.toMove(s);
            if (over) {
              check(players.length === 0, `toMove is not empty after the game ended (${where})`);
              check(game.legalMoves(s).length === 0, `legal moves exist after the game ended (${where})`);
              check(snapshot(game.outcome(s)) === snapshot(over), `outcome is not stable (${where})`);
              return;
            }
            check(players.length > 0, `nobody is to move but the game is not over (${where})`);
            const before = snapshot(s);
            for (const p of players) {
              const moves = game.legalMoves(s, p);
              if (game.info.dynamics === 'sequential') check(moves.length > 0, `no legal move but not over (${where})`);
              for (const m of moves.slice(0, 8)) game.play(s, m);
            }
            check(snapshot(s) === before, `play mutated its input state (${where})`);
          });
        }
      },
    },
  ];
}

/** Move and position text: unique, and parsed back to what was written. */
function notationCases<S, M>({ game, options, id, seed, playouts, playout }: Kit<S, M>): ConformanceCase[] {
  const same = (s: S, a: M, b: M): boolean =>
    game.sameMove ? game.sameMove(a, b) : game.formatMove(s, a) === game.formatMove(s, b);
  return [
    {
      name: `${id}: every legal move's notation is unique and parses back to the same move`,
      run() {
        const rng = createRng(seed + 1);
        const limit = options.movesPerPosition ?? Infinity;
        for (let g = 0; g < Math.max(1, playouts >> 1); g++) {
          playout(rng, (s, ply) => {
            for (const p of game.toMove(s)) {
              const moves = game.legalMoves(s, p);
              const texts = new Set<string>();
              for (const m of moves.slice(0, limit)) {
                const text = game.formatMove(s, m);
                const where = `game ${g + 1}, ply ${ply}, move ${text}, position ${game.formatPosition(s)}`;
                check(!texts.has(text), `two legal moves share the notation ${text} (${where})`);
                texts.add(text);
                const parsed = game.parseMove(s, text, p);
                check(
                  parsed.ok,
                  `notation does not parse back: ${parsed.ok ? '' : describeError(parsed.error)} (${where})`,
                );
                check(same(s, parsed.value, m), `notation parses to a different move (${where})`);
                const viaText = game.tryPlay(s, text, p);
                check(viaText.ok, `tryPlay refuses a legal move (${where})`);
                check(
                  game.formatPosition(viaText.value) === game.formatPosition(game.play(s, m)),
                  `tryPlay and play disagree (${where})`,
                );
              }
            }
          });
        }
      },
    },
    {
      name: `${id}: position text round-trips`,
      run() {
        const rng = createRng(seed + 2);
        for (let g = 0; g < Math.max(1, playouts >> 1); g++) {
          playout(rng, (s, ply) => {
            const text = game.formatPosition(s);
            const parsed = game.parsePosition(text);
            check(
              parsed.ok,
              `own position text does not parse (game ${g + 1}, ply ${ply}): ${parsed.ok ? '' : describeError(parsed.error)} — ${text}`,
            );
            check(game.formatPosition(parsed.value) === text, `position text changes on a round trip: ${text}`);
          });
        }
      },
    },
  ];
}

/** Move counting: perft(1) is the move count, and a game's own perft agrees with the generic walk. */
function perftCase<S, M>({ game, options, id, seed, playouts, playout }: Kit<S, M>): ConformanceCase {
  return {
    name: `${id}: perft(1) equals the number of legal moves, and the game's perft agrees with the generic walk`,
    run() {
      if (game.info.dynamics !== 'sequential') return;
      const rng = createRng(seed + 3);
      const depth = options.perftDepth ?? 2;
      for (let g = 0; g < Math.max(1, playouts >> 2); g++) {
        playout(rng, (s, ply) => {
          if (ply % 7 !== 0) return;
          check(perft(game, s, 1) === game.legalMoves(s).length, `perft(1) differs from the move count at ply ${ply}`);
          if (game.perft && depth > 1) {
            check(perft(game, s, depth) === perftGeneric(game, s, depth), `fast perft(${depth}) differs at ply ${ply}`);
            const total = divide(game, s, depth).reduce((n, l) => n + l.nodes, 0);
            check(total === perft(game, s, depth), `divide does not add up at ply ${ply}`);
          }
        });
      }
    },
  };
}

/** Untrusted text: refused with a coded error, never a throw. */
function malformedTextCase<S, M>({ game, options, id, seed }: Kit<S, M>): ConformanceCase {
  return {
    name: `${id}: malformed move and position text is refused with a coded error, never a throw`,
    run() {
      const rng = createRng(seed + 4);
      const s = game.initial();
      const moveText = game.legalMoves(s, game.toMove(s)[0]).map((m) => game.formatMove(s, m));
      const positionText = game.formatPosition(s);
      const junk = [
        '',
        ' ',
        '-',
        'x',
        '\u0000',
        '99999999999999999999',
        'a0-z99',
        '🙂',
        ...(options.junkMoves ?? []),
        ...moveText.map((t) => mutate(rng, t)),
      ];
      for (const text of junk) {
        const r = game.parseMove(s, text);
        if (!r.ok)
          check(
            /^[a-z0-9-]+\/[a-z0-9-]+$/.test(r.error.code),
            `error code ${r.error.code} is not of the form area/what`,
          );
      }
      const junkPositions = [
        '',
        'garbage',
        ...(options.junkPositions ?? []),
        ...Array.from({ length: 200 }, () => mutate(rng, positionText)),
      ];
      for (const text of junkPositions) {
        const r = game.parsePosition(text);
        if (!r.ok) {
          check(r.error.message.length > 0, 'an error without a message');
          check(
            /^[a-z0-9-]+\/[a-z0-9-]+$/.test(r.error.code),
            `error code ${r.error.code} is not of the form area/what`,
          );
        }
      }
    },
  };
}

/** Randomly damages text: deletes, duplicates, swaps or replaces characters. */
export function mutate(rng: Rng, text: string): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:,.-x/ \n[]"*KWB';
  let t = text;
  const edits = 1 + rng.int(3);
  for (let i = 0; i < edits; i++) {
    const at = t.length === 0 ? 0 : rng.int(t.length);
    switch (rng.int(4)) {
      case 0:
        t = t.slice(0, at) + t.slice(at + 1);
        break;
      case 1:
        t = t.slice(0, at) + t.slice(at, at + 3) + t.slice(at);
        break;
      case 2:
        t = t.slice(0, at) + alphabet[rng.int(alphabet.length)] + t.slice(at + 1);
        break;
      default:
        t = t.slice(0, at) + alphabet[rng.int(alphabet.length)] + t.slice(at);
    }
  }
  return t;
}
