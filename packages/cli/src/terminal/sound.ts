/**
 * The terminal's sound: the bell (BEL). Draughts Galore's sound modes (manual 3.2.2: "Off; Normal: sound at the end
 * of a game only; Annoying: sound after each move, and at the end of a game") and Force 400's beep at an illegal
 * move (manual, "Errors") ring it. It rings only when the output is a terminal: a file or a pipe gets no BEL.
 */
import type { Io } from '../io.js';

const BELL = '\x07';

export const SOUND_MODES = ['off', 'normal', 'annoying'] as const;
export type SoundMode = (typeof SOUND_MODES)[number];

export function ringBell(io: Io): void {
  if ((io.output as { isTTY?: boolean }).isTTY === true) io.output.write(BELL);
}
