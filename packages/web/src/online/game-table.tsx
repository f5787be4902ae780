/** A list of online games (the lobby's games in progress, a player's games): players, turn, state, clock, Open. */
import type { GameSummary, TimeControl } from './api.js';
import { controlText, familyName, turnText } from './listing-words.js';
import { me, openGame } from './session.js';

export function GameTable(props: { games: readonly GameSummary[] }) {
  if (props.games.length === 0) return <p class="muted">None.</p>;
  return (
    <table>
      <tbody>
        {props.games.map((g) => {
          const players =
            (g['players'] as readonly ({ name?: string | null; level?: string | null } | string)[] | undefined) ?? [];
          const names = players.map((p) => (typeof p === 'string' ? p : (p.name ?? `Computer ${p.level ?? ''}`)));
          return (
            <tr key={g.id} data-game={g.id}>
              <td>#{g.id}</td>
              <td>{familyName(g.family)}</td>
              <td>{names.join(' – ')}</td>
              <td class="to-act">{turnText(g, names)}</td>
              <td>{String(g['status'] ?? '')}</td>
              <td>{g['control'] ? controlText(g['control'] as TimeControl) : ''}</td>
              <td>
                <button type="button" onClick={() => (openGame.value = g.id)}>
                  {me.value && !names.includes(me.value.name) ? 'Watch' : 'Open'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
