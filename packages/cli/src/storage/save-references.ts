import { err, inputError, ok, quoteForMessage, titleKey, type InputError, type Result } from '@tactica/core';

/**
 * How people name a save (ours), tried in this order:
 *
 * 1. `#N` — entry N of the list, always (`#` is never read as part of a title here);
 * 2. a title — the save with exactly that title (case and spacing aside), even when the title is a number;
 * 3. `N` — entry N of the list, when no save has the title `N`;
 * 4. the save's id.
 *
 * So `delete 2` deletes the save titled "2" if there is one, and entry 2 of the list otherwise; `delete #2`
 * deletes entry 2 in any case. In a shell, quote `#2` (`'#2'`): unquoted, `#` starts a comment.
 *
 * "The list" is the one last shown to the person (`shown`), when there is one: a number names what they saw under
 * it, even when saves were made or deleted since (no renumbering surprise). A save of that list that is gone since
 * is refused (`save/gone`), never replaced by the one that moved up to its number.
 */
export const SAVE_REFERENCE_HELP = 'a title, #N for entry N of the list, or N when no save is titled N';

/** A list as it was shown: each entry's id and title, in the order numbered. */
export type ShownList = readonly { readonly id: string; readonly title: string }[];

export function resolveReference<E extends { readonly id: string; readonly title: string }>(
  entries: readonly E[],
  reference: string,
  shown?: ShownList,
): Result<E, InputError> {
  const ref = reference.replace(/\s+/g, ' ').trim();
  if (!ref) return err(inputError('save/no-reference', `name a save: ${SAVE_REFERENCE_HELP}`));
  const numbered = /^#\s*(\d+)$/.exec(ref);
  if (numbered)
    return shown
      ? byShownNumber(entries, shown, Number(numbered[1]), ref)
      : byNumber(entries, Number(numbered[1]), ref);
  const key = titleKey(ref);
  const titled = entries.flatMap((e, i) => (titleKey(e.title) === key ? [i] : []));
  if (titled.length === 1) return ok(entries[titled[0] as number] as E);
  if (titled.length > 1) {
    // Only saves made before titles were unique can share one.
    const numbers = titled.map((i) => `#${i + 1}`).join(', ');
    return err(
      inputError('save/ambiguous', `${titled.length} saves are titled ${quoteForMessage(ref)}: use ${numbers}`),
    );
  }
  if (/^\d+$/.test(ref))
    return shown ? byShownNumber(entries, shown, Number(ref), ref) : byNumber(entries, Number(ref), ref);
  const byId = entries.find((e) => e.id === ref);
  if (byId) return ok(byId);
  return err(inputError('save/not-found', `no save is titled ${quoteForMessage(ref)}`, { input: ref }));
}

function byNumber<E>(entries: readonly E[], n: number, ref: string): Result<E, InputError> {
  const e = entries[n - 1];
  if (e !== undefined && n >= 1) return ok(e);
  const size = entries.length === 0 ? 'the list is empty' : `the list has ${entries.length}`;
  return err(inputError('save/not-found', `there is no save number ${n}: ${size}`, { input: ref }));
}

function byShownNumber<E extends { readonly id: string }>(
  entries: readonly E[],
  shown: ShownList,
  n: number,
  ref: string,
): Result<E, InputError> {
  const seen = shown[n - 1];
  if (seen === undefined || n < 1) {
    const size = shown.length === 0 ? 'the list shown last was empty' : `the list shown last had ${shown.length}`;
    return err(inputError('save/not-found', `there is no save number ${n}: ${size}`, { input: ref }));
  }
  const e = entries.find((x) => x.id === seen.id);
  if (e) return ok(e);
  return err(
    inputError(
      'save/gone',
      `save number ${n} of the list shown last, ${quoteForMessage(seen.title)}, is no longer in the library; list the saves again`,
      { input: ref },
    ),
  );
}
