/**
 * `tactica hub`: the draughts engine speaking the Hub protocol (version 2, as Scan 3 by Fabien Letouzey speaks it)
 * on stdin/stdout, so any Hub GUI or driver can play it. Lines have the form `<command> <name>=<value> ...`, values
 * quoted with double quotes when they hold spaces.
 *
 *   hub                       → id name=Tactica ..., param ... (variant, level, threads), wait
 *   set-param name=variant value=normal|losing        International draughts, normal or give-away ("losing")
 *   set-param name=level value=dumb|...|master        the computer level (default master, the strongest)
 *   set-param name=threads value=N                    search threads (default the engine's: the cores, at most 8)
 *   init                      → ready
 *   new-game                  forget what earlier searches learnt
 *   pos [start] [pos=<W|B + 50 of w b W B e>] [moves="32-28 19x28x23 ..."]
 *   level depth=N | nodes=N | move-time=S | [moves=N] time=S [inc=S] | infinite
 *   go think | go ponder | go analyze   → info ... lines, then done move=<move> [ponder=<move>]
 *   ping → pong (also while searching); stop; ponder-hit; quit
 *
 * Moves are written as Hub writes them: `32-28`, and captures as the start, the end and every taken piece,
 * `28x19x23`. The search runs in a worker thread (`@tactica/ai/node-worker`), so `stop`, `ping` and `ponder-hit`
 * are obeyed while it thinks; lines other than those wait until the search has answered. Variants Scan offers that
 * this engine does not play (killer, bt, frisian) are refused with an `error` line, as is any bad line, position or
 * move.
 *
 * The protocol's text is hub/protocol.ts, its commands one handler each in hub/verbs.ts, the engine's side of the
 * session (position, limits, the search under way) hub/host.ts; here the lines are read and queued.
 */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { Io } from '../../io.js';
import { HubHost, type HubOptions } from './hub/host.js';

export type { HubOptions } from './hub/host.js';
export {
  formatHubPosition,
  hubMove,
  hubMoveTime,
  parseHubLine,
  parseHubPosition,
  readHubMove,
} from './hub/protocol.js';

/** Runs the protocol until `quit` or the end of the input. */
export function runHub(io: Io, options: HubOptions = {}): Promise<void> {
  const host = new HubHost(io, options);
  return new Promise<void>((resolve) => {
    const rl = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
    const queue: string[] = [];
    let pumping = false;
    let finished = false;
    const finish = async (): Promise<void> => {
      if (finished) return;
      finished = true;
      rl.close();
      await host.close();
      resolve();
    };
    const pump = async (): Promise<void> => {
      if (pumping) return;
      pumping = true;
      while (queue.length > 0 && !finished) {
        const line = queue.shift() as string;
        if ((await host.handle(line)) === 'quit') {
          await finish();
          return;
        }
      }
      pumping = false;
      if (host.closed) await finish();
    };
    rl.on('line', (line) => {
      if (finished) return;
      // The only commands a search listens to (Hub protocol) are obeyed at once; the others wait their turn.
      if (host.interrupt(line)) return;
      queue.push(line);
      void pump();
    });
    rl.on('close', () => {
      // The GUI has gone (Hub protocol: quit as directly as possible). A search with limits finishes and the lines
      // already read are answered (a script piped in is played to its end); a search without limits stops now.
      host.inputClosed();
      if (!pumping) void finish();
    });
  });
}

/** `tactica hub`, registered through the draughts `GameCli`'s `extra` hook. */
export function configureHub(program: Command, io: Io): void {
  program
    .command('hub')
    .description(
      'the draughts engine on stdin/stdout in the Hub protocol (as Scan speaks it): International, normal or losing',
    )
    .option('--no-book', 'play without the opening book (by default each level uses its own setting)')
    .action((opts: { book: boolean }) => runHub(io, { noBook: !opts.book }));
}
