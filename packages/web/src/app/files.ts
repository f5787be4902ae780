/**
 * Games to and from files: a download of the game (the platform's stored game, JSON) or of its record in any of
 * the game's record formats (PDN for draughts), and a file opened or dropped, read as either. Nothing read from a
 * file is trusted: every failure is a coded error with a message, and the game in progress is left as it was.
 */
import {
  GAME_FAMILIES,
  loadEntry,
  readStoredGame,
  restoreWith,
  type AnyGameEntry,
  type RecordFormatInfo,
  type RestoredGame,
} from '@tactica/catalogue';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';

/** The largest file opened (a record of thousands of moves is far smaller). */
const MAX_FILE_BYTES = 2_000_000;

export function download(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function safeName(text: string): string {
  return (
    text
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'game'
  );
}

export interface OpenedFile {
  readonly name: string;
  readonly text: string;
}

export async function readFile(file: File): Promise<Result<OpenedFile, InputError>> {
  if (file.size > MAX_FILE_BYTES) {
    return err(
      inputError('file/too-large', `${file.name} is ${file.size} bytes; a game file is at most ${MAX_FILE_BYTES}`),
    );
  }
  try {
    const text = await file.text();
    if (text.includes('\u0000')) return err(inputError('file/binary', `${file.name} is not a text file`));
    return ok({ name: file.name, text });
  } catch (e) {
    return err(inputError('file/unreadable', `${file.name} could not be read: ${(e as Error).message}`));
  }
}

/** A file's contents read as a game: a stored game (JSON), or a record of the family its extension names. */
export type ReadGame =
  | { readonly kind: 'stored'; readonly restored: RestoredGame }
  | {
      readonly kind: 'record';
      readonly entry: AnyGameEntry;
      readonly format: RecordFormatInfo;
      readonly record: Awaited<ReturnType<AnyGameEntry['importRecord']>> extends Result<infer R, InputError>
        ? R
        : never;
    };

function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name);
  return m ? (m[1] as string).toLowerCase() : '';
}

export async function readGameFile(file: OpenedFile, prefer?: AnyGameEntry): Promise<Result<ReadGame, InputError>> {
  const text = file.text.replace(/^\uFEFF/, '');
  if (/^\s*\{/.test(text)) {
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch (e) {
      return err(inputError('file/bad-json', `${file.name} looks like JSON but is not: ${(e as Error).message}`));
    }
    const inner =
      (json as { format?: unknown; stored?: unknown }).format === 'tactica-web-game'
        ? (json as { stored: unknown }).stored
        : json;
    const read = readStoredGame(inner);
    if (!read.ok) return err(inputError(read.error.code, `${file.name}: ${read.error.message}`));
    let entry: AnyGameEntry;
    try {
      entry = await loadEntry(read.value.family);
    } catch (e) {
      return err(inputError('file/unavailable', `${file.name}: ${(e as Error).message}`));
    }
    const restored = restoreWith(entry, read.value);
    if (!restored.ok) return err(inputError(restored.error.code, `${file.name}: ${restored.error.message}`));
    return ok({ kind: 'stored', restored: restored.value });
  }
  const ext = extensionOf(file.name);
  const tried: string[] = [];
  const candidates: AnyGameEntry[] = [];
  if (prefer) candidates.push(prefer);
  for (const family of GAME_FAMILIES) {
    if (prefer?.family === family) continue;
    try {
      candidates.push(await loadEntry(family));
    } catch {
      // a game not in the catalogue yet has no records to read
    }
  }
  let firstError: InputError | undefined;
  for (const entry of candidates) {
    for (const format of entry.records) {
      if (ext !== '' && format.extension !== ext && !(ext === 'txt' && entry === prefer)) continue;
      tried.push(format.name);
      const r = await entry.importRecord(format.id, text);
      if (r.ok) return ok({ kind: 'record', entry, format, record: r.value });
      firstError ??= r.error;
    }
  }
  if (firstError) {
    const where =
      firstError.line !== undefined
        ? ` (line ${firstError.line}${firstError.column !== undefined ? `, column ${firstError.column}` : ''})`
        : '';
    return err(
      inputError(
        firstError.code,
        `${file.name} could not be read as ${tried.join(' or ')}: ${firstError.message}${where}`,
      ),
    );
  }
  return err(
    inputError(
      'file/unknown-kind',
      `${file.name}: not a Tactica game (.json) nor a record this app reads (${candidates.flatMap((e) => e.records.map((r) => `.${r.extension}`)).join(', ')})`,
    ),
  );
}
