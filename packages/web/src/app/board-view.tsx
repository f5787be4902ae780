/**
 * The board component inside Preact: created once per mount, fed new configs as they change. The board is fed in
 * the same commit as the rest of the screen (a layout effect, before the browser paints), never a frame later: with
 * a passive effect, the move list already showed the computer's answer while the board still held the position
 * before it and no legal moves, for a frame or more (45 ms measured), and a click in that window was refused.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { BoardInput } from '@tactica/catalogue';
import { createBoard, type BoardApi } from '../board/board.js';
import type { BoardConfig, LegalInput } from '../board/types.js';
import { exposeBoard } from './test-hook.js';

export interface BoardViewProps {
  readonly config: BoardConfig;
  readonly onInput: (input: LegalInput) => void;
  /** Gives the reason an input is not a move; the board shows it. */
  readonly onIllegal: (input: BoardInput) => string | undefined | Promise<string | undefined>;
  readonly onSquare?: (square: string) => boolean;
  /** The piece picked up changed (undefined: put down). */
  readonly onSelect?: (square: string | undefined) => void;
  readonly onReady?: (board: BoardApi) => void;
}

export function BoardView(props: BoardViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardApi | undefined>(undefined);
  const handlers = useRef(props);
  handlers.current = props;

  useLayoutEffect(() => {
    if (!host.current) return undefined;
    const b = createBoard(host.current, props.config, {
      onInput: (i) => handlers.current.onInput(i),
      onIllegal: (i) => {
        void Promise.resolve(handlers.current.onIllegal(i)).then((why) => {
          if (why) b.message(why);
        });
      },
      onSquare: (sq) => handlers.current.onSquare?.(sq) ?? false,
      onSelect: (sq) => handlers.current.onSelect?.(sq),
    });
    board.current = b;
    props.onReady?.(b);
    exposeBoard(b);
    return () => b.destroy();
  }, []);

  useLayoutEffect(() => {
    board.current?.set(props.config);
  }, [props.config]);

  return <div class="board-host" ref={host} />;
}
