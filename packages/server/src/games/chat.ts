/**
 * Chat per game: players and spectators who are logged in write; everyone watching reads. Messages are short
 * plain text (control characters, bidi overrides and isolates, and lone surrogates removed), passed to every
 * instance whole with the change event.
 */
import type { User } from '../accounts/accounts.js';
import type { ChatMessage } from '../bus/change-bus.js';
import type { Storage } from '../storage/ports.js';
import { DomainError } from '../errors.js';

export const CHAT_MAX = 500;

/**
 * Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they reorder the text around them
 * and can make a message (or the name and text after it) read as something else. The marks (U+200E, U+200F,
 * U+061C) stay **(ours)**: they only set the direction of neutral characters, and right-to-left writers use them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** A surrogate not part of a pair (in a `u` regex a pair is one code point, so only lone halves match). */
const LONE_SURROGATES = /\p{Cs}/gu;

export function cleanChat(text: unknown): string {
  if (typeof text !== 'string') throw new DomainError('chat/bad-text', 'a message is text', 'text');
  const clean = text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .replace(LONE_SURROGATES, '')
    .trim();
  if (clean.length === 0 || clean.length > CHAT_MAX) {
    throw new DomainError('chat/bad-text', `a message is 1 to ${CHAT_MAX} characters`, 'text');
  }
  return clean;
}

export class Chat {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async post(gameId: number, user: User, text: unknown): Promise<ChatMessage> {
    const clean = cleanChat(text);
    const at = this.now();
    return this.storage.transaction(async (repos, notify) => {
      const id = await repos.games.addChat({ gameId, userId: user.id, text: clean, at });
      if (id === undefined) throw new DomainError('not-found', `game ${gameId} not found`);
      const message: ChatMessage = { id, gameId, from: user.name, text: clean, at };
      notify({ kind: 'chat', gameId, message });
      return message;
    });
  }

  async list(gameId: number, limit = 200): Promise<ChatMessage[]> {
    const lines = await this.storage.repos.games.chatOf(gameId, limit);
    return lines.map((l) => ({ id: l.id, gameId, from: l.name, text: l.text, at: l.at }));
  }
}
