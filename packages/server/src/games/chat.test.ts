/**
 * Chat text is plain text whatever is sent: control characters, bidi overrides and isolates (which reorder what a
 * reader sees) and lone surrogates (which are not text) are removed; the direction marks right-to-left writers use
 * stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { cleanChat } from './chat.js';

describe('chat text', () => {
  let server: TestServer;
  let ann: Client;
  let id: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    ann = await new Client(server.url).signUp('chatann');
    const ben = await new Client(server.url).signUp('chatben');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', { family: 'draughts', opponent: ben.name });
    id = (await ben.request<{ game: { id: number } }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps no bidi override, isolate or lone surrogate, as posted and as listed', async () => {
    // "good move" that a bidi override would show reversed, isolates, and lone halves of a surrogate pair.
    const sent = 'good \u202emove\u202c \u2066x\u2069 \u2067y\u2068z\u2069 \ud800a\udc00 \u{1f600} \u200fok';
    const posted = await ann.request<{ text: string }>('POST', `/api/games/${id}/chat`, { text: sent });
    expect(posted.status).toBe(201);
    const want = 'good move x yz a \u{1f600} \u200fok';
    expect(posted.body.text).toBe(want);
    const listed = await ann.request<{ text: string }[]>('GET', `/api/games/${id}/chat`);
    expect(listed.body.at(-1)?.text).toBe(want);
    expect(/\p{Cs}/u.test(listed.body.at(-1)?.text ?? '')).toBe(false);
    // Nothing left once they are gone is no message.
    const empty = await ann.request<{ error: { code: string } }>('POST', `/api/games/${id}/chat`, {
      text: '\u202e\ud800\u2066',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('chat/bad-text');
  });

  it('cleanChat (the mail gateway uses it too) removes every override and isolate', () => {
    for (let c = 0x202a; c <= 0x202e; c++) expect(cleanChat(`a${String.fromCharCode(c)}b`)).toBe('ab');
    for (let c = 0x2066; c <= 0x2069; c++) expect(cleanChat(`a${String.fromCharCode(c)}b`)).toBe('ab');
    expect(cleanChat('a\udfffb\ud83d')).toBe('ab');
  });
});
