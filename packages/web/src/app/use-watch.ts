/**
 * Re-renders a component when any signal `read` reads changes. The screens subscribe explicitly, through the
 * signals' own `effect`, rather than by reading `.value` during render: that auto-tracking did not re-render our
 * components in the production build (measured: the game's version signal changed, the screen stayed), and an
 * explicit subscription says in one place what a screen depends on. It subscribes once, to the signals the first
 * read reaches (and those later reads reach as they run): a component must not be handed other signals' owners
 * later, so the game screen is keyed by its game.
 */
import { effect } from '@preact/signals';
import { useEffect, useReducer, useRef } from 'preact/hooks';

export function useWatch(read: () => unknown): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const ref = useRef(read);
  ref.current = read;
  useEffect(() => {
    let first = true;
    return effect(() => {
      ref.current();
      if (first) first = false;
      else bump(0);
    });
  }, []);
}
