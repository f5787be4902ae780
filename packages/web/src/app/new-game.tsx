/**
 * The new-game dialog: the game, every option its schema has (drawn from the catalogue's `OptionSpec`s, so every
 * rule set and option of every game is here), the opponent (the computer at a level, or a friend at this screen),
 * the side, and the Draughts Galore clock for sequential games.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  GAME_LISTINGS,
  listing,
  loadEntry,
  takesLiveClock,
  type AnyGameEntry,
  type GameFamily,
  type OptionSpec,
  type OptionValue,
} from '@tactica/catalogue';
import type { Player, SessionClock, StoredEntry, TimeLimit, TimeMode } from '@tactica/core';
import { seatsFor } from './local-game.js';
import { openSave, savesRev, startGame, store } from './state.js';

export function OptionField(props: {
  spec: OptionSpec;
  value: OptionValue;
  onChange: (v: OptionValue) => void;
  idPrefix: string;
}) {
  const { spec, value, onChange } = props;
  const id = `${props.idPrefix}-${spec.key}`;
  let input;
  switch (spec.kind) {
    case 'choice':
      input = (
        <select
          id={id}
          name={spec.key}
          value={String(value)}
          onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
        >
          {spec.choices.map((c) => (
            <option value={c.id} key={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'flag':
      input = (
        <input
          id={id}
          name={spec.key}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
        />
      );
      break;
    case 'integer':
      input = (
        <input
          id={id}
          name={spec.key}
          type="number"
          min={spec.min}
          max={spec.max}
          value={String(value)}
          onInput={(e) => onChange(Number((e.target as HTMLInputElement).value))}
        />
      );
      break;
    case 'text':
      input = (
        <input
          id={id}
          name={spec.key}
          type="text"
          maxLength={spec.maxLength}
          value={String(value)}
          placeholder="standard"
          onInput={(e) => onChange((e.target as HTMLInputElement).value)}
        />
      );
      break;
  }
  return (
    <div class={`field field-${spec.kind}`}>
      <label for={id}>{spec.label}</label>
      {input}
      <small>{spec.help}</small>
    </div>
  );
}

export function defaults(entry: AnyGameEntry): Record<string, OptionValue> {
  return Object.fromEntries(entry.options.map((o) => [o.key, o.default]));
}

export interface ClockChoice {
  readonly mode: 'auto' | TimeMode;
  readonly limit: TimeLimit | 'none';
  readonly increment: number;
}

export function ClockFields(props: { value: ClockChoice; onChange: (c: ClockChoice) => void; idPrefix: string }) {
  const { value, onChange } = props;
  return (
    <fieldset class="clock-fields">
      <legend>Clock</legend>
      <div class="field">
        <label for={`${props.idPrefix}-limit`}>Time</label>
        <select
          id={`${props.idPrefix}-limit`}
          name="limit"
          value={value.limit}
          onChange={(e) => onChange({ ...value, limit: (e.target as HTMLSelectElement).value as ClockChoice['limit'] })}
        >
          <option value="none">No clock</option>
          <option value="off">No limit, time shown</option>
          <option value="normal">Normal: 5 min a move, or 30 min a game</option>
          <option value="blitz">Blitz: 10 s a move, or 6 min a game; no takeback</option>
        </select>
      </div>
      <div class="field">
        <label for={`${props.idPrefix}-mode`}>Counted</label>
        <select
          id={`${props.idPrefix}-mode`}
          name="mode"
          value={value.mode}
          disabled={value.limit === 'none'}
          onChange={(e) => onChange({ ...value, mode: (e.target as HTMLSelectElement).value as ClockChoice['mode'] })}
        >
          <option value="auto">As the game is usually played</option>
          <option value="move">Per move: out of time, a random move is played</option>
          <option value="game">Per game: out of time, the game is lost</option>
        </select>
      </div>
      <div class="field">
        <label for={`${props.idPrefix}-inc`}>Seconds added a move</label>
        <input
          id={`${props.idPrefix}-inc`}
          type="number"
          min={0}
          max={60}
          value={value.increment}
          disabled={value.limit === 'none' || value.mode === 'move'}
          onInput={(e) => onChange({ ...value, increment: Number((e.target as HTMLInputElement).value) })}
        />
      </div>
    </fieldset>
  );
}

/**
 * The set-up's first question in Force 400's manual, "Reload a saved game?", offered for every game **(ours)**: the
 * games of this family saved in this browser, to continue one instead of starting anew. Nothing when there are none.
 */
