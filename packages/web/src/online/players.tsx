/**
 * Players' pages and leaderboards, as lichess and playok show them: a game's leaderboard under column headings,
 * and a player's games with the opponent, the result for that player and how each game ended.
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_FAMILIES, GAME_LISTINGS } from '@tactica/catalogue';
import { api, errorText, type Standing } from './api.js';
import { historyLine, type HistoryGame } from './history.js';
import { Analyse } from './after-game.js';

const familyName = (f: string): string => GAME_LISTINGS.find((g) => g.family === f)?.name ?? f;

const RESULT_WORDS = { won: 'Won', lost: 'Lost', drawn: 'Drawn', playing: 'In progress' } as const;

export function Leaderboard(props: { look: (name: string) => void }) {
  const [family, setFamily] = useState<string>(GAME_FAMILIES[0]);
  const [rows, setRows] = useState<readonly Standing[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setRows(undefined);
    void api.ratings(family).then(
      (r) => {
        setRows(r);
        setError(undefined);
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [family]);
  return (
    <section aria-label="leaderboard" class="leaderboard">
      <h3>
        Leaderboard{' '}
        <select value={family} onChange={(e) => setFamily((e.target as HTMLSelectElement).value)} aria-label="game">
          {GAME_LISTINGS.map((g) => (
            <option key={g.family} value={g.family}>
              {g.name}
            </option>
          ))}
        </select>
      </h3>
      {error && <p class="error">{error}</p>}
      {rows && rows.length === 0 && <p class="muted">No rated games of {familyName(family)} yet.</p>}
      {rows && rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col">Rating</th>
              <th scope="col">± Deviation</th>
              <th scope="col">Rated games</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} data-player={r.name}>
                <td>{r.rank}</td>
                <td>
                  <button type="button" class="link" onClick={() => props.look(r.name)}>
                    {r.name}
                  </button>
                </td>
                <td>{r.rating}</td>
                <td>± {r.deviation}</td>
                <td>{r.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export interface RatingLine {
  readonly family?: unknown;
  readonly rating?: unknown;
  readonly deviation?: unknown;
  readonly games?: unknown;
}

export function PlayerRatings(props: { ratings: readonly RatingLine[] }) {
  if (props.ratings.length === 0) return <p class="muted">No rated games yet.</p>;
  return (
    <table class="player-ratings">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Rating</th>
          <th scope="col">± Deviation</th>
          <th scope="col">Rated games</th>
        </tr>
      </thead>
      <tbody>
        {props.ratings.map((r) => (
          <tr key={String(r.family)}>
            <td>{familyName(String(r.family))}</td>
            <td>{Math.round(Number(r.rating ?? 1500))}</td>
            <td>± {Math.round(Number(r.deviation ?? 350))}</td>
            <td>{String(r.games ?? '')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PlayerHistory(props: { player: string; games: readonly HistoryGame[]; open: (id: number) => void }) {
  if (props.games.length === 0) return <p class="muted">No games yet.</p>;
  return (
    <table class="player-history">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Against</th>
          <th scope="col">Result</th>
          <th scope="col">How it ended</th>
          <th scope="col"></th>
        </tr>
      </thead>
      <tbody>
        {props.games.map((g) => {
          const line = historyLine(g, props.player);
          return (
            <tr key={g.id} data-game={g.id}>
              <td>
                #{g.id} {familyName(g.family)}
              </td>
              <td>{line.against}</td>
              <td class={`result ${line.result}`}>{RESULT_WORDS[line.result]}</td>
              <td>{line.how}</td>
              <td>
                <button type="button" onClick={() => props.open(g.id)}>
                  Open
                </button>{' '}
                <Analyse game={g} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
