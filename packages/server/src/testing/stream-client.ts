/** A WebSocket client of the event stream for tests: messages are queued and awaited with a timeout. */
import WebSocket from 'ws';

export type StreamMessage = Record<string, unknown> & { type: string };

export class StreamClient {
  private readonly messages: StreamMessage[] = [];
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as StreamMessage);
      for (const w of this.waiters.splice(0)) w();
    });
    socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(base: string, token?: string): Promise<StreamClient> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/stream`, {
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new StreamClient(socket)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message (from now on, or already queued) that `match` accepts; the ones before it are dropped. */
  async next(match: (m: StreamMessage) => boolean = () => true, ms = 20_000): Promise<StreamMessage> {
    const until = Date.now() + ms;
    for (;;) {
      const i = this.messages.findIndex(match);
      if (i >= 0) {
        const [m] = this.messages.splice(0, i + 1).slice(-1);
        return m as StreamMessage;
      }
      if (this.closed) throw new Error('the stream closed');
      const left = until - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a stream message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}
