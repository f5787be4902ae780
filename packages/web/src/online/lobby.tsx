/**
 * The lobby: quick pairing, the open seeks and challenges (live over the stream), the games in progress, who is
 * online, and the form for a new game.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type CatalogueGame, type Challenge, type GameSummary } from './api.js';
import { ChallengeForm } from './challenge-form.js';
import { GameTable } from './game-table.js';
import { controlText, familyName, optionsText } from './listing-words.js';
import { QuickPairing } from './quick-pairing.js';
import { askToNotify, me, openGame, streamOf } from './session.js';

/** How often the lobby reads its games in progress again, for whose turn it is in each **(ours)**. */
const LOBBY_TURNS_REFRESH_MS = 15_000;

/** One open seek or challenge: who, the game and its terms, and what this player may do with it. */
function ChallengeRow(props: {
  challenge: Challenge;
  catalogue: readonly CatalogueGame[];
  user: string | undefined;
  accept: (id: number) => void;
  refresh: () => void;
  onError: (message: string) => void;
}) {
  const { challenge: c, user, refresh } = props;
  return (
    <tr data-challenge={c.id}>
      <td>
        {c.challenger}
        {c.opponent ? ` → ${c.opponent}` : c.pairing ? ' (quick pairing)' : ' (open seek)'}
      </td>
      <td>{familyName(c.family)}</td>
      <td class="challenge-options">{optionsText(c, props.catalogue)}</td>
      <td>{controlText(c.control)}</td>
      <td class="challenge-terms">{c.rated ? 'rated' : c.engineHelp ? 'casual, engine help allowed' : 'casual'}</td>
      <td>
        {c.challenger === user ? (
          <button
            type="button"
            onClick={() => void api.cancel(c.id).then(refresh, (e: unknown) => props.onError(errorText(e)))}
          >
            Cancel
          </button>
        ) : (
          <>
            <button type="button" class="primary" onClick={() => props.accept(c.id)}>
              Accept
            </button>
            {c.opponent === user && (
              <button
                type="button"
                onClick={() => void api.decline(c.id).then(refresh, (e: unknown) => props.onError(errorText(e)))}
              >
                Decline
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * The lobby's listings, kept current: the seeks and games from the stream's lobby messages, this player's own
 * challenges read with them, and the games' turns and who is online read again now and then.
 */
function useLobby(onError: (message: string) => void) {
  const [seeks, setSeeks] = useState<readonly Challenge[]>([]);
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [mine, setMine] = useState<readonly Challenge[]>([]);
  const [online, setOnline] = useState<{ count: number; players: readonly string[] } | undefined>();
  const refresh = () => void api.challenges().then(setMine, (e: unknown) => onError(errorText(e)));
  useEffect(() => {
    const s = streamOf();
    const off = s.on((m) => {
      if (m.type === 'lobby') {
        setSeeks(m.seeks);
        setGames(m.games);
        refresh();
      }
    });
    s.watchLobby(true);
    refresh();
    // Who is online is read with the games' turns: arrivals and departures are not lobby messages either.
    const listGames = (): void => {
      void api.games().then(setGames, () => undefined);
      void api.online().then(setOnline, () => undefined);
    };
    listGames();
    // The stream's lobby changes when games begin and end; whose turn it is changes with every move, which the lobby
    // is not sent: the listing is read again now and then while the lobby is shown.
    const turns = setInterval(listGames, LOBBY_TURNS_REFRESH_MS);
    return () => {
      off();
      clearInterval(turns);
      s.watchLobby(false);
    };
  }, []);
  const open = [...new Map([...seeks, ...mine].filter((c) => c.status === 'open').map((c) => [c.id, c])).values()];
  return { open, games, online, refresh };
}

export function Lobby(props: { catalogue: readonly CatalogueGame[] }) {
  const [error, setError] = useState<string | undefined>();
  const { open, games, online, refresh } = useLobby(setError);
  const user = me.value?.name;
  const accept = async (id: number) => {
    try {
      const r = await api.accept(id);
      openGame.value = r.game.id;
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div class="online">
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <QuickPairing
        catalogue={props.catalogue}
        stream={streamOf()}
        onPaired={(id) => (openGame.value = id)}
        onAsk={askToNotify}
      />
      <section aria-label="seeks and challenges">
        <h3>Seeks and challenges</h3>
        {open.length === 0 && <p class="muted">None open.</p>}
        <table>
          <tbody>
            {open.map((c) => (
              <ChallengeRow
                key={c.id}
                challenge={c}
                catalogue={props.catalogue}
                user={user}
                accept={(id) => void accept(id)}
                refresh={refresh}
                onError={setError}
              />
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="games in progress">
        <h3>Games in progress</h3>
        <GameTable games={games} />
      </section>
      {online && (
        <section aria-label="who is online" class="who-is-online">
          <h3>Who is online ({online.count})</h3>
          <p>
            {online.players.join(', ')}
            {online.count > online.players.length ? ` and ${online.count - online.players.length} more` : ''}
          </p>
        </section>
      )}
      <section>
        <ChallengeForm catalogue={props.catalogue} onDone={refresh} />
      </section>
    </div>
  );
}
