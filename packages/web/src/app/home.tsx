/** The first screen: the five games, the game in progress, the saved games, files to open. */
import { useEffect, useState } from 'preact/hooks';
import { GAME_LISTINGS, type GameFamily } from '@tactica/catalogue';

/** What the file picker offers: a stored game, or a record of any game (the listing's extensions). */
const RECORD_ACCEPT = ['json', ...new Set(GAME_LISTINGS.flatMap((l) => l.recordExtensions))]
  .map((e) => `.${e}`)
  .join(',');
import type { StoreListing } from '@tactica/core';
import { readFile, readGameFile } from './files.js';
import { alert, busy, current, go, open, openRecord, openSave, savesRev, store } from './state.js';
import { useWatch } from './use-watch.js';

export async function openFile(file: File): Promise<void> {
  busy.value = `Reading ${file.name}…`;
  try {
    const read = await readFile(file);
    if (!read.ok) {
      alert.value = { kind: 'error', text: read.error.message };
      return;
    }
    const game = await readGameFile(read.value);
    if (!game.ok) {
      alert.value = { kind: 'error', text: game.error.message };
      return;
    }
    if (game.value.kind === 'stored') {
      await open(game.value.restored, { title: read.value.name });
    } else {
      const why = await openRecord(game.value.entry, game.value.record, read.value.name);
      if (why) {
        alert.value = { kind: 'error', text: why };
        return;
      }
    }
    alert.value = { kind: 'info', text: `Opened ${read.value.name}.` };
  } finally {
    busy.value = undefined;
  }
}

function Saves() {
  const [list, setList] = useState<StoreListing | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void store.list().then((r) => (r.ok ? setList(r.value) : setError(r.error.message)));
  }, [savesRev.value]);
  if (error) return <p class="error">{error}</p>;
  if (!list || (list.games.length === 0 && list.damaged.length === 0)) return <p class="muted">No saved games yet.</p>;
  return (
    <ul class="saves">
      {list.games.map((g) => (
        <li key={g.id}>
          <button
            type="button"
            class="save-open"
            onClick={async () => {
              const why = await openSave(g.id);
              if (why) alert.value = { kind: 'error', text: why };
            }}
          >
            {g.title}
          </button>
          <span class="muted">
            {GAME_LISTINGS.find((l) => l.family === g.family)?.name ?? g.family} · {g.summary} ·{' '}
            {new Date(g.savedAt).toLocaleString()}
          </span>
          <button
            type="button"
            class="small"
            aria-label={`delete ${g.title}`}
            onClick={async () => {
              if (!confirm(`Delete the save "${g.title}"?`)) return;
              const r = await store.delete(g.id, { expectedVersion: g.version });
              if (!r.ok) alert.value = { kind: 'error', text: r.error.message };
              savesRev.value++;
            }}
          >
            Delete
          </button>
        </li>
      ))}
      {list.damaged.map((d) => (
        <li key={d.name} class="damaged">
          <span>Damaged: {d.error.message}</span>
        </li>
      ))}
    </ul>
  );
}

export function Home(props: { onNew: (family: GameFamily) => void }) {
  useWatch(() => [current.value, savesRev.value]);
  return (
    <div class="home">
      <section class="games" aria-label="games">
        <h2>Play</h2>
        <ul class="game-cards">
          {GAME_LISTINGS.map((g) => (
            <li key={g.family} class="game-card">
              <h3>{g.name}</h3>
              <p>{g.summary}</p>
              <p class="muted">{g.origin}</p>
              <div class="row">
                <button type="button" class="primary" data-new={g.family} onClick={() => props.onNew(g.family)}>
                  New game
                </button>
                <button type="button" onClick={() => go({ screen: 'help', family: g.family })}>
                  Rules
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {current.value && (
        <section>
          <button type="button" class="primary" onClick={() => go({ screen: 'game' })}>
            Back to the game in progress
          </button>
        </section>
      )}
      <section aria-label="saved games">
        <h2>Saved in this browser</h2>
        <Saves />
      </section>
      <section aria-label="files">
        <h2>Open a file</h2>
        <p>
          A Tactica game (.json) or a record: PDN for draughts, the Force 400 record, the Tactics record, the Tactrix!
          .tac, a ++Tactorus export. You can also drop a file anywhere on the page.
        </p>
        <input
          type="file"
          aria-label="open a game file"
          accept={RECORD_ACCEPT}
          onChange={(e) => {
            const f = (e.target as HTMLInputElement).files?.[0];
            if (f) void openFile(f);
            (e.target as HTMLInputElement).value = '';
          }}
        />
      </section>
    </div>
  );
}
