/**
 * The online section's shared state: who is signed in, whether a server answers, which game is open, and the one
 * stream to the server that every screen listens on. The screens read and set these signals; the section's router
 * (`online.tsx`) shows the screen they call for.
 */
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { settings } from '../app/state.js';
import { sound } from '../app/sound.js';
import type { User } from './api.js';
import { Stream } from './stream.js';

/** The signed-in player: undefined while the server is asked, null when nobody is signed in. */
export const me = signal<User | null | undefined>(undefined);
export const serverProblem = signal<string | undefined>(undefined);
export const openGame = signal<number | undefined>(undefined);
let stream: Stream | undefined;

export function streamOf(): Stream {
  if (!stream) {
    stream = new Stream();
    stream.connect();
  }
  return stream;
}

/** Closes the stream when the player signs in or out: the next one is opened as the new player. */
export function closeStream(): void {
  stream?.close();
  stream = undefined;
}

/**
 * Issue 39: when someone accepts this player's challenge, the server says so on the stream (`started`), and the game
 * opens at once with a sound and, if the browser allows it, a notification — the challenger's clock may be running.
 * A game of theirs already open stays: the new one is offered beside it.
 */
export const startedElsewhere = signal<number | undefined>(undefined);
/** Whether the open game is over: a game that begins then (a rematch accepted) replaces it at once. */
export const openGameOver = signal(false);

function gameStarted(id: number): void {
  sound(settings.value.sound, 'start');
  if (typeof Notification === 'function' && Notification.permission === 'granted' && document.hidden) {
    try {
      new Notification('Tactica: your game has begun', { body: `Your challenge was accepted: game #${id}.` });
    } catch {
      // A browser that only notifies from a service worker: the sound and the open game remain.
    }
  }
  if (openGame.value === undefined || openGame.value === id || openGameOver.value) openGame.value = id;
  else startedElsewhere.value = id;
}

export function useStartedGames(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    return streamOf().on((m) => {
      if (m.type === 'started') gameStarted(m.game);
    });
  }, [signedIn]);
}

/** Asked once, when the player posts a challenge (a click: browsers ask only then), so that its start can notify. */
export function askToNotify(): void {
  if (typeof Notification === 'function' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}
