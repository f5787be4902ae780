/**
 * The lobby's form for a new online game: an open seek, a challenge to a named player, or a game against the server's
 * computer, with the game's options, the side, rated or casual, and the time control.
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_FAMILIES, loadEntry, takesLiveClock, type GameFamily, type OptionValue } from '@tactica/catalogue';
import type { Player } from '@tactica/core';
import { ClockFields, defaults, OptionField, type ClockChoice } from '../app/new-game.js';
import { api, errorText, type CatalogueGame, type TimeControl } from './api.js';
import { askToNotify, openGame } from './session.js';

type Kind = 'seek' | 'challenge' | 'computer';
type ControlKind = 'none' | 'live' | 'correspondence';
type SeatChoice = '0' | '1' | 'random';

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

/** The time control the form's choices make. */
function timeControl(control: ControlKind, live: ClockChoice, days: number): TimeControl {
  return control === 'none'
    ? { kind: 'none' }
    : control === 'live'
      ? {
          kind: 'live',
          mode: live.mode === 'move' ? 'move' : 'game',
          limit: live.limit === 'none' ? 'normal' : live.limit,
          increment: live.mode === 'move' ? 0 : live.increment,
        }
      : { kind: 'correspondence', daysPerMove: days, nagDays: Math.max(1, Math.min(7, days - 1)) };
}

/**
 * The options and level of the chosen family, set to its defaults when it changes. The options and level shown
 * belong to this family only once its entry has loaded (`readyFor`); until then they are another family's, and
 * sending them would make a game with the wrong options (or be refused), so the form waits.
 */
function useFamilyChoices(family: GameFamily, game: CatalogueGame | undefined) {
  const [values, setValues] = useState<Record<string, OptionValue>>({});
  const [level, setLevel] = useState('');
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
  return { values, setValues, level, setLevel, ready: readyFor === family };
}

function KindField(props: { kind: Kind; onChange: (kind: Kind) => void }) {
  return (
    <div class="field">
      <label for="ch-kind">Kind</label>
      <select
        id="ch-kind"
        value={props.kind}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as Kind)}
      >
        <option value="seek">Open seek (anyone may accept)</option>
        <option value="challenge">Challenge a player</option>
        <option value="computer">Play the server's computer</option>
      </select>
    </div>
  );
}

function FamilyField(props: {
  catalogue: readonly CatalogueGame[];
  family: GameFamily;
  onChange: (family: GameFamily) => void;
}) {
  return (
    <div class="field">
      <label for="ch-family">Game</label>
      <select
        id="ch-family"
        value={props.family}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as GameFamily)}
      >
        {props.catalogue.map((g) => (
          <option key={g.family} value={g.family}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function SeatField(props: { seat: SeatChoice; onChange: (seat: SeatChoice) => void }) {
  return (
    <div class="field">
      <label for="ch-seat">Your side</label>
      <select
        id="ch-seat"
        value={props.seat}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as SeatChoice)}
      >
        <option value="random">Random</option>
        <option value="0">First (White / Player 1)</option>
        <option value="1">Second (Black / Player 2)</option>
      </select>
    </div>
  );
}

function LevelField(props: { game: CatalogueGame | undefined; level: string; onChange: (level: string) => void }) {
  return (
    <div class="field">
      <label for="ch-level">Level</label>
      <select id="ch-level" value={props.level} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {props.game?.levels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The time control: none, a live clock (sequential games only) or correspondence with its days a move. */
function TimeFields(props: {
  game: CatalogueGame | undefined;
  control: ControlKind;
  onControl: (control: ControlKind) => void;
  live: ClockChoice;
  onLive: (live: ClockChoice) => void;
  days: number;
  onDays: (days: number) => void;
}) {
  return (
    <>
      <div class="field">
        <label for="ch-control">Time</label>
        <select
          id="ch-control"
          value={props.control}
          onChange={(e) => props.onControl((e.target as HTMLSelectElement).value as ControlKind)}
        >
          <option value="none">None</option>
          {props.game && takesLiveClock(props.game) && <option value="live">Live clock</option>}
          <option value="correspondence">Correspondence</option>
        </select>
      </div>
      {props.control === 'live' && <ClockFields idPrefix="ch" value={props.live} onChange={props.onLive} />}
      {props.control === 'correspondence' && (
        <div class="field">
          <label for="ch-days">Days a move</label>
          <input
            id="ch-days"
            type="number"
            min={1}
            max={365}
            value={props.days}
            onInput={(e) => props.onDays(Number((e.target as HTMLInputElement).value))}
          />
        </div>
      )}
    </>
  );
}

export function ChallengeForm(props: { catalogue: readonly CatalogueGame[]; onDone: () => void }) {
  const [family, setFamily] = useState<GameFamily>(GAME_FAMILIES[0]);
  const game = props.catalogue.find((g) => g.family === family);
  const { values, setValues, level, setLevel, ready } = useFamilyChoices(family, game);
  const [kind, setKind] = useState<Kind>('seek');
  const [opponent, setOpponent] = useState('');
  const [seat, setSeat] = useState<SeatChoice>('random');
  const [rated, setRated] = useState(true);
  const [engineHelp, setEngineHelp] = useState(false);
  const [control, setControl] = useState<ControlKind>('none');
  const [live, setLive] = useState<ClockChoice>({ mode: 'game', limit: 'normal', increment: 0 });
  const [days, setDays] = useState(3);
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!ready) return;
    try {
      if (kind === 'computer') {
        const view = await api.playComputer({
          family,
          options: values,
          level,
          seat: seat === 'random' ? 'random' : (Number(seat) as Player),
          control: timeControl(control, live, days),
        });
        openGame.value = view.id;
      } else {
        askToNotify();
        await api.challenge({
          family,
          options: values,
          control: timeControl(control, live, days),
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
      <KindField kind={kind} onChange={setKind} />
      {kind === 'challenge' && (
        <div class="field">
          <label for="ch-opponent">Opponent</label>
          <input id="ch-opponent" value={opponent} onInput={(e) => setOpponent((e.target as HTMLInputElement).value)} />
        </div>
      )}
      <FamilyField catalogue={props.catalogue} family={family} onChange={setFamily} />
      {game?.options.map((spec) => (
        <OptionField
          key={spec.key}
          idPrefix="ch"
          spec={spec}
          value={values[spec.key] ?? spec.default}
          onChange={(v) => setValues({ ...values, [spec.key]: v })}
        />
      ))}
      <SeatField seat={seat} onChange={setSeat} />
      {kind === 'computer' ? (
        <LevelField game={game} level={level} onChange={setLevel} />
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
      <TimeFields
        game={game}
        control={control}
        onControl={setControl}
        live={live}
        onLive={setLive}
        days={days}
        onDays={setDays}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={!ready}>
        {kind === 'seek' ? 'Post the seek' : kind === 'challenge' ? 'Send the challenge' : 'Start'}
      </button>
    </form>
  );
}
