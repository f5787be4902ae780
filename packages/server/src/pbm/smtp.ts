/**
 * The SMTP listener of `tactica serve --smtp-port N` (the `smtp-server` package): takes mail for the gateway's own
 * address and the boards' reply addresses at its domain, refuses other recipients (it relays nothing) and messages
 * over the size limit, and answers each message's DATA once its command is carried out and its replies are
 * queued. No authentication: on loopback, behind an existing mail server, the MTA is the one that talks to it.
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { MailFront } from './mail-front.js';

export interface SmtpListenerOptions {
  readonly host: string;
  /** 0 takes a free port. */
  readonly port: number;
  /** The domain whose addresses it takes mail for. */
  readonly domain: string;
}

export interface SmtpListener {
  readonly port: number;
  close(): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startSmtpListener(front: MailFront, options: SmtpListenerOptions): Promise<SmtpListener> {
  const own = front.ownAddress.toLowerCase();
  const domain = options.domain.toLowerCase();
  const server = new SMTPServer({
    name: domain,
    banner: 'Tactica play-by-e-mail gateway',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: front.limits.maxBytes,
    logger: false,
    maxClients: 200,
    onRcptTo(address, _session, callback) {
      const a = address.address.toLowerCase();
      // A board's reply address, or the reply address of an address's confirmation mail.
      const ours = a === own || (a.endsWith(`@${domain}`) && /^(board-\d{1,9}|confirm)-[a-z2-7]{24}@/.test(a));
      callback(ours ? null : smtpError(550, `no mailbox ${address.address} here (this gateway relays nothing)`));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= front.limits.maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > front.limits.maxBytes) {
          callback(smtpError(552, `message over ${front.limits.maxBytes} bytes`));
          return;
        }
        const from = session.envelope.mailFrom;
        const envelope = {
          from: from === false ? '' : from.address,
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        front.receive(Buffer.concat(chunks), envelope).then(
          () => callback(null),
          // Our failure (the database down): the sending MTA keeps the mail and tries again later.
          () => callback(smtpError(451, 'the gateway could not take the mail now; try again later')),
        );
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