function ReloadSaved(props: { family: GameFamily; onOpened: () => void; onError: (why: string) => void }) {
  const [saves, setSaves] = useState<readonly StoredEntry[]>([]);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    let live = true;
    void store.list({ family: props.family }).then((r) => {
      if (!live || !r.ok) return;
      setSaves(r.value.games);
      setChosen(r.value.games[0]?.id ?? '');
    });
    return () => {
      live = false;
    };
  }, [props.family, savesRev.value]);
  if (saves.length === 0) return null;
  return (
    <fieldset class="reload-saved">
      <legend>Reload a saved game</legend>
      <div class="field">
        <label for="ng-reload">Saved game</label>
        <select id="ng-reload" value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
          {saves.map((g) => (
            <option value={g.id} key={g.id}>
              {g.title} ({g.summary})
            </option>
          ))}
        </select>
      </div>
      <div class="buttons">
        <button
          type="button"
          onClick={async () => {
            const why = await openSave(chosen);
            if (why) props.onError(why);
            else props.onOpened();
          }}
        >
          Reload
        </button>
      </div>
    </fieldset>
  );
}

function clockOf(c: ClockChoice, autoMode: TimeMode): SessionClock | undefined {
  if (c.limit === 'none') return undefined;
  const mode = c.mode === 'auto' ? autoMode : c.mode;
  return { mode, limit: c.limit, ...(mode === 'game' && c.increment > 0 ? { incrementMs: c.increment * 1000 } : {}) };
}

export function NewGameDialog(props: { family: GameFamily; onClose: () => void }) {
  const [family, setFamily] = useState<GameFamily>(props.family);
  const [entry, setEntry] = useState<AnyGameEntry | undefined>();
  const [values, setValues] = useState<Record<string, OptionValue>>({});
  const [opponent, setOpponent] = useState<'computer' | 'friend'>('computer');
  const [side, setSide] = useState<Player>(0);
  const [level, setLevel] = useState('');
  const [clock, setClock] = useState<ClockChoice>({ mode: 'auto', limit: 'none', increment: 0 });
  const [error, setError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    let live = true;
    setEntry(undefined);
    loadEntry(family).then(
      (e) => {
        if (!live) return;
        setEntry(e);
        setValues(defaults(e));
        const lv = e.levels;
        setLevel(lv[Math.min(1, lv.length - 1)]?.id ?? '');
        setError(undefined);
      },
      (e: unknown) => live && setError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [family]);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!entry) return;
    setStarting(true);
    const setup = entry.setup(values);
    const auto = setup.ok && 'autoTimeMode' in setup.value ? setup.value.autoTimeMode : 'game';
    const why = await startGame({
      family,
      options: values,
      seats: seatsFor(opponent, side, level),
      clock: takesLiveClock(entry) ? clockOf(clock, auto) : undefined,
    });
    setStarting(false);
    if (why) setError(why);
    else props.onClose();
  };

  const sides = listing(family).sides;
  return (
    <div class="modal-back" role="dialog" aria-labelledby="ng-title">
      <form class="modal new-game" aria-modal="true" aria-labelledby="ng-title" onSubmit={submit}>
        <h2 id="ng-title">New game</h2>
        <div class="field">
          <label for="ng-family">Game</label>
          <select
            id="ng-family"
            name="family"
            value={family}
            onChange={(e) => setFamily((e.target as HTMLSelectElement).value as GameFamily)}
          >
            {GAME_LISTINGS.map((g) => (
              <option value={g.family} key={g.family}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <ReloadSaved family={family} onOpened={props.onClose} onError={setError} />
        {!entry && !error && <p>Loading the rules…</p>}
        {entry && (
          <>
            <fieldset>
              <legend>Rules and options</legend>
              {entry.options.map((spec) => (
                <OptionField
                  key={spec.key}
                  idPrefix="ng"
                  spec={spec}
                  value={values[spec.key] ?? spec.default}
                  onChange={(v) => setValues({ ...values, [spec.key]: v })}
                />
              ))}
            </fieldset>
            <fieldset>
              <legend>Players</legend>
              <div class="field">
                <label for="ng-opponent">Opponent</label>
                <select
                  id="ng-opponent"
                  name="opponent"
                  value={opponent}
                  onChange={(e) => setOpponent((e.target as HTMLSelectElement).value as 'computer' | 'friend')}
                >
                  <option value="computer">The computer</option>
                  <option value="friend">A friend at this screen</option>
                </select>
              </div>
              {opponent === 'computer' && (
                <>
                  <div class="field">
                    <label for="ng-side">You play</label>
                    <select
                      id="ng-side"
                      name="side"
                      value={String(side)}
                      onChange={(e) => setSide(Number((e.target as HTMLSelectElement).value) as Player)}
                    >
                      <option value="0">{sides[0]}</option>
                      <option value="1">{sides[1]}</option>
                    </select>
                  </div>
                  <div class="field">
                    <label for="ng-level">Computer level</label>
                    <select
                      id="ng-level"
                      name="level"
                      value={level}
                      onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}
                    >
                      {entry.levels.map((l) => (
                        <option value={l.id} key={l.id} title={l.description}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                    <small>{entry.levels.find((l) => l.id === level)?.description}</small>
                  </div>
                </>
              )}
            </fieldset>
            {takesLiveClock(entry) && <ClockFields idPrefix="ng" value={clock} onChange={setClock} />}
          </>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <div class="buttons">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={!entry || starting}>
            {starting ? 'Starting…' : 'Start'}
          </button>
        </div>
      </form>
    </div>
  );
}
