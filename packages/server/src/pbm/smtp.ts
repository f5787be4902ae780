/**
 * The SMTP listener of `tactica serve --smtp-port N` (the `smtp-server` package): takes mail for the gateway's own
 * address and the boards' reply addresses at its domain, refuses other recipients (it relays nothing) and messages
 * over the size limit, and answers each message's DATA once its command is carried out and its replies are
 * queued. No authentication: on loopback, behind an existing mail server, the MTA is the one that talks to it.
 *
 * Bounded for every client (MailLimits): connections at once per client address and in all, an idle connection
 * closed, recipients per mail, mails per client address per window (counted in the database, so across instances).
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { MailFront } from './mail-front.js';
import { isOwnAddress } from './mail-in.js';

export interface SmtpListenerOptions {
  readonly host: string;
  /** 0 takes a free port. */
  readonly port: number;
  /** The domain whose addresses it takes mail for. */
  readonly domain: string;
}

export interface SmtpListener {
  readonly port: number;
  /** The SMTP connections open now (counted against their client's limit). */
  connections(): number;
  close(): Promise<void>;
}

/** How long closing waits for the connections still open before it drops them. */
const CLOSE_TIMEOUT_MS = 5_000;

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A client's address as counted: an IPv4 address mapped into IPv6 is the IPv4 one. */
function clientOf(session: SMTPServerSession): string {
  return (session.remoteAddress || 'unknown').replace(/^::ffff:/, '');
}

export async function startSmtpListener(front: MailFront, options: SmtpListenerOptions): Promise<SmtpListener> {
  const own = front.ownAddress.toLowerCase();
  const domain = options.domain.toLowerCase();
  const limits = front.limits;
  /** Connections open per client address (this listener's own: connections are held by one instance). */
  const open = new Map<string, number>();
  /** The sessions counted in `open` (a refused connection is not, and is not taken off either). */
  const counted = new Set<string>();
  const server = new SMTPServer({
    name: domain,
    banner: 'Tactica play-by-e-mail gateway',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: limits.maxBytes,
    logger: false,
    maxClients: limits.maxConnections,
    socketTimeout: limits.idleMs,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onConnect(session, callback) {
      const client = clientOf(session);
      const n = open.get(client) ?? 0;
      if (n >= limits.connectionsPerClient) {
        callback(smtpError(421, `too many connections from ${client} (at most ${limits.connectionsPerClient})`));
        return;
      }
      open.set(client, n + 1);
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const client = clientOf(session);
      const n = (open.get(client) ?? 1) - 1;
      if (n > 0) open.set(client, n);
      else open.delete(client);
    },
    onMailFrom(_address, session, callback) {
      front.admitClient(clientOf(session)).then(
        (admitted) =>
          callback(
            admitted
              ? null
              : smtpError(
                  450,
                  `too many mails from ${clientOf(session)} (at most ${limits.perClient} in ${Math.round(limits.windowMs / 60_000)} minutes); try again later`,
                ),
          ),
        () => callback(smtpError(451, 'the gateway could not take the mail now; try again later')),
      );
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= limits.recipientsPerMail) {
        callback(smtpError(452, `too many recipients (at most ${limits.recipientsPerMail} a mail)`));
        return;
      }
      const ours = isOwnAddress(address.address, own, domain);
      callback(ours ? null : smtpError(550, `no mailbox ${address.address} here (this gateway relays nothing)`));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limits.maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > limits.maxBytes) {
          callback(smtpError(552, `message over ${limits.maxBytes} bytes`));
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
    connections: () => counted.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
