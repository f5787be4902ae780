import { estimateElo } from '@tactica/ai';
import type { Command } from 'commander';
import type { GameCli } from '../game-cli.js';
import type { Io } from '../io.js';
import { SEARCH_BOUNDS, secondsOption, wholeNumberOption } from '../numeric-options.js';
import { seedOption } from '../play-options.js';
import { levelOf } from './ai-tools.js';

/** The words for an endgame database's value for the side to move (1, 0, -1). */
const PROVEN_WORDS = { 1: 'won', 0: 'drawn', [-1]: 'lost' } as const;

/**
 * `tactica analyse <game> [game options] [--depth N | --time S | --nodes N]`: the strongest search from a
 * position. Prints `score <n> depth <d> nodes <n> time <ms>ms [proven won|drawn|lost]` then `pv <moves…>`: `proven`
 * where an endgame database holds the position (draughts Master), its value for the side to move.
 */
export function configureAnalyse(parent: Command, g: GameCli, io: Io): void {
  const ai = g.ai;
  if (!ai) return;
  const cmd = parent.command(g.id).description(`search a ${g.summary} position and print the best line and score`);
  ai.addOptions(cmd)
    .option('--depth <plies>', 'search this deep')
    .option('--time <seconds>', 'search this long: seconds, or 90s, 2m (default 3 s when no depth or nodes are given)')
    .option('--nodes <n>', 'search about this many nodes')
    .action(async (opts: Record<string, unknown>) => {
      const depth = wholeNumberOption('--depth', opts['depth'], SEARCH_BOUNDS.depth);
      const nodes = wholeNumberOption('--nodes', opts['nodes'], SEARCH_BOUNDS.nodes);
      const seconds = secondsOption('--time', opts['time'], SEARCH_BOUNDS.seconds);
      const timeMs =
        seconds !== undefined ? seconds * 1000 : depth === undefined && nodes === undefined ? 3000 : undefined;
      const tools = await ai.setup(opts);
      const a = tools.analyse({
        ...(depth !== undefined ? { depth } : {}),
        ...(nodes !== undefined ? { nodes } : {}),
        ...(timeMs !== undefined ? { timeMs } : {}),
      });
      const proven = a.proven === undefined ? '' : ` proven ${PROVEN_WORDS[a.proven]}`;
      io.output.write(`score ${a.score} depth ${a.depth} nodes ${a.nodes} time ${Math.round(a.timeMs)}ms${proven}\n`);
      io.output.write(`pv ${a.pv.join(' ')}\n`);
    });
}

/**
 * `tactica match <game> --a ai:<level> --b ai:<level> --games N`: self-play from varied openings with colours
 * alternating; progress on stderr, the score and Elo difference on stdout.
 */
export function configureMatch(parent: Command, g: GameCli, io: Io): void {
  const ai = g.ai;
  if (!ai) return;
  const cmd = parent.command(g.id).description(`self-play match between two ${g.summary} engine levels`);
  ai.addOptions(cmd)
    .requiredOption('--a <engine>', 'first engine: ai:<level>')
    .requiredOption('--b <engine>', 'second engine: ai:<level>')
    .option('--games <n>', 'number of games (even: each opening is played with both colours)', '100')
    .option('--seed <n>', 'seed for openings and engine randomness', '1')
    .option('--openings <plies>', 'random plies before the engines take over', '4')
    .option('--max-plies <n>', 'adjudicate a draw after this many plies', '400')
    .action(async (opts: Record<string, unknown>) => {
      const games = wholeNumberOption('--games', opts['games'], SEARCH_BOUNDS.games) ?? 100;
      const seed = seedOption(opts['seed']) ?? 1;
      const openingPlies = wholeNumberOption('--openings', opts['openings'], SEARCH_BOUNDS.openings) ?? 4;
      const maxPlies = wholeNumberOption('--max-plies', opts['maxPlies'], SEARCH_BOUNDS.maxPlies) ?? 400;
      const tools = await ai.setup(opts);
      const a = levelOf(tools.levels, String(opts['a']));
      const b = levelOf(tools.levels, String(opts['b']));
      const r = tools.match(a.id, b.id, {
        games,
        seed,
        openingPlies,
        maxPlies,
        onGame: (game) =>
          io.error.write(
            `game ${game.index + 1}/${games}: ${a.name} as ${game.aSeat === 0 ? 'first' : 'second'} player scores ${game.aPoints} (${game.reason}, ${game.plies} plies)\n`,
          ),
      });
      const e = estimateElo(r);
      const pct = (e.score * 100).toFixed(1);
      const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
      const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
      io.output.write(`${a.name} vs ${b.name}: +${r.wins} =${r.draws} -${r.losses} (score ${pct}%)\n`);
      io.output.write(`Elo difference: ${elo}${margin}\n`);
    });
}
