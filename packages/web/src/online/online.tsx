/**
 * Online play through `tactica serve`: the online section's router. It checks that a server answers, signs the
 * player in (`sign-in.tsx`), opens a game when one is chosen, started or linked (`online-game.tsx`), and otherwise
 * shows the section's tabs: the lobby (`lobby.tsx`), My games (`my-games.tsx`), tournaments (`tournaments.tsx`),
 * players and ratings (`profile.tsx`) and the account (`account.tsx`). Their shared state is `session.ts`.
 */
import { signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { useWatch } from '../app/use-watch.js';
import { Account } from './account.js';
import { api, type CatalogueGame } from './api.js';
import { Lobby } from './lobby.js';
import { MyGames } from './my-games.js';
import { OnlineGame } from './online-game.js';
import { Profile } from './profile.js';
import { me, openGame, serverProblem, startedElsewhere, useStartedGames } from './session.js';
import { SignIn } from './sign-in.js';
import { Tournaments } from './tournaments.js';

const TAB_WORDS = {
  lobby: 'Lobby',
  games: 'My games',
  tournaments: 'Tournaments',
  profile: 'Players and ratings',
  account: 'Account',
} as const;
const tab = signal<'lobby' | 'games' | 'tournaments' | 'profile' | 'account'>('lobby');

export function OnlineScreen() {
  useWatch(() => [me.value, serverProblem.value, openGame.value, tab.value, startedElsewhere.value]);
  const [catalogue, setCatalogue] = useState<readonly CatalogueGame[]>([]);
  useStartedGames(!!me.value);
  useEffect(() => {
    void api.health().then(
      () => {
        serverProblem.value = undefined;
        void api.catalogue().then(setCatalogue, () => undefined);
        void api.account().then(
          (u) => (me.value = u),
          () => (me.value = null),
        );
      },
      () =>
        (serverProblem.value =
          'No Tactica server answers here. Online play needs the app served by `tactica serve` (npm start); offline games work without one.'),
    );
    // A shared link (`#online/game/12`) opens its game, also when the app is open already.
    const follow = () => {
      const fromHash = /^#online\/game\/(\d+)$/.exec(location.hash);
      if (fromHash) openGame.value = Number(fromHash[1]);
    };
    follow();
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    const id = openGame.value;
    const hash = id === undefined ? '#online' : `#online/game/${id}`;
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }, [openGame.value]);
  if (serverProblem.value) return <p class="error">{serverProblem.value}</p>;
  const other = startedElsewhere.value;
  const startedNote = other !== undefined && other !== openGame.value && (
    <p class="started-note" role="alert">
      Your challenge was accepted: game #{other} has begun.{' '}
      <button
        type="button"
        class="primary"
        onClick={() => {
          startedElsewhere.value = undefined;
          openGame.value = other;
        }}
      >
        Open it
      </button>
    </p>
  );
  if (openGame.value !== undefined)
    return (
      <>
        {startedNote}
        <OnlineGame id={openGame.value} key={openGame.value} />
      </>
    );
  if (me.value === undefined) return <p>Connecting…</p>;
  if (me.value === null) return <SignIn />;
  return (
    <div class="online-home">
      <nav class="row" aria-label="online">
        {(['lobby', 'games', 'tournaments', 'profile', 'account'] as const).map((t) => (
          <button type="button" key={t} aria-current={tab.value === t} onClick={() => (tab.value = t)}>
            {TAB_WORDS[t]}
          </button>
        ))}
        <span class="muted">Signed in as {me.value.name}</span>
      </nav>
      {tab.value === 'lobby' && <Lobby catalogue={catalogue} />}
      {tab.value === 'games' && <MyGames />}
      {tab.value === 'tournaments' && (
        <Tournaments me={me.value.name} catalogue={catalogue} open={(id) => (openGame.value = id)} />
      )}
      {tab.value === 'profile' && <Profile />}
      {tab.value === 'account' && <Account />}
    </div>
  );
}
