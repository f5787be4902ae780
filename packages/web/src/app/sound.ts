/**
 * Sound as Draughts Galore offers it (manual 3.2.2, "Sound mode"): off; normal, at the end of a game only; loud
 * ("Annoying"), after each move too. Tones are made with the Web Audio API, so nothing is downloaded.
 */
export const SOUND_MODES = ['off', 'normal', 'loud'] as const;
export type SoundMode = (typeof SOUND_MODES)[number];

/** `start`: an online game of yours has begun (someone accepted your challenge); heard in normal mode too. */
export type SoundEvent = 'move' | 'end' | 'illegal' | 'start';

let context: AudioContext | undefined;
/** Every tone played, for the e2e test to hear: [event, time]. */
const played: [SoundEvent, number][] = [];

function tone(ctx: AudioContext, freq: number, start: number, length: number, volume: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** Plays the sound of an event, if the mode has one for it. */
export function sound(mode: SoundMode, event: SoundEvent): boolean {
  if (mode === 'off' || (mode === 'normal' && event !== 'end' && event !== 'start')) return false;
  const Ctor = globalThis.AudioContext;
  if (typeof Ctor !== 'function') return false;
  context ??= new Ctor();
  const ctx = context;
  if (ctx.state === 'suspended') void ctx.resume();
  const t = ctx.currentTime + 0.01;
  if (event === 'move') tone(ctx, 660, t, 0.08, 0.25);
  else if (event === 'illegal') tone(ctx, 220, t, 0.12, 0.2);
  else if (event === 'start') [440, 660].forEach((f, i) => tone(ctx, f, t + i * 0.12, 0.18, 0.3));
  else [523, 659, 784, 1047].forEach((f, i) => tone(ctx, f, t + i * 0.14, 0.22, 0.3));
  played.push([event, Date.now()]);
  (globalThis as { __tacticaSounds?: number }).__tacticaSounds = played.length;
  return true;
}
