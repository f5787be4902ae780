/**
 * Draughts Galore's settings panel (manual 3.2.2), kept between sessions in the user's settings file (section
 * `draughts`): "your preferences are saved in a database … Settings are saved each time when you start a game".
 * The `tactica play` menu asks each one with the saved choice as its default and saves the answers when the game
 * starts; `tactica play draughts` takes the board view and sound from them unless its flags say otherwise **(ours)**.
 */
import { VARIANT_IDS } from '@tactica/draughts';
import { draughtsEntry } from '@tactica/catalogue/draughts';
import type { Io } from '../../io.js';
import { readSection, readSettings, writeSection, type SectionSpec } from '../../storage/settings.js';
import { SOUND_MODES } from '../../terminal/sound.js';

const SECTION = 'draughts';

export const BOARD_VIEWS = ['human', 'white'] as const;

const SPEC = {
  /** Rules (manual: "International" first, the default). */
  rules: { choices: VARIANT_IDS, default: 'international' },
  giveaway: { choices: ['no', 'yes'], default: 'no' },
  timeMode: { choices: ['auto', 'move', 'game'], default: 'auto' },
  timeLimit: { choices: ['off', 'normal', 'blitz'], default: 'off' },
  /** "1st move: Human, Computer". */
  firstMove: { choices: ['human', 'computer'], default: 'human' },
  /** "My skill": the computer's level. */
  skill: { choices: draughtsEntry.levels.map((l) => l.id), default: 'average' },
  /** Whom the menu offers as the opponent first: the computer (the manual's only one) or a person **(ours)**. */
  opponent: { choices: ['person', 'computer'], default: 'person' },
  /** "Board view: White, Human". */
  boardView: { choices: BOARD_VIEWS, default: 'human' },
  /** "Sound mode: Off, Normal, Annoying" (Normal: "my favourite, and therefore the default"). */
  sound: { choices: SOUND_MODES, default: 'normal' },
} as const satisfies SectionSpec<string>;

type DraughtsSettingName = keyof typeof SPEC;
export type DraughtsSettings = Record<DraughtsSettingName, string>;

/** The saved settings (defaults where there are none); what cannot be read is reported on `io`'s error stream. */
export function loadDraughtsSettings(io: Io): DraughtsSettings {
  const { values, problems } = readSection(readSettings(), SECTION, SPEC);
  for (const p of problems) io.error.write(`tactica: ${p}\n`);
  return values;
}

/** Saves the settings; a failure is reported and the game goes on. */
export function saveDraughtsSettings(io: Io, settings: Partial<DraughtsSettings>): void {
  const r = writeSection(SECTION, settings as Record<string, string>);
  if (!r.ok) io.error.write(`tactica: ${r.error.message}\n`);
}
