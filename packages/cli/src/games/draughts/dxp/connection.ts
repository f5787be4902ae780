/**
 * DXP over a TCP socket: messages end in a NUL byte. A `DxpConnection` cuts the stream into messages, decodes them
 * (`messages.ts`) and hands each to its reader in order; what cannot be read is reported as a coded error, and a
 * stream that runs past the longest message without a NUL is cut off (the other side is untrusted).
 *
 *   const c = await connectDxp('127.0.0.1', 27531);
 *   c.send({ kind: 'C', text: 'hello' });
 *   const m = await c.next();          // the next message, or the error or end that came instead
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { InputError } from '@tactica/core';
import { decodeDxp, DXP_MAX_MESSAGE, encodeDxp, type DxpMessage } from './messages.js';

/** What arrives: a message, a message that could not be read, or the end of the connection. */
export type DxpEvent =
  | { readonly kind: 'message'; readonly message: DxpMessage; readonly text: string }
  | { readonly kind: 'bad'; readonly error: InputError }
  | { readonly kind: 'closed'; readonly reason: string };

export class DxpConnection {
  private buffer = '';
  private readonly queue: DxpEvent[] = [];
  private readonly waiting: ((e: DxpEvent) => void)[] = [];
  private ended = false;
  /** Every message text sent and received, `>` out and `<` in, when a log is wanted. */
  onTraffic: ((direction: '>' | '<', text: string) => void) | undefined;

  constructor(readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk.toString('latin1')));
    socket.on('error', (e) => this.close(`connection error: ${e.message}`));
    socket.on('close', () => this.close('the other side closed the connection'));
  }

  private receive(text: string): void {
    if (this.ended) return;
    this.buffer += text;
    for (;;) {
      const end = this.buffer.indexOf('\0');
      if (end < 0) break;
      const one = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      // Some programs end messages with a line break before the NUL.
      const clean = one.replace(/[\r\n]+$/, '');
      if (clean === '') continue;
      this.onTraffic?.('<', clean);
      const r = decodeDxp(clean);
      this.push(r.ok ? { kind: 'message', message: r.value, text: clean } : { kind: 'bad', error: r.error });
    }
    if (this.buffer.length > DXP_MAX_MESSAGE) {
      this.push({
        kind: 'bad',
        error: {
          code: 'dxp/too-long',
          message: `more than ${DXP_MAX_MESSAGE} characters without the NUL that ends a DXP message`,
          input: this.buffer.slice(0, 64),
        },
      });
      this.buffer = '';
    }
  }

  private push(e: DxpEvent): void {
    const w = this.waiting.shift();
    if (w) w(e);
    else this.queue.push(e);
  }

  /** The next event (in order of arrival); with `timeoutMs`, undefined when none came in time (nothing is lost). */
  next(): Promise<DxpEvent>;
  next(timeoutMs: number): Promise<DxpEvent | undefined>;
  next(timeoutMs?: number): Promise<DxpEvent | undefined> {
    const e = this.queue.shift();
    if (e) return Promise.resolve(e);
    if (this.ended) return Promise.resolve({ kind: 'closed', reason: 'the connection is closed' });
    return new Promise((resolve) => {
      const waiter = (ev: DxpEvent): void => {
        if (timer) clearTimeout(timer);
        resolve(ev);
      };
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              const i = this.waiting.indexOf(waiter);
              if (i >= 0) this.waiting.splice(i, 1);
              resolve(undefined);
            }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  send(m: DxpMessage): void {
    if (this.ended) return;
    const text = encodeDxp(m);
    this.onTraffic?.('>', text);
    this.socket.write(`${text}\0`, 'latin1');
  }

  /** Ends the connection; waiting readers get `closed`. */
  close(reason = 'closed by this side'): void {
    if (this.ended) return;
    this.ended = true;
    this.socket.end();
    this.socket.destroy();
    this.push({ kind: 'closed', reason });
    for (const w of this.waiting.splice(0)) w({ kind: 'closed', reason });
  }

  get closed(): boolean {
    return this.ended;
  }
}

/** Connects to a DXP server. */
export function connectDxp(host: string, port: number): Promise<DxpConnection> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    const fail = (e: Error): void => reject(e);
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.off('error', fail);
      resolve(new DxpConnection(socket));
    });
  });
}

/** Listens for DXP connections; `port` 0 picks a free one (`server.address()` says which). */
export function listenDxp(host: string, port: number, onConnection: (c: DxpConnection) => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => onConnection(new DxpConnection(socket)));
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
