/**
 * The online game screen: the server's view of one game, live over the stream, on the same board component as
 * offline play (the view carries the board model and the legal inputs; the rules package, loaded with the game,
 * explains a refused drag), with its clocks, moves, the players' actions, chat, and the game's own online parts.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { loadEntry, type BoardInput } from '@tactica/catalogue';
import { rotated, type Arrow, type BoardConfig, type LegalInput } from '../board/types.js';
import { BoardView } from '../app/board-view.js';
import { settings } from '../app/state.js';
import { sound } from '../app/sound.js';
import { loadGameUi, type GameUi } from '../games/game-ui.js';
import { ShareLink } from './after-game.js';
import { api, ApiError, errorText, type ChatMessage, type GameView } from './api.js';
import { engineHelpAllowed } from './fair-play.js';
import { GameChat } from './game-chat.js';
import { GameClocks, GameHeading, MoveList, OrdersPanel, PlayerActions, ScreenActions } from './game-panels.js';
import { openGameOver, streamOf } from './session.js';
import { notifyTurn, turnBegan } from './your-turn.js';

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

/**
 * One game as the server shows it, kept current: its view (from the stream, or read again), the game's UI once
 * loaded, its chat, the time the view arrived and a clock ticking for the clocks' countdown, and the note (a
 * refusal) shown over the board.
 */
function useOnlineGame(id: number) {
  const [view, setView] = useState<GameView | undefined>();
  const [ui, setUi] = useState<GameUi | undefined>();
  const [received, setReceived] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [chat, setChat] = useState<readonly ChatMessage[]>([]);
  const [note, setNote] = useState<string | undefined>();
  const last = useRef<GameView | undefined>(undefined);
  /** A view read from the server, shown unless the stream has brought a newer one meanwhile. */
  const adopt = (v: GameView): void => {
    if (!last.current || v.version >= last.current.version) {
      last.current = v;
      setView(v);
      setReceived(Date.now());
    }
  };

  useEffect(() => {
    let live = true;
    const s = streamOf();
    const off = s.on((m) => {
      if (m.type === 'game' && m.view.id === id) {
        const before = last.current;
        if (before && m.view.version > before.version && settings.value.sound !== 'off') {
          sound(settings.value.sound, m.view.status === 'finished' && before.status !== 'finished' ? 'end' : 'move');
        }
        if (turnBegan(before, m.view)) notifyTurn(m.view);
        last.current = m.view;
        setView(m.view);
        setReceived(Date.now());
      } else if (m.type === 'chat' && (m.message.gameId === undefined || m.message.gameId === id)) {
        setChat((c) => [...c, m.message]);
      }
    });
    s.subscribe(id);
    void api.game(id).then(
      (v) => {
        if (!live) return;
        adopt(v);
        void loadGameUi(v.family).then((u) => live && setUi(u));
      },
      (e: unknown) => setNote(errorText(e)),
    );
    void api.chat(id).then(
      (c) => live && setChat(c),
      () => undefined,
    );
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => {
      live = false;
      off();
      s.unsubscribe(id);
      clearInterval(t);
    };
  }, [id]);

  useEffect(() => {
    openGameOver.value = view?.status === 'finished';
    return () => (openGameOver.value = false);
  }, [view?.status]);

  return { view, ui, received, now, chat, note, setNote, adopt };
}

/** The board's configuration for a view: the server's model and legal inputs, turned as the player sees it. */
function useBoardConfig(
  view: GameView | undefined,
  ui: GameUi | undefined,
  flipped: boolean,
  arrows: readonly Arrow[],
): BoardConfig | undefined {
  return useMemo(() => {
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
}

export function OnlineGame(props: { id: number }) {
  const { view, ui, received, now, chat, note, setNote, adopt } = useOnlineGame(props.id);
  const [flipped, setFlipped] = useState(false);
  const [arrows, setArrows] = useState<readonly Arrow[]>([]);
  const config = useBoardConfig(view, ui, flipped, arrows);

  if (!view || !ui || !config) return <p>{note ?? 'Loading the game…'}</p>;
  const act = async (f: () => Promise<unknown>) => {
    try {
      await f();
      setNote(undefined);
    } catch (e) {
      setNote(errorText(e));
      // Refused for a position the game has left: show the game as it is now (the stream may have missed it).
      if (e instanceof ApiError && e.code === 'game/stale-version') void api.game(view.id).then(adopt);
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
  const { OnlineStatus, OnlineControls, OnlineUnderBoard } = ui;
  const withdraw = () => api.withdraw(view.id, view.version);
  return (
    <div class="game-screen online-game" data-game={view.id} data-version={view.version} data-family={view.family}>
      <div class="board-column">
        <GameClocks view={view} names={names} now={now} received={received} />
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
        <GameHeading view={view} ui={ui} names={names} />
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
          <OrdersPanel view={view} seat={seat} send={send} act={act} withdraw={withdraw} />
        )}
        <MoveList view={view} />
        {seat !== null && view.status === 'active' && <PlayerActions view={view} seat={seat} act={act} />}
        <ScreenActions view={view} act={act} flip={() => setFlipped(!flipped)} />
        <ShareLink id={view.id} />
        <GameChat id={view.id} chat={chat} act={act} />
      </div>
    </div>
  );
}
