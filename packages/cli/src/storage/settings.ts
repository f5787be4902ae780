/**
 * The user's settings file, `$TACTICA_HOME/settings.json` (else `~/.tactica/settings.json`): what a game's program
 * keeps between sessions (Draughts Galore's settings panel, manual 3.2.1: "your preferences are saved"; Tactorus's
 * colour theme, "Game->Options"). One JSON object with a section per game, each a flat object of choices:
 *
 *   { "format": "tactica-settings", "formatVersion": 1, "draughts": { "rules": "english", "sound": "normal" } }
 *
 * Reading never fails: a missing file gives the defaults, and a damaged one (not JSON, another format, a section
 * that is not an object of choices, a value not among a setting's choices) is reported, naming the file and what is
 * wrong, and the defaults stand in for what cannot be read. The next save replaces it with a good file.
 *
 * Writing goes through the atomic writer under the home directory's lock, and writes only the values it is given
 * into the file as it is then: two programs saving their settings at once lose neither's.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { errorCode, writeTextFileAtomic } from './atomic-write.js';
import { withLock, type LockOptions } from './library-lock.js';

const SETTINGS_FORMAT = 'tactica-settings';
const FORMAT_VERSION = 1;
/** Settings are a few short choices: a file much larger than this is not one the program wrote. */
const MAX_BYTES = 64 * 1024;

/** `$TACTICA_HOME`, else `~/.tactica`: where the save library, the settings and the game server's data live. */
export function tacticaHome(): string {
  return process.env['TACTICA_HOME'] ?? join(homedir(), '.tactica');
}

export function settingsPath(home: string = tacticaHome()): string {
  return join(home, 'settings.json');
}

/** One game's settings as the file holds them: names to choices. */
export type SettingsSection = Readonly<Record<string, string>>;

export interface LoadedSettings {
  readonly sections: Readonly<Record<string, SettingsSection>>;
  /** What could not be read, naming the file (the defaults stand in for it); undefined when all is well. */
  readonly problems: readonly string[];
}

/** A setting: its choices, the first being the default unless `default` says otherwise. */
interface SettingSpec {
  readonly choices: readonly string[];
  readonly default: string;
}

export type SectionSpec<K extends string> = Readonly<Record<K, SettingSpec>>;

interface Parsed {
  readonly sections: Record<string, SettingsSection>;
  readonly problem?: string;
}

function parseSettings(path: string, text: string): Parsed {
  const damaged = (why: string): Parsed => ({
    sections: {},
    problem: `the settings file ${path} is damaged (${why}); the defaults are used, and the next save replaces it`,
  });
  if (text.length > MAX_BYTES) return damaged(`${text.length} bytes: not a settings file`);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return damaged(text.trim() === '' ? 'it is empty' : `not valid JSON: ${(e as Error).message}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return damaged('not a JSON object');
  const o = v as Record<string, unknown>;
  if (o['format'] !== SETTINGS_FORMAT) return damaged(`"format" is not "${SETTINGS_FORMAT}"`);
  if (o['formatVersion'] !== FORMAT_VERSION) return damaged(`"formatVersion" is not ${FORMAT_VERSION}`);
  const sections: Record<string, SettingsSection> = {};
  const bad: string[] = [];
  for (const [name, section] of Object.entries(o)) {
    if (name === 'format' || name === 'formatVersion') continue;
    if (typeof section !== 'object' || section === null || Array.isArray(section)) {
      bad.push(`"${name}" is not an object`);
      continue;
    }
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(section as Record<string, unknown>)) {
      if (typeof value === 'string' && value.length <= 200) values[key] = value;
      else bad.push(`"${name}.${key}" is not a short text`);
    }
    sections[name] = values;
  }
  return bad.length ? { sections, problem: damaged(bad.join(', ')).problem as string } : { sections };
}

/** The settings file as it is now (the defaults, with the reason, when it cannot be read). */
export function readSettings(path: string = settingsPath()): LoadedSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return { sections: {}, problems: [] };
    return { sections: {}, problems: [`the settings file ${path} cannot be read (${(e as Error).message})`] };
  }
  const parsed = parseSettings(path, text);
  return { sections: parsed.sections, problems: parsed.problem ? [parsed.problem] : [] };
}

/**
 * One game's settings: each name's choice from the file when it is one of the setting's choices, else its default
 * (a value that is not a choice is reported, naming the file, the setting and the value).
 */
export function readSection<K extends string>(
  loaded: LoadedSettings,
  section: string,
  spec: SectionSpec<K>,
  path: string = settingsPath(),
): { readonly values: Record<K, string>; readonly problems: readonly string[] } {
  const stored = loaded.sections[section] ?? {};
  const problems = [...loaded.problems];
  const values = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) {
    const s = spec[key];
    const value = stored[key];
    if (value !== undefined && s.choices.includes(value)) values[key] = value;
    else {
      if (value !== undefined) {
        problems.push(
          `the settings file ${path}: ${section}.${key} is "${value.slice(0, 40)}", not one of ${s.choices.join(', ')}; ${s.default} is used`,
        );
      }
      values[key] = s.default;
    }
  }
  return { values, problems };
}

/**
 * Saves some of one game's settings: under the lock of the settings file's directory, the file as it is now (or
 * nothing, when it is damaged) with these values set, written atomically. What another program saved in between,
 * in this section or another, stays.
 */
export function writeSection(
  section: string,
  values: SettingsSection,
  path: string = settingsPath(),
  lockOptions: LockOptions = {},
): Result<void, InputError> {
  const dir = dirname(path);
  const failed = (e: unknown): Result<void, InputError> =>
    err(
      inputError('settings/io', `the settings could not be saved to ${path}: ${(e as Error).message}`, {
        input: path,
      }),
    );
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return withLock(
      dir,
      () => {
        let text: string | undefined;
        try {
          text = readFileSync(path, 'utf8');
        } catch (e) {
          if (errorCode(e) !== 'ENOENT') throw e;
        }
        const now = text === undefined ? { sections: {} } : parseSettings(path, text);
        const sections = { ...now.sections, [section]: { ...now.sections[section], ...values } };
        const file = { format: SETTINGS_FORMAT, formatVersion: FORMAT_VERSION, ...sections };
        writeTextFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
        return ok(undefined);
      },
      lockOptions,
    );
  } catch (e) {
    if (errorCode(e) === undefined) throw e;
    return failed(e);
  }
}
