/**
 * Beside an online game: its shareable link (always), and once it is over, the analysis board and the rematch —
 * offered to the opponent, or theirs to accept. The opponent's offer is heard through the lobby's changes on the stream, as the lobby hears
 * challenges.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Challenge, type GameView } from './api.js';
import { analysable, openAnalysisBoard, type FinishedGame } from './analysis-board.js';
import { gameLink, rematchOf, rematchOffered } from './rematch.js';
import type { Stream } from './stream.js';

export function ShareLink(props: { id: number }) {
  const link = gameLink(props.id, location.href);
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <p class="share-link">
      Link to this game: <a href={link}>{link}</a>{' '}
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
    </p>
  );
}

/** "Analyse": the finished game on the local board with the engine's analysis; never offered while it is played. */
export function Analyse(props: { game: FinishedGame }) {
  const [note, setNote] = useState<string | undefined>(undefined);
  if (!analysable(props.game)) return null;
  return (
    <>
      <button
        type="button"
        class="analyse-game"
        title="Open this game on the analysis board: the engine may help now that it is over"
        onClick={() => void openAnalysisBoard(props.game).then(setNote)}
      >
        Analyse
      </button>
      {note && <span class="notice">{note}</span>}
    </>
  );
}

export function Rematch(props: { view: GameView; stream: () => Stream; open: (game: number) => void }) {
  const { view } = props;
  const body = rematchOf(view);
  const [challenges, setChallenges] = useState<readonly Challenge[]>([]);
  const [note, setNote] = useState<string | undefined>(undefined);
  const finished = view.status === 'finished' && body !== undefined;
  useEffect(() => {
    if (!finished) return undefined;
    const read = () => void api.challenges().then(setChallenges, () => undefined);
    const s = props.stream();
    const off = s.on((m) => {
      if (m.type === 'lobby') read();
    });
    s.watchLobby(true);
    read();
    return () => {
      off();
      s.watchLobby(false);
    };
  }, [finished]);
  if (!finished || !body) return view.status === 'finished' ? <Analyse game={view} /> : null;
  const myName = view.viewer === null ? null : view.players[view.viewer].name;
  const mine = challenges.find(
    (c) => c.status === 'open' && c.challenger === myName && c.opponent === body.opponent && c.family === body.family,
  );
  const theirs = rematchOffered(view, challenges);
  const offer = async () => {
    try {
      const c = await api.challenge(body);
      setChallenges((cs) => [...cs, c]);
      setNote(`Rematch offered to ${body.opponent}: the game opens when they accept.`);
    } catch (e) {
      setNote(errorText(e));
    }
  };
  const accept = async (id: number) => {
    try {
      props.open((await api.accept(id)).game.id);
    } catch (e) {
      setNote(errorText(e));
    }
  };
  return (
    <section class="rematch" aria-label="rematch">
      <Analyse game={view} />{' '}
      {theirs ? (
        <p>
          {theirs.challenger} offers a rematch.{' '}
          <button type="button" class="primary" onClick={() => void accept(theirs.id)}>
            Accept the rematch
          </button>{' '}
          <button
            type="button"
            onClick={() =>
              void api.decline(theirs.id).then(
                () => setChallenges((cs) => cs.filter((c) => c.id !== theirs.id)),
                (e: unknown) => setNote(errorText(e)),
              )
            }
          >
            Decline
          </button>
        </p>
      ) : mine ? (
        <p>Rematch offered to {body.opponent}: waiting for an answer.</p>
      ) : (
        <button type="button" class="primary" onClick={() => void offer()}>
          Rematch
        </button>
      )}
      {note && <p class="notice">{note}</p>}
    </section>
  );
}
