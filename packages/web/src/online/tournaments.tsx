/**
 * Tournaments in the browser (docs/server.md "Tournaments"): the list, one tournament's standings with their
 * tie-breaks and its crosstable, joining and leaving, and "your next game", which opens the game; a form to
 * organise one (a few common settings; the API takes them all), and for its organiser, the computer entered at a
 * level and the start.
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_FAMILIES, GAME_LISTINGS } from '@tactica/catalogue';
import {
  api,
  errorText,
  type CatalogueGame,
  type NextTournamentGame,
  type TimeControl,
  type TournamentSummary,
  type TournamentView,
} from './api.js';

const familyName = (f: string): string => GAME_LISTINGS.find((g) => g.family === f)?.name ?? f;
const KIND_WORDS = { swiss: 'Swiss', 'round-robin': 'Round robin', knockout: 'Knockout', arena: 'Arena' } as const;
/** How often the screen asks again while a tournament runs (rounds are paired as games end). */
const REFRESH_MS = 3_000;

const points = (p: number | null): string =>
  p === null ? '…' : p === 0.5 ? '½' : Number.isInteger(p) ? String(p) : `${Math.floor(p)}½`;

/** The clocks the form offers **(ours: a few common ones; the API takes any)**. */
const CLOCKS: Readonly<Record<string, { words: string; control: TimeControl }>> = {
  days3: { words: '3 days a move', control: { kind: 'correspondence', daysPerMove: 3, nagDays: 2 } },
  days7: { words: '7 days a move', control: { kind: 'correspondence', daysPerMove: 7, nagDays: 5 } },
  live: { words: 'Live clock', control: { kind: 'live', mode: 'game', limit: 'normal', increment: 0 } },
};

