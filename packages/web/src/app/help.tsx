/**
 * The help: the site's own page (online play, clocks, correspondence, saving, the keyboard) and each game's page,
 * its rules in short and how it is played here (loaded with the game).
 */
import { useEffect, useState } from 'preact/hooks';
import { GAME_LISTINGS, type GameFamily } from '@tactica/catalogue';
import { loadGameUi, type HelpPage } from '../games/game-ui.js';
import { siteHelp, SITE_HELP } from './site-help.js';
import { go, current } from './state.js';
import { useWatch } from './use-watch.js';

export function HelpScreen(props: { family: GameFamily | 'site' }) {
  const [page, setPage] = useState<HelpPage | undefined>();
  useWatch(() => current.value);
  useEffect(() => {
    let live = true;
    const family = props.family;
    setPage(undefined);
    if (family === SITE_HELP) setPage(siteHelp);
    else void loadGameUi(family).then((ui) => live && setPage(ui.help));
    return () => {
      live = false;
    };
  }, [props.family]);
  return (
    <article class="help" aria-labelledby="help-title">
      <nav class="help-nav" aria-label="games">
        <button
          type="button"
          aria-current={props.family === SITE_HELP}
          onClick={() => go({ screen: 'help', family: SITE_HELP })}
        >
          Using Tactica
        </button>
        {GAME_LISTINGS.map((g) => (
          <button
            type="button"
            key={g.family}
            aria-current={g.family === props.family}
            onClick={() => go({ screen: 'help', family: g.family })}
          >
            {g.name}
          </button>
        ))}
        {current.value && (
          <button type="button" onClick={() => go({ screen: 'game' })}>
            Back to the game
          </button>
        )}
      </nav>
      {page ? (
        <>
          <h2 id="help-title">{page.title}</h2>
          {props.family !== SITE_HELP && (
            <p class="origin">From {GAME_LISTINGS.find((g) => g.family === props.family)?.origin}.</p>
          )}
          {page.sections.map((s) => (
            <section key={s.heading}>
              <h3>{s.heading}</h3>
              {s.body}
            </section>
          ))}
        </>
      ) : (
        <p>Loading…</p>
      )}
    </article>
  );
}
