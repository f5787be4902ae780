/**
 * Online play through `tactica serve`: sign up and in, the lobby (open seeks and games in progress, live over the
 * stream), challenges and seeks with every option and time control, games against the computer on the server,
 * live games with clocks, correspondence games, spectating, chat, ratings, game history, records in and out, and
 * the account (password, vacation). The board is the same component: the server's view carries the board model
 * and the legal inputs, and the rules package (loaded with the game) explains a refused drag.
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  GAME_FAMILIES,
  GAME_LISTINGS,
  listing,
  loadEntry,
  type BoardInput,
  type GameFamily,
  type OptionValue,
} from '@tactica/catalogue';
import type { Player, StoreListing } from '@tactica/core';
import { rotated, type Arrow, type BoardConfig, type LegalInput } from '../board/types.js';
import { BoardView } from '../app/board-view.js';
import { resultWords } from './result-words.js';
import { Rematch, ShareLink } from './after-game.js';
import { MailSettings } from './mail-settings.js';
import { Leaderboard, PlayerHistory, PlayerRatings } from './players.js';
import { Tournaments } from './tournaments.js';
import type { HistoryGame } from './history.js';
import { download } from '../app/files.js';
import { ClockFields, defaults, OptionField, type ClockChoice } from '../app/new-game.js';
import { openSave, settings } from '../app/state.js';
import { serverStore } from './server-store.js';
import { sound } from '../app/sound.js';
import { notifyTurn, turnBegan } from './your-turn.js';
import { loadGameUi, type GameUi } from '../games/game-ui.js';
import {
  api,
  ApiError,
  errorText,
  type CatalogueGame,
  type Challenge,
  type ChatMessage,
  type GameSummary,
  type GameView,
  type TimeControl,
  type User,
} from './api.js';
import { Stream } from './stream.js';
import { engineHelpAllowed } from './fair-play.js';
import { QuickPairing } from './quick-pairing.js';
import { useWatch } from '../app/use-watch.js';

const me = signal<User | null | undefined>(undefined);
const serverProblem = signal<string | undefined>(undefined);
const openGame = signal<number | undefined>(undefined);
const TAB_WORDS = {
  lobby: 'Lobby',
  games: 'My games',
  tournaments: 'Tournaments',
  profile: 'Players and ratings',
  account: 'Account',
} as const;
const tab = signal<'lobby' | 'games' | 'tournaments' | 'profile' | 'account'>('lobby');
let stream: Stream | undefined;

function streamOf(): Stream {
  if (!stream) {
    stream = new Stream();
    stream.connect();
  }
  return stream;
}

/**
 * Issue 39: when someone accepts this player's challenge, the server says so on the stream (`started`), and the game
 * opens at once with a sound and, if the browser allows it, a notification — the challenger's clock may be running.
 * A game of theirs already open stays: the new one is offered beside it.
 */
const startedElsewhere = signal<number | undefined>(undefined);
/** Whether the open game is over: a game that begins then (a rematch accepted) replaces it at once. */
const openGameOver = signal(false);

function gameStarted(id: number): void {
  sound(settings.value.sound, 'start');
  if (typeof Notification === 'function' && Notification.permission === 'granted' && document.hidden) {
    try {
      new Notification('Tactica: your game has begun', { body: `Your challenge was accepted: game #${id}.` });
    } catch {
      // A browser that only notifies from a service worker: the sound and the open game remain.
    }
  }
  if (openGame.value === undefined || openGame.value === id || openGameOver.value) openGame.value = id;
  else startedElsewhere.value = id;
}

function useStartedGames(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    return streamOf().on((m) => {
      if (m.type === 'started') gameStarted(m.game);
    });
  }, [signedIn]);
}