function NewTournament(props: { made: (id: number) => void }) {
  const [name, setName] = useState('');
  const [family, setFamily] = useState<string>(GAME_FAMILIES[0]);
  const [kind, setKind] = useState<TournamentSummary['kind']>('swiss');
  const [rounds, setRounds] = useState(5);
  const [minutes, setMinutes] = useState(60);
  const [clock, setClock] = useState('days3');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: Event): void => {
    e.preventDefault();
    const control = (CLOCKS[clock] ?? CLOCKS['days3'])?.control as TimeControl;
    void api
      .createTournament({
        name,
        kind,
        family,
        control,
        ...(kind === 'swiss' ? { rounds } : {}),
        ...(kind === 'arena' ? { minutes } : {}),
      })
      .then(
        (t) => {
          setError(undefined);
          props.made(t.id);
        },
        (err: unknown) => setError(errorText(err)),
      );
  };
  return (
    <form class="new-tournament row" aria-label="new tournament" onSubmit={submit}>
      <label>
        Name{' '}
        <input id="t-name" value={name} maxLength={80} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Game{' '}
        <select id="t-family" value={family} onChange={(e) => setFamily((e.target as HTMLSelectElement).value)}>
          {GAME_LISTINGS.map((g) => (
            <option key={g.family} value={g.family}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Kind{' '}
        <select
          id="t-kind"
          value={kind}
          onChange={(e) => setKind((e.target as HTMLSelectElement).value as TournamentSummary['kind'])}
        >
          {(Object.keys(KIND_WORDS) as TournamentSummary['kind'][]).map((k) => (
            <option key={k} value={k}>
              {KIND_WORDS[k]}
            </option>
          ))}
        </select>
      </label>
      {kind === 'swiss' && (
        <label>
          Rounds{' '}
          <input
            id="t-rounds"
            type="number"
            min={1}
            max={15}
            value={rounds}
            onInput={(e) => setRounds(Number((e.target as HTMLInputElement).value))}
          />
        </label>
      )}
      {kind === 'arena' && (
        <label>
          Minutes{' '}
          <input
            id="t-minutes"
            type="number"
            min={1}
            value={minutes}
            onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))}
          />
        </label>
      )}
      <label>
        Clock{' '}
        <select id="t-clock" value={clock} onChange={(e) => setClock((e.target as HTMLSelectElement).value)}>
          {Object.entries(CLOCKS).map(([k, c]) => (
            <option key={k} value={k}>
              {c.words}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary">
        Create
      </button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}

export function Tournaments(props: {
  me: string;
  catalogue: readonly CatalogueGame[];
  open: (gameId: number) => void;
}) {
  const [list, setList] = useState<readonly TournamentSummary[] | undefined>();
  const [next, setNext] = useState<readonly NextTournamentGame[]>([]);
  const [shown, setShown] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const load = (): void => {
      void Promise.all([api.tournaments(), api.nextTournamentGames()]).then(
        ([l, n]) => {
          setList(l);
          setNext(n);
          setError(undefined);
        },
        (e: unknown) => setError(errorText(e)),
      );
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-label="tournaments" class="tournaments">
      {error && <p class="error">{error}</p>}
      {next.length > 0 && (
        <section aria-label="your next game" class="next-game">
          <h3>Your next game</h3>
          {next.map((g) => (
            <p key={g.gameId} data-game={g.gameId}>
              {g.name}, round {g.round}: against {g.opponent}{' '}
              <button type="button" class="primary" onClick={() => props.open(g.gameId)}>
                Play
              </button>
            </p>
          ))}
        </section>
      )}
      <h3>Tournaments</h3>
      <NewTournament made={setShown} />
      {list && list.length === 0 && <p class="muted">No tournaments yet.</p>}
      {list && list.length > 0 && (
        <table class="tournament-list">
          <thead>
            <tr>
              <th scope="col">Tournament</th>
              <th scope="col">Game</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Players</th>
              <th scope="col"></th>
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <tr key={t.id} data-tournament={t.id}>
                <td>{t.name}</td>
                <td>{familyName(t.family)}</td>
                <td>{KIND_WORDS[t.kind]}</td>
                <td>{t.status === 'running' ? `round ${t.round}${t.rounds ? ` of ${t.rounds}` : ''}` : t.status}</td>
                <td>
                  {t.entrants}/{t.maxEntrants}
                </td>
                <td>
                  <button type="button" onClick={() => setShown(t.id)}>
                    Show
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown !== undefined && <TournamentPage id={shown} me={props.me} catalogue={props.catalogue} key={shown} />}
    </section>
  );
}

function TournamentPage(props: { id: number; me: string; catalogue: readonly CatalogueGame[] }) {
  const [view, setView] = useState<TournamentView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [level, setLevel] = useState<string | undefined>();
  useEffect(() => {
    const load = (): void => {
      void api.tournament(props.id).then(setView, (e: unknown) => setError(errorText(e)));
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [props.id]);
  if (!view) return error ? <p class="error">{error}</p> : <p>Loading…</p>;
  const mine = view.entries.find((e) => e.name === props.me && !e.computer);
  const act = (work: Promise<TournamentView>): void => {
    void work.then(
      (v) => {
        setView(v);
        setError(undefined);
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  const name = new Map(view.entries.map((e) => [e.no, e.name]));
  const rounds = Math.max(view.round, ...view.crosstable.flatMap((r) => r.cells.map((c) => c.round)));
  return (
    <section aria-label="tournament" class="tournament" data-tournament={view.id}>
      <h3>
        {view.name}{' '}
        <span class="muted">
          ({KIND_WORDS[view.kind]}, {familyName(view.family)}, {view.status})
        </span>
      </h3>
      {error && <p class="error">{error}</p>}
      {view.status === 'open' && !mine && (
        <button type="button" class="primary" onClick={() => act(api.joinTournament(view.id))}>
          Join
        </button>
      )}
      {(view.status === 'open' || view.status === 'running') && mine && !mine.withdrawn && (
        <button type="button" onClick={() => act(api.leaveTournament(view.id))}>
          {view.status === 'open' ? 'Leave' : 'Withdraw'}
        </button>
      )}
      {view.status === 'open' && view.organiser === props.me && (
        <p class="row organiser">
          <select
            id="t-level"
            aria-label="computer level"
            value={level}
            onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}
          >
            {(props.catalogue.find((g) => g.family === view.family)?.levels ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={() => {
              const levels = props.catalogue.find((g) => g.family === view.family)?.levels ?? [];
              const chosen = level ?? levels[0]?.id;
              if (chosen !== undefined) act(api.addComputer(view.id, chosen));
            }}
          >
            Add a computer player
          </button>
          <button type="button" class="primary" onClick={() => act(api.startTournament(view.id))}>
            Start now
          </button>
        </p>
      )}
      <table class="standings">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">{view.kind === 'arena' ? 'Score' : 'Points'}</th>
            {view.kind === 'swiss' && <th scope="col">Buchholz</th>}
            {(view.kind === 'swiss' || view.kind === 'round-robin') && <th scope="col">Sonneborn-Berger</th>}
            <th scope="col">Wins</th>
          </tr>
        </thead>
        <tbody>
          {view.standings.map((s) => (
            <tr key={s.no} data-entry={s.no}>
              <td>{s.rank}</td>
              <td>
                {s.name}
                {s.withdrawn ? ' (withdrawn)' : ''}
              </td>
              <td>{view.kind === 'arena' ? s.score : points(s.points)}</td>
              {view.kind === 'swiss' && <td>{points(s.buchholz)}</td>}
              {(view.kind === 'swiss' || view.kind === 'round-robin') && <td>{points(s.sonnebornBerger)}</td>}
              <td>{s.wins}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rounds > 0 && view.kind !== 'arena' && (
        <table class="crosstable" aria-label="crosstable">
          <thead>
            <tr>
              <th scope="col">Player</th>
              {Array.from({ length: rounds }, (_, i) => (
                <th scope="col" key={i}>
                  Round {i + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.crosstable.map((row) => (
              <tr key={row.no} data-entry={row.no}>
                <td>{name.get(row.no)}</td>
                {Array.from({ length: rounds }, (_, i) => {
                  const cells = row.cells.filter((c) => c.round === i + 1);
                  return (
                    <td key={i}>
                      {cells
                        .map((c) =>
                          c.opponent === null
                            ? `bye ${points(c.points)}`
                            : `${points(c.points)} v ${name.get(c.opponent) ?? '?'}${c.seat === 0 ? ' (first)' : ''}`,
                        )
                        .join(', ')}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
