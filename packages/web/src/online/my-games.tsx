/**
 * My games: the player's saves on the server, their correspondence games and all their games, and a record imported
 * to the server to analyse.
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_FAMILIES, GAME_LISTINGS, type GameFamily } from '@tactica/catalogue';
import type { StoreListing } from '@tactica/core';
import { openSave } from '../app/state.js';
import { api, errorText, type GameSummary, type TimeControl } from './api.js';
import { GameTable } from './game-table.js';
import { familyName } from './listing-words.js';
import { serverStore } from './server-store.js';
import { me, openGame } from './session.js';

/**
 * The player's library of saved games on the server: the games saved with "Save on the server" from any device,
 * opened here to go on playing them in this browser.
 */
function ServerSaves() {
  const [listing, setListing] = useState<StoreListing | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void serverStore.list().then((r) => (r.ok ? setListing(r.value) : setError(r.error.message)));
  }, []);
  return (
    <section aria-label="saved on the server" class="server-saves">
      <h3>Saved on the server</h3>
      {error && <p class="error">{error}</p>}
      {listing && listing.games.length === 0 && (
        <p class="muted">No games saved here yet: “Save on the server” under a game puts it here.</p>
      )}
      {listing && listing.games.length > 0 && (
        <table>
          <tbody>
            {listing.games.map((g) => (
              <tr key={g.id} data-save={g.id}>
                <td>{familyName(g.family)}</td>
                <td>{g.title}</td>
                <td>{g.summary}</td>
                <td>{new Date(g.savedAt).toLocaleString()}</td>
                <td>
                  <button
                    type="button"
                    onClick={async () => {
                      const why = await openSave(g.id, 'server');
                      if (why) setError(why);
                    }}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {listing?.damaged.map((d) => (
        <p class="error" key={d.name}>
          {d.name}: {d.error.message}
        </p>
      ))}
    </section>
  );
}

/** A record (in any game's notation) sent to the server, which opens it as a game with both sides the player's. */
function ImportRecord(props: { onError: (message: string) => void }) {
  const [family, setFamily] = useState<GameFamily>(GAME_FAMILIES[0]);
  const [text, setText] = useState('');
  return (
    <section aria-label="import a record">
      <h3>Import a record to the server</h3>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            const v = await api.importRecord({ family, text });
            openGame.value = v.id;
          } catch (err) {
            props.onError(errorText(err));
          }
        }}
      >
        <select
          value={family}
          onChange={(e) => setFamily((e.target as HTMLSelectElement).value as GameFamily)}
          aria-label="game"
        >
          {GAME_LISTINGS.map((g) => (
            <option key={g.family} value={g.family}>
              {g.name}
            </option>
          ))}
        </select>
        <textarea
          rows={5}
          style="width:100%"
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          aria-label="record text"
        />
        <button type="submit">Import and analyse (both sides yours)</button>
      </form>
    </section>
  );
}

export function MyGames() {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (me.value) void api.games(me.value.name).then(setGames, (e: unknown) => setError(errorText(e)));
  }, []);
  const correspondence = games.filter((g) => (g['control'] as TimeControl | undefined)?.kind === 'correspondence');
  return (
    <div class="online">
      {error && <p class="error">{error}</p>}
      <ServerSaves />
      <section aria-label="correspondence games">
        <h3>Correspondence games</h3>
        <GameTable games={correspondence} />
      </section>
      <section aria-label="my games">
        <h3>All my games</h3>
        <GameTable games={games} />
      </section>
      <ImportRecord onError={setError} />
    </div>
  );
}
