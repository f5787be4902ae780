/** A WebSocket client of the event stream for tests: messages are queued and awaited with a timeout. */
import WebSocket from 'ws';

export type StreamMessage = Record<string, unknown> & { type: string };

export class StreamClient {
  private readonly messages: StreamMessage[] = [];
  private waiters: (() => void)[] = [];
  closed = false;
  /** The close code and reason the server gave (1006: the connection dropped without one). */
  closeCode: number | undefined;
  closeReason = '';
  /** Every message received, counted: how much the server sent back. */
  received = 0;
  bytesReceived = 0;
  /** Every message received, in order, whether `next` took it or not. */
  readonly history: StreamMessage[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.received++;
      this.bytesReceived += data.length;
      const m = JSON.parse(String(data)) as StreamMessage;
      this.history.push(m);
      this.messages.push(m);
      for (const w of this.waiters.splice(0)) w();
    });
    socket.on('close', (code, reason) => {
      this.closed = true;
      this.closeCode = code;
      this.closeReason = String(reason);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Opens the stream as `token`'s holder (none: anonymous); `headers` adds to the upgrade request (`origin`). */
  static open(base: string, token?: string, headers: Record<string, string> = {}): Promise<StreamClient> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/stream`, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
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

  /** The messages received and not yet taken by `next`. */
  queued(match: (m: StreamMessage) => boolean = () => true): StreamMessage[] {
    return this.messages.filter(match);
  }

  /** Waits for the server to close the connection; its close code. */
  async closedBy(ms = 20_000): Promise<number> {
    const until = Date.now() + ms;
    while (!this.closed) {
      const left = until - Date.now();
      if (left <= 0) throw new Error('timed out waiting for the stream to close');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closeCode ?? 1006;
  }

  close(): void {
    this.socket.close();
  }
}
