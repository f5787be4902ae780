/** Players and ratings: a player looked up by name (ratings and games), and the leaderboard. */
import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from './api.js';
import type { HistoryGame } from './history.js';
import { Leaderboard, PlayerHistory, PlayerRatings } from './players.js';
import { me, openGame } from './session.js';

export function Profile() {
  const [name, setName] = useState(me.value?.name ?? '');
  const [profile, setProfile] = useState<Record<string, unknown> | undefined>();
  const [error, setError] = useState<string | undefined>();
  const look = (n: string) =>
    void api.user(n).then(
      (p) => {
        setProfile(p);
        setError(undefined);
      },
      (e: unknown) => setError(errorText(e)),
    );
  useEffect(() => look(name), []);
  const ratings = (profile?.['ratings'] ?? []) as readonly Record<string, unknown>[] | Record<string, unknown>;
  const list = Array.isArray(ratings)
    ? ratings
    : Object.entries(ratings).map(([family, r]) => ({ family, ...(r as object) }));
  return (
    <div class="online">
      <section aria-label="player profile">
        <form onSubmit={(e) => (e.preventDefault(), look(name))} class="row">
          <input value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} aria-label="player name" />
          <button type="submit">Look up</button>
        </form>
        {error && <p class="error">{error}</p>}
        {profile && (
          <>
            <h3>{String(profile['name'] ?? name)}: ratings</h3>
            <PlayerRatings ratings={list} />
            <h3>Games</h3>
            <PlayerHistory
              player={String(profile['name'] ?? name)}
              games={(profile['games'] as HistoryGame[] | undefined) ?? []}
              open={(id) => (openGame.value = id)}
            />
          </>
        )}
      </section>
      <Leaderboard
        look={(n) => {
          setName(n);
          look(n);
        }}
      />
    </div>
  );
}
