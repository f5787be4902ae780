/**
 * `tactica pbm`: the play-by-e-mail grammar from the command line, on the database `tactica serve` uses.
 *
 *   tactica pbm "tactics move 105 ann secret f1-f4#7" < comment.txt    the reply on stdout (exit 1 if refused)
 *   tactica pbm --mail < message.eml                                   a whole mail, as an MTA's alias pipes it:
 *                                                                        the reply is mailed (outbox or relay)
 *   tactica pbm --confirmed "change address ann secret ann@example.org"  the operator vouches for the addresses:
 *                                                                        no confirmation mail
 *
 * The mails that follow a change (to the other players and subscribers) go to the outbox under the data folder, or
 * through --smtp-relay.
 */
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { CliError, type Io } from './io.js';

interface PbmFlags {
  readonly mail?: boolean;
  readonly data?: string;
  readonly db?: string;
  readonly smtpRelay?: string;
  readonly mailDomain?: string;
  readonly to?: string;
  readonly confirmed?: boolean;
}

/** EX_TEMPFAIL: the MTA keeps the mail and tries again later. */
const TEMPFAIL = 75;
const INPUT_MAX = 2 * 1024 * 1024;

async function readAll(input: Readable): Promise<Buffer> {
  if ((input as { isTTY?: boolean }).isTTY) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    // Past the limit the rest is read and dropped, so the writer is not left blocked; the gateway refuses the mail.
    if (size <= INPUT_MAX + 1) chunks.push(b);
  }
  return Buffer.concat(chunks);
}

export function configurePbm(program: Command, io: Io): void {
  program
    .command('pbm')
    .description(
      'carry out a play-by-e-mail command: the Subject as argument and the body on stdin, or --mail < message.eml',
    )
    .argument('[subject]', 'the command, as the Subject of a mail ("tactics move 105 userid password f1-f4#7")')
    .option('--mail', 'read a whole mail (RFC 5322) from stdin and mail the reply, as an MTA alias pipe does')
    .option('--data <dir>', 'data folder of the server (default $TACTICA_HOME or ~/.tactica)')
    .option('--db <url>', 'postgres://… (default: $DATABASE_URL, else the SQLite file in the data folder)')
    .option('--smtp-relay <url>', 'send mails through smtp://host:port instead of the outbox folder')
    .option('--mail-domain <domain>', 'the domain of the gateway and its reply addresses (default localhost)')
    .option('--to <address>', "a board's reply address: stands for your userid and password")
    .option(
      '--confirmed',
      'the addresses of this signup or change address are yours to vouch for: taken at once, no confirmation mail',
    )
    .action(async (subject: string | undefined, flags: PbmFlags) => {
      if (flags.mail && subject !== undefined) throw new CliError('give a subject or --mail, not both');
      if (flags.mail && flags.confirmed) throw new CliError('--confirmed is for a command given here, not --mail');
      if (!flags.mail && subject === undefined)
        throw new CliError('give the command (the Subject), or --mail < message.eml');
      if (flags.db !== undefined && !/^postgres(ql)?:\/\//.test(flags.db))
        throw new CliError('--db must be a postgres:// URL');
      const input = await readAll(io.input);
      const { openPbm } = await import('@tactica/server');
      const opened = await openPbm({
        ...(flags.data !== undefined ? { dataDir: flags.data } : {}),
        ...(flags.db !== undefined ? { databaseUrl: flags.db } : {}),
        pbm: {
          ...(flags.smtpRelay !== undefined ? { relay: flags.smtpRelay } : {}),
          ...(flags.mailDomain !== undefined ? { domain: flags.mailDomain } : {}),
        },
      }).catch((e: unknown) => {
        throw new CliError(`cannot open the server's data: ${e instanceof Error ? e.message : String(e)}`, TEMPFAIL);
      });
      try {
        if (flags.mail) {
          const outcome = await opened.pbm.front.receive(input).catch((e: unknown) => {
            throw new CliError(
              `the mail could not be taken now: ${e instanceof Error ? e.message : String(e)}`,
              TEMPFAIL,
            );
          });
          const said =
            outcome.kind === 'silent'
              ? `not answered (${outcome.why})`
              : outcome.kind === 'refused'
                ? `refused (${outcome.code})`
                : 'carried out';
          io.error.write(`tactica: the mail was ${said}\n`);
          return;
        }
        if (input.length > INPUT_MAX) throw new CliError(`the body is over ${INPUT_MAX} bytes`);
        const reply = await opened.pbm.gateway.handle({
          subject: subject ?? '',
          body: input.toString('utf8'),
          ...(flags.to !== undefined ? { to: [flags.to] } : {}),
          ...(flags.confirmed ? { confirmed: true } : {}),
        });
        io.output.write(
          `Subject: ${reply.subject}\n${reply.replyTo ? `Reply-To: ${reply.replyTo}\n` : ''}\n${reply.text}`,
        );
        if (!reply.ok) throw new CliError(`refused: ${reply.code ?? 'error'}`);
      } finally {
        await opened.close();
      }
    });
}
