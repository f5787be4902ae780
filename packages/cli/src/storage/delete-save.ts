import { ok, type InputError, type Result } from '@tactica/core';
import type { Io } from '../io.js';
import { confirm } from '../terminal/line-reader.js';
import type { SaveEntry, SaveLibrary } from './save-library.js';

/** True when a person is at the keyboard: input comes from a terminal, not a pipe, a file or a test. */
function isInteractive(io: Io): boolean {
  return (io.input as { isTTY?: boolean }).isTTY === true;
}

/**
 * The `delete` command: deletes the save a reference names. At a terminal it first asks, naming the save's title
 * (a reference such as `2` may name another save than the one meant); `yes` or a script skips the question.
 * Answers `undefined` when the person says no.
 */
export async function deleteSave(
  io: Io,
  library: SaveLibrary,
  ref: string,
  game: string,
  options: { readonly yes?: boolean } = {},
): Promise<Result<SaveEntry | undefined, InputError>> {
  if (options.yes || !isInteractive(io)) return library.remove(ref, game);
  const removed = await library.removeConfirmed(ref, game, (e) =>
    confirm(io, `Delete the saved game "${e.title}" (${e.summary || 'no summary'})? It cannot be undone.`),
  );
  return removed.ok ? ok(removed.value) : removed;
}

/**
 * The `rename` command: renames the save a reference names. A title another save has is refused
 * (`store/title-taken`) unless the person agrees at a terminal to replace that save (the question names it), or
 * `replace` says so beforehand (`--yes`). Answers `undefined` when the person says no.
 */
export async function renameSave(
  io: Io,
  library: SaveLibrary,
  ref: string,
  title: string,
  game: string,
  options: { readonly yes?: boolean; readonly interactive?: boolean } = {},
): Promise<Result<SaveEntry | undefined, InputError>> {
  const asking = options.interactive ?? isInteractive(io);
  if (!options.yes && !asking) return library.rename(ref, title, game);
  const r = await library.renameReplacing(ref, title, game, (replaced) =>
    options.yes
      ? Promise.resolve(true)
      : confirm(
          io,
          `A saved game is already titled "${replaced.title}" (${replaced.summary || 'no summary'}). Replace it? ` +
            'It cannot be undone.',
        ),
  );
  if (!r.ok) return r;
  return ok(r.value?.renamed);
}

/**
 * In a play loop, before a save replaces another game's save of the same title (`SaveLibrary.saveAsking`): asks,
 * naming that save; only "y" or "yes" replaces it.
 */
export async function askReplace(
  ask: (question: string) => Promise<string | undefined>,
  replaced: SaveEntry,
): Promise<boolean> {
  const answer = await ask(
    `A saved game is already titled "${replaced.title}" (${replaced.summary || 'no summary'}). Replace it? [y/N] `,
  );
  return /^y(es)?$/i.test(answer?.trim() ?? '');
}
