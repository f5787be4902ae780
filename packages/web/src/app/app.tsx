/** The app shell: the header (screens, settings), the screen shown, the new-game dialog, files dropped on the page. */
import { lazy, Suspense } from 'preact/compat';
import { useEffect, useState } from 'preact/hooks';
import { GAME_FAMILIES, isGameFamily, type GameFamily } from '@tactica/catalogue';

/** The game the site's help opens on when no game is being played: the first of the menu. */
const FIRST_GAME = GAME_FAMILIES[0];
import { GameScreen } from './game-screen.js';
import { HelpScreen } from './help.js';
import { Home, openFile } from './home.js';
import { NewGameDialog } from './new-game.js';
import { SOUND_MODES, type SoundMode } from './sound.js';
import {
  alert,
  busy,
  current,
  go,
  hasCurrent,
  resumeCurrent,
  route,
  setSettings,
  settings,
  type Route,
} from './state.js';
import { useWatch } from './use-watch.js';

const Online = lazy(async () => ({ default: (await import('../online/online.js')).OnlineScreen }));

function routeOf(hash: string): Route {
  const h = hash.replace(/^#/, '');
  if (h === 'online' || h.startsWith('online/')) return { screen: 'online' };
  if (h.startsWith('help/')) {
    const f = h.slice(5);
    if (isGameFamily(f) || f === 'site') return { screen: 'help', family: f };
  }
  if (h === 'game') return { screen: 'game' };
  return { screen: 'home' };
}

function Settings() {
  const s = settings.value;
  return (
    <div class="settings" role="group" aria-label="settings">
      <label>
        Sound{' '}
        <select
          value={s.sound}
          onChange={(e) => setSettings({ sound: (e.target as HTMLSelectElement).value as SoundMode })}
          aria-label="sound"
        >
          {SOUND_MODES.map((m) => (
            <option value={m} key={m}>
              {m === 'off' ? 'Off' : m === 'normal' ? 'Normal (at the end)' : 'Loud (every move)'}
            </option>
          ))}
        </select>
      </label>
      <label>
        Board view{' '}
        <select
          value={s.boardView}
          onChange={(e) => setSettings({ boardView: (e.target as HTMLSelectElement).value as 'first' | 'viewer' })}
          aria-label="board view"
        >
          <option value="viewer">My side at the bottom</option>
          <option value="first">First player at the bottom</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={s.animation}
          onChange={(e) => setSettings({ animation: (e.target as HTMLInputElement).checked })}
        />{' '}
        Animate
      </label>
      <button
        type="button"
        onClick={() => setSettings({ theme: s.theme === 'dark' ? 'light' : 'dark' })}
        aria-label="switch light and dark theme"
      >
        {s.theme === 'dark' ? '☀ Light' : '☾ Dark'}
      </button>
    </div>
  );
}

export function App() {
  const [newGame, setNewGame] = useState<GameFamily | undefined>();
  const [dragging, setDragging] = useState(false);
  useWatch(() => [route.value, current.value, alert.value, busy.value, settings.value]);

  useEffect(() => {
    const first = routeOf(location.hash);
    if (hasCurrent()) {
      void resumeCurrent().then((ok) => {
        if (!ok || first.screen !== 'home') go(first.screen === 'game' && !ok ? { screen: 'home' } : first);
      });
    } else go(first.screen === 'game' ? { screen: 'home' } : first);
    const onHash = () => (route.value = routeOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const r = route.value;
  const game = current.value;
  const a = alert.value;
  return (
    <div
      class={`app${dragging ? ' dropping' : ''}`}
      onDragOver={(e) => {
        if (e.dataTransfer?.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        const f = e.dataTransfer?.files[0];
        setDragging(false);
        if (f) {
          e.preventDefault();
          void openFile(f);
        }
      }}
    >
      <header class="top">
        <h1>
          <a href="#" onClick={(e) => (e.preventDefault(), go({ screen: 'home' }))}>
            Tactica
          </a>
        </h1>
        <nav aria-label="screens">
          <button type="button" aria-current={r.screen === 'home'} onClick={() => go({ screen: 'home' })}>
            Games
          </button>
          {game && (
            <button type="button" aria-current={r.screen === 'game'} onClick={() => go({ screen: 'game' })}>
              Current game
            </button>
          )}
          <button type="button" aria-current={r.screen === 'online'} onClick={() => go({ screen: 'online' })}>
            Online
          </button>
          <button
            type="button"
            aria-current={r.screen === 'help'}
            onClick={() => go({ screen: 'help', family: game?.family ?? FIRST_GAME })}
          >
            Help
          </button>
        </nav>
        <Settings />
      </header>
      {a && (
        <div class={`alert alert-${a.kind}`} role="alert">
          <span>{a.text}</span>
          <button type="button" aria-label="dismiss" onClick={() => (alert.value = undefined)}>
            ×
          </button>
        </div>
      )}
      {busy.value && (
        <div class="busy" role="status">
          {busy.value}
        </div>
      )}
      <main>
        {r.screen === 'home' && <Home onNew={setNewGame} />}
        {r.screen === 'game' && game && <GameScreen key={game.id} game={game} onNew={() => setNewGame(game.family)} />}
        {r.screen === 'game' && !game && <Home onNew={setNewGame} />}
        {r.screen === 'help' && <HelpScreen family={r.family} />}
        {r.screen === 'online' && (
          <Suspense fallback={<p>Loading…</p>}>
            <Online />
          </Suspense>
        )}
      </main>
      {newGame && <NewGameDialog family={newGame} onClose={() => setNewGame(undefined)} />}
    </div>
  );
}
