/**
 * The play-by-e-mail front of the game server: the pbmserv command grammar (grammar.ts) carried out by the gateway
 * (gateway.ts) over the server's services, mails in through an SMTP listener (smtp.ts) or an MTA's pipe, mails out
 * through nodemailer into the outbox or to a relay (mailer.ts), and the mails that follow every change (notifier.ts).
 *
 *   const pbm = await startPbm(services, { dataDir, smtpPort: 2525 });   // pbm.front.receive(raw), pbm.close()
 */
import { join } from 'node:path';
import type { Services } from '../services.js';
import { PbmGateway } from './gateway.js';
import { DEFAULT_MAIL_LIMITS, MailFront, type MailLimits } from './mail-front.js';
import { checkRelay, OutboxMailer, RelayMailer, type Mailer } from './mailer.js';
import { Notifier } from './notifier.js';
import { gameName } from './render.js';
import { mailStandingsAfterRounds } from './tournament-mail.js';
import { startSmtpListener, type SmtpListener } from './smtp.js';
import { GameBoards } from './game-boards.js';
import { kyselyMessageUnits } from './kysely-mail.js';
import { PbmStore } from './store.js';
import { AccountMail } from './account-mail.js';
import { TURN_MAILS_PER_DAY, TurnMails } from './turn-mail.js';

export interface PbmOptions {
  /** The domain of the gateway's addresses (default `localhost`). */
  readonly domain?: string;
  /** The gateway's own address (default `pbm@<domain>`). */
  readonly address?: string;
  /** Where mails go when there is no relay (default `<data>/outbox`). */
  readonly outboxDir?: string;
  /** `smtp://host:port`: mails out through this relay (the outbox when it refuses them). */
  readonly relay?: string;
  /** Listen for SMTP on this port (0: a free one); none when undefined. */
  readonly smtpPort?: number;
  /** Where the SMTP listener listens (default 127.0.0.1). */
  readonly smtpHost?: string;
  readonly limits?: Partial<MailLimits>;
  /** Turn mails a player a day at most (default `TURN_MAILS_PER_DAY`). */
  readonly turnMailsPerDay?: number;
  /** The web app's public address: turn mails link to the game there (none: they name the game). */
  readonly publicUrl?: string;
}

export interface Pbm {
  readonly gateway: PbmGateway;
  readonly front: MailFront;
  readonly notifier: Notifier;
  readonly turnMails: TurnMails;
  readonly accountMail: AccountMail;
  readonly store: PbmStore;
  readonly mailer: Mailer;
  readonly address: string;
  readonly domain: string;
  readonly smtp: SmtpListener | undefined;
  close(): Promise<void>;
}

export async function startPbm(services: Services, dataDir: string, options: PbmOptions = {}): Promise<Pbm> {
  const domain = (options.domain ?? 'localhost').toLowerCase();
  const address = (options.address ?? `pbm@${domain}`).toLowerCase();
  const identity = { address, domain };
  const outbox = new OutboxMailer(options.outboxDir ?? join(dataDir, 'outbox'), identity);
  const mailer: Mailer = options.relay ? new RelayMailer(checkRelay(options.relay), identity, outbox) : outbox;
  const { database, storage } = services;
  // The gateway's state through the mail repository, its boards through the games' one; a mail's unit of work on
  // the database.
  const store = new PbmStore(storage, kyselyMessageUnits(database), new GameBoards(storage.repos.games), services.now);
  // A password change or a log-out everywhere gives the user's boards new reply addresses, in the same transaction.
  services.accounts.onRevoke((repos, userId) => store.rotateTokens(repos, userId));
  const notifier = new Notifier(services, store, mailer, (id, token) => `board-${id}-${token}@${domain}`);
  mailStandingsAfterRounds(
    services.tournaments,
    (ids) => store.addressesOfAll(ids),
    async (id) => (await storage.repos.tournaments.entries(id)).flatMap((e) => (e.userId ? [e.userId] : [])),
    (mail) => notifier.deliver(mail),
    gameName,
    (p) => notifier.track(p),
  );
  const limits: MailLimits = { ...DEFAULT_MAIL_LIMITS, ...options.limits };
  const guesses = { perAccount: limits.guessesPerAccount, windowMs: limits.guessWindowMs };
  const gateway = new PbmGateway(services, store, notifier, { domain, guesses }, storage);
  const front = new MailFront(gateway, store, notifier, address, limits, domain);
  const turnMailsPerDay = options.turnMailsPerDay ?? TURN_MAILS_PER_DAY;
  const turnMails = new TurnMails(services, store, (mail) => notifier.deliver(mail), {
    perDay: turnMailsPerDay,
    publicUrl: options.publicUrl,
  });
  const accountMail = new AccountMail(store, gateway, turnMailsPerDay);
  const smtp =
    options.smtpPort !== undefined
      ? await startSmtpListener(front, { host: options.smtpHost ?? '127.0.0.1', port: options.smtpPort, domain })
      : undefined;
  let closing: Promise<void> | undefined;
  return {
    gateway,
    front,
    notifier,
    turnMails,
    accountMail,
    store,
    mailer,
    address,
    domain,
    smtp,
    close() {
      closing ??= (async () => {
        await smtp?.close();
        await turnMails.stop();
        await notifier.stop();
        await mailer.close();
      })();
      return closing;
    },
  };
}
