/**
 * Quick pairing in the lobby (issue 39; lichess's quick pairing, Board Game Arena's "play now"): one click on a game
 * and a clock pairs the player with anyone who asked for the same, or leaves them waiting — shown, with a Cancel —
 * until someone does. The game then opens for both: the one who clicked from the server's answer, the one who waited
 * from the stream's `started` (as any challenger). The choices are each game's main variant (the catalogue's
 * defaults) at a few clocks **(ours)**; any other game and clock is a seek from the form below, which quick pairing
 * matches too.
 */
import { useEffect, useState } from 'preact/hooks';
import { takesLiveClock, type HasDynamics } from '@tactica/catalogue';
import { api, errorText, type CatalogueGame, type Challenge, type TimeControl } from './api.js';
import type { Stream } from './stream.js';

export interface PairingClock {
  /** A short name for the button. */
  readonly label: string;
  readonly control: TimeControl;
}

const live = (limit: 'normal' | 'blitz', increment = 0): TimeControl => ({
  kind: 'live',
  mode: 'game',
  limit,
  increment,
});
/** Days a move, reminded as the lobby's form and the server's default do: the same request matches their seeks. */
const days = (n: number): TimeControl => ({
  kind: 'correspondence',
  daysPerMove: n,
  nagDays: Math.max(1, Math.min(7, n - 1)),
});

const THREE_DAYS: PairingClock = { label: '3 days a move', control: days(3) };

/** The clocks offered: live ones for games played in turns (Tactorus is played without a live clock). */
export function pairingClocks(game: HasDynamics): readonly PairingClock[] {
  if (!takesLiveClock(game)) return [THREE_DAYS, { label: '7 days a move', control: days(7) }];
  return [
    { label: '6 min', control: live('blitz') },
    { label: '6 min + 3 s', control: live('blitz', 3) },
    { label: '30 min', control: live('normal') },
    THREE_DAYS,
  ];
}

/** A game's main variant: the catalogue's default options. */
function defaultOptions(game: CatalogueGame): Record<string, unknown> {
  return Object.fromEntries(game.options.map((o) => [o.key, o.default]));
}

/** The game as a button group names it: its name and the rule set its defaults choose (a draughts variant). */
export function pairingTitle(game: CatalogueGame, options: unknown = defaultOptions(game)): string {
  const values = (options ?? {}) as Readonly<Record<string, unknown>>;
  const choices = game.options
    .filter((o) => o.kind === 'choice')
    .map((o) => (o.kind === 'choice' ? o.choices.find((c) => c.id === (values[o.key] ?? o.default))?.label : undefined))
    .filter((l): l is string => l !== undefined);
  return choices.length > 0 ? `${game.name} (${choices.join(', ')})` : game.name;
}

/** The waiting request in words: its game and clock. */
function waitingText(c: Challenge, catalogue: readonly CatalogueGame[]): string {
  const game = catalogue.find((g) => g.family === c.family);
  if (!game) return c.family;
  const clock = pairingClocks(game).find((k) => JSON.stringify(k.control) === JSON.stringify(c.control));
  return `${pairingTitle(game, c.options)}, ${clock?.label ?? c.control.kind}${c.rated ? ', rated' : ', casual'}`;
}

const sameClock = (a: TimeControl, b: TimeControl): boolean => JSON.stringify(a) === JSON.stringify(b);

export function QuickPairing(props: {
  readonly catalogue: readonly CatalogueGame[];
  readonly stream: Stream;
  /** The game begun by this player's click (the one who waited hears `started` instead). */
  readonly onPaired: (game: number) => void;
  /** Called on each click first (asks once for leave to notify: browsers ask only on a click). */
  readonly onAsk?: () => void;
}) {
  const [waiting, setWaiting] = useState<Challenge | null>(null);
  const [rated, setRated] = useState(true);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    // Read again at every lobby change: the request may have been taken from the lobby, or dropped with the stream.
    const read = (): void =>
      void api.pairing().then(
        (r) => setWaiting(r.waiting),
        () => undefined,
      );
    read();
    return props.stream.on((m) => {
      if (m.type === 'lobby') read();
    });
  }, [props.stream]);
  const ask = async (game: CatalogueGame, clock: PairingClock): Promise<void> => {
    props.onAsk?.();
    try {
      const r = await api.pair({ family: game.family, options: defaultOptions(game), control: clock.control, rated });
      setError(undefined);
      if (r.status === 'paired' && r.game) {
        setWaiting(null);
        props.onPaired(r.game.id);
      } else setWaiting(r.challenge);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const cancel = async (): Promise<void> => {
    try {
      await api.cancelPairing();
      setWaiting(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const isWaitingFor = (game: CatalogueGame, clock: PairingClock): boolean =>
    waiting !== null && waiting.family === game.family && sameClock(waiting.control, clock.control);
  return (
    <section aria-label="quick pairing" class="quick-pairing">
      <h3>Quick pairing</h3>
      <p class="muted">
        Play anyone who asks for the same game and clock: click one, and the game starts when they do.
      </p>
      {waiting && (
        <p class="pairing-waiting" role="status">
          Waiting for an opponent: {waitingText(waiting, props.catalogue)}…{' '}
          <button type="button" onClick={() => void cancel()}>
            Cancel
          </button>
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="field field-flag">
        <label for="qp-rated">Rated</label>
        <input
          id="qp-rated"
          type="checkbox"
          checked={rated}
          onChange={(e) => setRated((e.target as HTMLInputElement).checked)}
        />
      </div>
      <table>
        <tbody>
          {props.catalogue.map((game) => (
            <tr key={game.family} data-pairing-game={game.family}>
              <th scope="row">{pairingTitle(game)}</th>
              <td>
                <div class="row">
                  {pairingClocks(game).map((clock) => (
                    <button
                      type="button"
                      key={clock.label}
                      aria-label={`${pairingTitle(game)}, ${clock.label}`}
                      aria-pressed={isWaitingFor(game, clock)}
                      onClick={() => void ask(game, clock)}
                    >
                      {clock.label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