/** Asked once, when the player posts a challenge (a click: browsers ask only then), so that its start can notify. */
function askToNotify(): void {
  if (typeof Notification === 'function' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

function Auth() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const act = async (kind: 'in' | 'up') => {
    try {
      const r = kind === 'in' ? await api.logIn(name, password) : await api.signUp(name, password);
      me.value = r.user;
      stream?.close();
      stream = undefined;
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="auth" aria-label="sign in" onSubmit={(e) => (e.preventDefault(), void act('in'))}>
      <h2>Sign in to play online</h2>
      <div class="field">
        <label for="auth-name">Name</label>
        <input
          id="auth-name"
          name="name"
          autocomplete="username"
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="auth-password">Password</label>
        <input
          id="auth-password"
          name="password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" class="primary">
          Sign in
        </button>
        <button type="button" onClick={() => void act('up')}>
          Sign up
        </button>
      </div>
    </form>
  );
}

function controlText(c: TimeControl): string {
  if (c.kind === 'none') return 'no clock';
  if (c.kind === 'live') return `live, ${c.limit} per ${c.mode}${c.increment ? ` +${c.increment}s` : ''}`;
  return `correspondence, ${c.daysPerMove} days a move`;
}

function familyName(f: string): string {
  return GAME_LISTINGS.find((g) => g.family === f)?.name ?? f;
}

/**
 * What a challenge's options make of its game, in the catalogue's words: each choice (a draughts rule set) and each
 * option turned on (give-away), so that nobody accepts Russian draughts thinking it international (issue 39).
 */
function optionsText(c: Challenge, catalogue: readonly CatalogueGame[]): string {
  const specs = catalogue.find((g) => g.family === c.family)?.options ?? [];
  const values = (c.options ?? {}) as Readonly<Record<string, unknown>>;
  const parts: string[] = [];
  for (const spec of specs) {
    const v = values[spec.key] ?? spec.default;
    if (spec.kind === 'choice') parts.push(spec.choices.find((x) => x.id === v)?.label ?? String(v));
    else if (spec.kind === 'flag' && v === true) parts.push(spec.label);
  }
  return parts.join(', ');
}

/** Whose turn it is in a listed game: the names of the seats to act (a listing's `toAct`). */
function turnText(g: GameSummary, names: readonly string[]): string {
  const toAct = (g['toAct'] as readonly number[] | undefined) ?? [];
  if (toAct.length === 0 || (g['status'] !== undefined && g['status'] !== 'active')) return '';
  const who = toAct.map((p) => names[p] ?? `player ${p + 1}`).join(' and ');
  return listing(g.family).dynamics === 'simultaneous' ? `${who} to give orders` : `${who} to move`;
}

/** A labelled checkbox of a form. */
function FlagField(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div class="field field-flag">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)}
      />
    </div>
  );
}

