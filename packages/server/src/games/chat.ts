/**
 * Chat per game: players and spectators who are logged in write; everyone watching reads. Messages are short
 * plain text (control characters removed), passed to every instance whole with the change event.
 */
import type { User } from '../accounts/accounts.js';
import type { ChatMessage, Database } from '../db/database.js';
import { ApiError } from '../errors.js';

export const CHAT_MAX = 500;

export function cleanChat(text: unknown): string {
  if (typeof text !== 'string') throw new ApiError(400, 'chat/bad-text', 'a message is text', 'text');
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  if (clean.length === 0 || clean.length > CHAT_MAX) {
    throw new ApiError(400, 'chat/bad-text', `a message is 1 to ${CHAT_MAX} characters`, 'text');
  }
  return clean;
}

export class Chat {
  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async post(gameId: number, user: User, text: unknown): Promise<ChatMessage> {
    const clean = cleanChat(text);
    const at = this.now();
    return this.database.transaction(async (tx, notify) => {
      const exists = await tx.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!exists) throw new ApiError(404, 'not-found', `game ${gameId} not found`);
      const row = await tx
        .insertInto('chat')
        .values({ game_id: gameId, user_id: user.id, text: clean, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const message: ChatMessage = { id: row.id, gameId, from: user.name, text: clean, at };
      notify({ kind: 'chat', gameId, message });
      return message;
    });
  }

  async list(gameId: number, limit = 200): Promise<ChatMessage[]> {
    const rows = await this.database.db
      .selectFrom('chat')
      .leftJoin('users', 'users.id', 'chat.user_id')
      .select(['chat.id', 'chat.text', 'chat.created_at', 'users.name'])
      .where('chat.game_id', '=', gameId)
      .orderBy('chat.id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ id: r.id, gameId, from: r.name, text: r.text, at: r.created_at }));
  }
}
