/**
 * The player to move is told when it becomes their turn while they look elsewhere: a sound (with every move, as
 * offline) and, when the page is hidden and the browser allows it, a notification — a live clock may be running.
 */
import type { GameView } from '@tactica/server/protocol';

/**
 * Whether `after`, a newer view of the game than `before`, began a turn of the viewer's: the game goes on and they
 * act now where they did not. The first view of a game (nothing before it) began nothing: the page was just opened.
 */
export function turnBegan(before: GameView | undefined, after: GameView): boolean {
  const me = after.viewer;
  if (before === undefined || me === null || before.version >= after.version) return false;
  return after.status === 'active' && after.toAct.includes(me) && !before.toAct.includes(me);
}

/** The notification's words for the turn that began in `view`. */
export function turnNotice(view: GameView): { readonly title: string; readonly body: string } {
  const me = view.viewer ?? 0;
  const other = view.players[me === 0 ? 1 : 0];
  const opponent = other.name ?? (other.level ? `The computer (${other.level})` : 'Your opponent');
  return { title: 'Tactica: your move', body: `${opponent} has moved in game #${view.id} (${view.name}).` };
}

/** Shows the turn's notification if the page is hidden and notifications are allowed; false when it could not. */
export function notifyTurn(view: GameView): boolean {
  if (typeof Notification !== 'function' || Notification.permission !== 'granted' || !document.hidden) return false;
  try {
    const { title, body } = turnNotice(view);
    new Notification(title, { body, tag: `tactica-game-${view.id}` });
    return true;
  } catch {
    // A browser that notifies only from a service worker: the sound remains.
    return false;
  }
}