function ChallengeForm(props: { catalogue: readonly CatalogueGame[]; onDone: () => void }) {
  const [family, setFamily] = useState<GameFamily>(GAME_FAMILIES[0]);
  const game = props.catalogue.find((g) => g.family === family);
  const [values, setValues] = useState<Record<string, OptionValue>>({});
  const [kind, setKind] = useState<'seek' | 'challenge' | 'computer'>('seek');
  const [opponent, setOpponent] = useState('');
  const [seat, setSeat] = useState<'0' | '1' | 'random'>('random');
  const [rated, setRated] = useState(true);
  const [engineHelp, setEngineHelp] = useState(false);
  const [level, setLevel] = useState('');
  const [control, setControl] = useState<'none' | 'live' | 'correspondence'>('none');
  const [live, setLive] = useState<ClockChoice>({ mode: 'game', limit: 'normal', increment: 0 });
  const [days, setDays] = useState(3);
  const [error, setError] = useState<string | undefined>();
  // The options and level shown belong to this family; until its entry has loaded they are another family's, and
  // sending them would make a game with the wrong options (or be refused), so the form waits.
  const [readyFor, setReadyFor] = useState<GameFamily | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadEntry(family).then(
      (e) => {
        if (!current) return;
        setValues(defaults(e));
        setLevel(e.levels[1]?.id ?? e.levels[0]?.id ?? '');
        setReadyFor(family);
      },
      () => {
        if (!current || !game) return;
        setValues(Object.fromEntries(game.options.map((o) => [o.key, o.default])));
        setLevel(game.levels[1]?.id ?? game.levels[0]?.id ?? '');
        setReadyFor(family);
      },
    );
    return () => {
      current = false;
    };
  }, [family]);
  const tc = (): TimeControl =>
    control === 'none'
      ? { kind: 'none' }
      : control === 'live'
        ? {
            kind: 'live',
            mode: live.mode === 'move' ? 'move' : 'game',
            limit: live.limit === 'none' ? 'normal' : live.limit,
            increment: live.mode === 'move' ? 0 : live.increment,
          }
        : { kind: 'correspondence', daysPerMove: days, nagDays: Math.max(1, Math.min(7, days - 1)) };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (readyFor !== family) return;
    try {
      if (kind === 'computer') {
        const view = await api.playComputer({
          family,
          options: values,
          level,
          seat: seat === 'random' ? 'random' : (Number(seat) as Player),
          control: tc(),
        });
        openGame.value = view.id;
      } else {
        askToNotify();
        await api.challenge({
          family,
          options: values,
          control: tc(),
          rated,
          seat,
          ...(kind === 'challenge' ? { opponent } : {}),
          ...(engineHelp && !rated ? { engineHelp } : {}),
        });
      }
      setError(undefined);
      props.onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form class="challenge-form" aria-label="new online game" onSubmit={submit}>
      <h3>New online game</h3>
      <div class="field">
        <label for="ch-kind">Kind</label>
        <select
          id="ch-kind"
          value={kind}
          onChange={(e) => setKind((e.target as HTMLSelectElement).value as typeof kind)}
        >
          <option value="seek">Open seek (anyone may accept)</option>
          <option value="challenge">Challenge a player</option>
          <option value="computer">Play the server's computer</option>
        </select>
      </div>
      {kind === 'challenge' && (
        <div class="field">
          <label for="ch-opponent">Opponent</label>
          <input id="ch-opponent" value={opponent} onInput={(e) => setOpponent((e.target as HTMLInputElement).value)} />
        </div>
      )}
      <div class="field">
        <label for="ch-family">Game</label>
        <select
          id="ch-family"
          value={family}
          onChange={(e) => setFamily((e.target as HTMLSelectElement).value as GameFamily)}
        >
          {props.catalogue.map((g) => (
            <option key={g.family} value={g.family}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      {game?.options.map((spec) => (
        <OptionField
          key={spec.key}
          idPrefix="ch"
          spec={spec}
          value={values[spec.key] ?? spec.default}
          onChange={(v) => setValues({ ...values, [spec.key]: v })}
        />
      ))}
      <div class="field">
        <label for="ch-seat">Your side</label>
        <select
          id="ch-seat"
          value={seat}
          onChange={(e) => setSeat((e.target as HTMLSelectElement).value as typeof seat)}
        >
          <option value="random">Random</option>
          <option value="0">First (White / Player 1)</option>
          <option value="1">Second (Black / Player 2)</option>
        </select>
      </div>
      {kind === 'computer' ? (
        <div class="field">
          <label for="ch-level">Level</label>
          <select id="ch-level" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            {game?.levels.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <FlagField id="ch-rated" label="Rated" checked={rated} onChange={setRated} />
      )}
      {kind !== 'computer' && !rated && (
        <FlagField
          id="ch-engine-help"
          label="Engine help allowed (both players)"
          checked={engineHelp}
          onChange={setEngineHelp}
        />
      )}
      <div class="field">
        <label for="ch-control">Time</label>
        <select
          id="ch-control"
          value={control}
          onChange={(e) => setControl((e.target as HTMLSelectElement).value as typeof control)}
        >
          <option value="none">None</option>
          {game?.dynamics === 'sequential' && <option value="live">Live clock</option>}
          <option value="correspondence">Correspondence</option>
        </select>
      </div>
      {control === 'live' && <ClockFields idPrefix="ch" value={live} onChange={setLive} />}
      {control === 'correspondence' && (
        <div class="field">
          <label for="ch-days">Days a move</label>
          <input
            id="ch-days"
            type="number"
            min={1}
            max={365}
            value={days}
            onInput={(e) => setDays(Number((e.target as HTMLInputElement).value))}
          />
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={readyFor !== family}>
        {kind === 'seek' ? 'Post the seek' : kind === 'challenge' ? 'Send the challenge' : 'Start'}
      </button>
    </form>
  );
}

/** How often the lobby reads its games in progress again, for whose turn it is in each **(ours)**. */
const LOBBY_TURNS_REFRESH_MS = 15_000;

function Lobby(props: { catalogue: readonly CatalogueGame[] }) {
  const [seeks, setSeeks] = useState<readonly Challenge[]>([]);
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [mine, setMine] = useState<readonly Challenge[]>([]);
  const [online, setOnline] = useState<{ count: number; players: readonly string[] } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const refresh = () => void api.challenges().then(setMine, (e: unknown) => setError(errorText(e)));
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
  const user = me.value?.name;
  const accept = async (id: number) => {
    try {
      const r = await api.accept(id);
      openGame.value = r.game.id;
    } catch (e) {
      setError(errorText(e));
    }
  };
  const open = [...new Map([...seeks, ...mine].filter((c) => c.status === 'open').map((c) => [c.id, c])).values()];
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
              <tr key={c.id} data-challenge={c.id}>
                <td>
                  {c.challenger}
                  {c.opponent ? ` → ${c.opponent}` : c.pairing ? ' (quick pairing)' : ' (open seek)'}
                </td>
                <td>{familyName(c.family)}</td>
                <td class="challenge-options">{optionsText(c, props.catalogue)}</td>
                <td>{controlText(c.control)}</td>
                <td class="challenge-terms">
                  {c.rated ? 'rated' : c.engineHelp ? 'casual, engine help allowed' : 'casual'}
                </td>
                <td>
                  {c.challenger === user ? (
                    <button
                      type="button"
                      onClick={() => void api.cancel(c.id).then(refresh, (e: unknown) => setError(errorText(e)))}
                    >
                      Cancel
                    </button>
                  ) : (
                    <>
                      <button type="button" class="primary" onClick={() => void accept(c.id)}>
                        Accept
                      </button>
                      {c.opponent === user && (
                        <button
                          type="button"
                          onClick={() => void api.decline(c.id).then(refresh, (e: unknown) => setError(errorText(e)))}
                        >
                          Decline
                        </button>
                      )}
                    </>
                  )}
                </td>
              </tr>
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

function GameTable(props: { games: readonly GameSummary[] }) {
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

function MyGames() {
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [family, setFamily] = useState<GameFamily>(GAME_FAMILIES[0]);
  const [text, setText] = useState('');
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
      <section aria-label="import a record">
        <h3>Import a record to the server</h3>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              const v = await api.importRecord({ family, text });
              openGame.value = v.id;
            } catch (err) {
              setError(errorText(err));
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
    </div>
  );
}

function Profile() {
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

function Account() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState<string | undefined>();
  return (
    <div class="online">
      <section aria-label="account">
        <h3>{me.value?.name}</h3>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await api.changePassword(oldPassword, newPassword);
              setNote('Password changed; your other log-ins have ended.');
            } catch (err) {
              setNote(errorText(err));
            }
          }}
        >
          <div class="field">
            <label for="pw-old">Password</label>
            <input
              id="pw-old"
              type="password"
              value={oldPassword}
              onInput={(e) => setOld((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="pw-new">New password</label>
            <input
              id="pw-new"
              type="password"
              value={newPassword}
              onInput={(e) => setNew((e.target as HTMLInputElement).value)}
            />
          </div>
          <button type="submit">Change password</button>
        </form>
        <form
          class="row"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await api.vacation(until ? Date.parse(until) : null);
              setNote(until ? `On vacation until ${until}: correspondence clocks wait.` : 'Back from vacation.');
            } catch (err) {
              setNote(errorText(err));
            }
          }}
        >
          <label>
            Vacation until{' '}
            <input type="date" value={until} onInput={(e) => setUntil((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">Set</button>
        </form>
        {note && <p role="status">{note}</p>}
        <MailSettings />
        <button
          type="button"
          onClick={async () => {
            await api.logOut().catch(() => undefined);
            me.value = null;
            stream?.close();
            stream = undefined;
          }}
        >
          Sign out
        </button>
      </section>
    </div>
  );
}

function msText(ms: number | null): string {
  if (ms === null) return '–';
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The local rules for a view's position, to say why a drag is refused without asking the server. */
async function localReason(view: GameView, input: BoardInput): Promise<string | undefined> {
  if (view.position === null || view.viewer === null) return undefined;
  const entry = await loadEntry(view.family);
  const setup = entry.setup(view.options);
  if (!setup.ok) return undefined;
  const parsed = setup.value.game.parsePosition(view.position);
  if (!parsed.ok) return undefined;
  const r = setup.value.board.fromInput(parsed.value, input, view.viewer);
  return r.ok ? undefined : r.error.message;
}

/** Whether the game lets a player ask for a takeback: blitz forbids it (manual 3.3.3), so no button is offered. */
function takebackOffered(view: GameView): boolean {
  return !(view.control.kind === 'live' && view.control.limit === 'blitz');
}

export function OnlineGame(props: { id: number }) {
  const [view, setView] = useState<GameView | undefined>();
  const [ui, setUi] = useState<GameUi | undefined>();
  const [received, setReceived] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [chat, setChat] = useState<readonly ChatMessage[]>([]);
  const [say, setSay] = useState('');
  const [note, setNote] = useState<string | undefined>();
  const [flipped, setFlipped] = useState(false);
  const [arrows, setArrows] = useState<readonly Arrow[]>([]);
  const last = useRef<GameView | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const s = streamOf();
    const off = s.on((m) => {
      if (m.type === 'game' && m.view.id === props.id) {
        const before = last.current;
        if (before && m.view.version > before.version && settings.value.sound !== 'off') {
          sound(settings.value.sound, m.view.status === 'finished' && before.status !== 'finished' ? 'end' : 'move');
        }
        if (turnBegan(before, m.view)) notifyTurn(m.view);
        last.current = m.view;
        setView(m.view);
        setReceived(Date.now());
      } else if (m.type === 'chat' && (m.message.gameId === undefined || m.message.gameId === props.id)) {
        setChat((c) => [...c, m.message]);
      }
    });
    s.subscribe(props.id);
    void api.game(props.id).then(
      (v) => {
        if (!live) return;
        if (!last.current || v.version >= last.current.version) {
          last.current = v;
          setView(v);
          setReceived(Date.now());
        }
        void loadGameUi(v.family).then((u) => live && setUi(u));
      },
      (e: unknown) => setNote(errorText(e)),
    );
    void api.chat(props.id).then(
      (c) => live && setChat(c),
      () => undefined,
    );
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => {
      live = false;
      off();
      s.unsubscribe(props.id);
      clearInterval(t);
    };
  }, [props.id]);

  useEffect(() => {
    openGameOver.value = view?.status === 'finished';
    return () => (openGameOver.value = false);
  }, [view?.status]);

  const config: BoardConfig | undefined = useMemo(() => {
    if (!view || !ui) return undefined;
    const base = ui.orientation(view.viewer ?? undefined, settings.value.boardView);
    return {
      model: view.board,
      legal: view.legal,
      orientation: flipped ? rotated(base) : base,
      art: ui.art,
      label: `${view.name} board`,
      // The server names the squares of the last move: highlighted as the offline board does.
      lastMove: view.lastMove ?? undefined,
      coordinates: ui.coordinates,
      squareLabels: true,
      interactive: view.legal.length > 0,
      animationMs: settings.value.animation ? 180 : 0,
      arrows,
      amountQuestion: ui.amountQuestion,
    };
  }, [view, ui, flipped, arrows]);

  if (!view || !ui || !config) return <p>{note ?? 'Loading the game…'}</p>;
  const act = async (f: () => Promise<unknown>) => {
    try {
      await f();
      setNote(undefined);
    } catch (e) {
      setNote(errorText(e));
      // Refused for a position the game has left: show the game as it is now (the stream may have missed it).
      if (e instanceof ApiError && e.code === 'game/stale-version') {
        void api.game(view.id).then((v) => {
          if (!last.current || v.version >= last.current.version) {
            last.current = v;
            setView(v);
            setReceived(Date.now());
          }
        });
      }
    }
  };
  const send = (i: LegalInput | BoardInput) => {
    const input: BoardInput = {
      ...(i.action !== undefined ? { action: i.action } : {}),
      ...(i.from !== undefined ? { from: i.from } : {}),
      ...(i.to !== undefined ? { to: i.to } : {}),
      ...(i.choice !== undefined ? { choice: i.choice } : {}),
    };
    void act(() => (view.orders ? api.orders(view.id, view.version, [input]) : api.move(view.id, view.version, input)));
  };
  const seat = view.viewer;
  const names: [string, string] = [0, 1].map(
    (p) => view.players[p]?.name ?? `Computer (${view.players[p]?.level ?? '?'})`,
  ) as [string, string];
  const leftOf = (p: Player): number | null => {
    const l = view.clock?.left[p] ?? null;
    if (l === null) return null;
    return view.clock?.running === p ? l - (now - received) : l;
  };
  const OnlineStatus = ui.OnlineStatus;
  const OnlineControls = ui.OnlineControls;
  const OnlineUnderBoard = ui.OnlineUnderBoard;
  const withdraw = () => api.withdraw(view.id, view.version);
  const outcome = view.outcome;
  return (
    <div class="game-screen online-game" data-game={view.id} data-version={view.version} data-family={view.family}>
      <div class="board-column">
        {view.clock && (
          <div class="clocks">
            {([0, 1] as const).map((p) => (
              <div key={p} class={`clock${view.clock?.running === p ? ' running' : ''}`} data-side={p}>
                <span class="who">{names[p]}</span>
                <span class="time">{msText(leftOf(p))}</span>
              </div>
            ))}
          </div>
        )}
        {/* A refusal shows over the board, where the player looks, not below it out of sight (a tall board). */}
        <div class="board-with-notice">
          {note && (
            <p class="notice board-notice" role="alert">
              <span>{note}</span>
              <button type="button" aria-label="dismiss" onClick={() => setNote(undefined)}>
                ×
              </button>
            </p>
          )}
          <BoardView config={config} onInput={send} onIllegal={(i) => localReason(view, i)} />
        </div>
        {OnlineUnderBoard && <OnlineUnderBoard state={view.state} />}
      </div>
      <div class="side-column">
        <h2 class="game-title">
          #{view.id} {view.name}: {names[0]} – {names[1]}
        </h2>
        <p>
          {seat === null ? 'You are watching.' : `You play ${ui.sides[seat]}.`} {controlText(view.control)}
          {view.rated ? ', rated' : view.engineHelp ? ', engine help allowed by agreement' : ''}
          {view.deadline && view.control.kind === 'correspondence'
            ? ` · next deadline ${new Date(view.deadline).toLocaleString()}`
            : ''}
        </p>
        {outcome && (
          <p class="outcome" role="alert">
            {resultWords(outcome, names)}
          </p>
        )}
        <Rematch view={view} stream={streamOf} open={(id) => (openGame.value = id)} />
        {!outcome && (
          <p>
            {view.toAct.map((p) => names[p]).join(' and ')} to {view.orders ? 'give orders' : 'move'}.
          </p>
        )}
        {OnlineStatus && (
          <section>
            <OnlineStatus state={view.state} names={names} />
          </section>
        )}
        {OnlineControls && (
          <OnlineControls
            view={view}
            act={act}
            send={send}
            withdraw={withdraw}
            showArrows={setArrows}
            engineHelp={engineHelpAllowed(view)}
          />
        )}
        {!OnlineControls && view.orders && seat !== null && (
          <section aria-label="orders">
            <p>
              Your orders this round: {view.orders.mine.join(', ') || 'none'};{' '}
              {view.orders.submitted[seat === 0 ? 1 : 0]
                ? 'your opponent has given theirs'
                : 'your opponent is still choosing'}
              .
            </p>
            <div class="row">
              <button
                type="button"
                class="primary"
                onClick={() => send({ action: 'done' })}
                disabled={view.orders.submitted[seat]}
              >
                Next (done)
              </button>
              <button type="button" onClick={() => void act(withdraw)}>
                Withdraw all
              </button>
            </div>
          </section>
        )}
        <section aria-label="moves">
          <ol class="move-list">
            {view.moves.map((m, i) => (
              <li key={i}>
                {i + 1}. {m}
              </li>
            ))}
            {view.rounds.map((r, i) => (
              <li key={`r${i}`}>
                {'command' in r ? `${i + 1}. ${r.command}` : `Round ${i + 1}: ${r[0].join(' ')} / ${r[1].join(' ')}`}
              </li>
            ))}
          </ol>
        </section>
        {seat !== null && view.status === 'active' && (
          <section class="actions">
            <div class="row">
              <button
                type="button"
                onClick={() => confirm('Resign?') && void act(() => api.resign(view.id, view.version))}
              >
                Resign
              </button>
              {view.drawOffer === null && (
                <button type="button" onClick={() => void act(() => api.draw(view.id, view.version, 'offer'))}>
                  Offer a draw
                </button>
              )}
              {view.drawOffer !== null && view.drawOffer !== seat && (
                <>
                  <span>Draw offered:</span>
                  <button type="button" onClick={() => void act(() => api.draw(view.id, view.version, 'accept'))}>
                    Accept
                  </button>
                  <button type="button" onClick={() => void act(() => api.draw(view.id, view.version, 'decline'))}>
                    Decline
                  </button>
                </>
              )}
              {view.takebackRequest === null && takebackOffered(view) && (
                <button type="button" onClick={() => void act(() => api.takeback(view.id, view.version, 'request'))}>
                  Ask to take back
                </button>
              )}
              {view.takebackRequest !== null && view.takebackRequest !== seat && (
                <>
                  <span>Takeback asked:</span>
                  <button type="button" onClick={() => void act(() => api.takeback(view.id, view.version, 'accept'))}>
                    Accept
                  </button>
                  <button type="button" onClick={() => void act(() => api.takeback(view.id, view.version, 'decline'))}>
                    Decline
                  </button>
                </>
              )}
            </div>
          </section>
        )}
        <section class="actions">
          <div class="row">
            <button type="button" onClick={() => setFlipped(!flipped)}>
              Flip board
            </button>
            <button
              type="button"
              onClick={() => void act(async () => download(`tactica-${view.id}.txt`, await api.exportRecord(view.id)))}
            >
              Export record
            </button>
            <button type="button" onClick={() => (openGame.value = undefined)}>
              Back to the lobby
            </button>
          </div>
        </section>
        <ShareLink id={view.id} />
        <section aria-label="chat">
          <h3>Chat</h3>
          <ul class="chat-log">
            {chat.map((c, i) => (
              <li key={c.id ?? i}>
                <b>{c.from ?? ''}</b>: {c.text}
              </li>
            ))}
          </ul>
          <form
            class="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (!say.trim()) return;
              void act(async () => {
                await api.say(view.id, say);
                setSay('');
              });
            }}
          >
            <input
              value={say}
              onInput={(e) => setSay((e.target as HTMLInputElement).value)}
              aria-label="message"
              maxLength={2000}
            />
            <button type="submit">Say</button>
          </form>
        </section>
      </div>
    </div>
  );
}

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
  if (me.value === null) return <Auth />;
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
