/** A game's chat: its lines so far (live over the stream) and a line to say. */
import { useState } from 'preact/hooks';
import { api, type ChatMessage } from './api.js';
import type { Act } from './game-panels.js';

export function GameChat(props: { id: number; chat: readonly ChatMessage[]; act: Act }) {
  const [say, setSay] = useState('');
  return (
    <section aria-label="chat">
      <h3>Chat</h3>
      <ul class="chat-log">
        {props.chat.map((c, i) => (
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
          void props.act(async () => {
            await api.say(props.id, say);
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
  );
}
