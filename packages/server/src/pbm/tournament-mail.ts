/**
 * `<game> tournament …` by mail, in pbmserv's style: the tournaments of a game, one's standings and pairings, and
 * joining or leaving (withdrawing) with the userid and password, as every acting command takes them.
 *
 *   draughts tournament list                         open and running tournaments of the game
 *   draughts tournament show 3                       standings (tie-breaks), the current round's pairings
 *   draughts tournament join 3 ann secret            enter
 *   draughts tournament leave 3 ann secret           leave before the start; withdraw once it runs
 *
 * The service (../tournaments/tournaments.ts) checks and refuses as over the API; this only reads the words and
 * writes the reply's text.
 */
import type { GameFamily } from '@tactica/catalogue';
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { TournamentView, Tournaments } from '../tournaments/tournaments.js';
import type { Credentials } from './grammar.js';

export const TOURNAMENT_MAIL_HELP =
  '<game> tournament list                           open and running tournaments of the game\n' +
  '    <game> tournament show N                         standings with tie-breaks, and the round being played\n' +
  '    <game> tournament join N userid password         enter tournament N\n' +
  '    <game> tournament leave N userid password        leave it (once it runs: withdraw, your games forfeited)';

function number(word: string | undefined): number {
  if (word === undefined || !/^\d{1,9}$/.test(word)) {
    throw new DomainError('pbm/bad-tournament', `"${(word ?? '').slice(0, 20)}" is not a tournament number`, 'subject');
  }
  return Number(word);
}

/** The standings and the round being played, as a mail's text. */
function tournamentText(v: TournamentView): string {
  const name = new Map(v.entries.map((e) => [e.no, e.name]));
  const head = `${v.name} (${v.kind}), ${v.status}; round ${v.round}${v.rounds ? ` of ${v.rounds}` : ''}`;
  const table = v.standings.map(
    (s) =>
      `${String(s.rank).padStart(3)}. ${(name.get(s.no) ?? '?').padEnd(24)} ${String(s.score).padStart(5)}` +
      (v.kind === 'swiss' ? `  Bh ${s.buchholz}  SB ${s.sonnebornBerger}` : '') +
      (v.kind === 'round-robin' ? `  SB ${s.sonnebornBerger}` : '') +
      (s.withdrawn ? '  (withdrawn)' : ''),
  );
  const round = v.pairings
    .filter((p) => p.round === v.round)
    .map((p) => {
      const b = p.seats[1] === null ? 'bye' : (name.get(p.seats[1]) ?? '?');
      const score = p.score ? `${p.score[0]}-${p.score[1]}${p.forfeit ? ' (forfeit)' : ''}` : 'playing';
      return `  ${name.get(p.seats[0]) ?? '?'} vs ${b}: ${score}${p.gameId !== null ? `  (board ${p.gameId})` : ''}`;
    });
  return [head, '', 'Standings:', ...table, '', `Round ${v.round}:`, ...round].join('\n');
}

/** Carries out `<game> tournament …`; the reply's subject and text. */
export async function tournamentByMail(
  tournaments: Tournaments,
  family: GameFamily,
  gameName: string,
  args: readonly string[],
  login: (c: Credentials) => Promise<User>,
): Promise<{ subject: string; text: string }> {
  const [sub, id, user, password] = args;
  const who = async (): Promise<User> => {
    if (user === undefined || password === undefined) {
      throw new DomainError('pbm/missing-credentials', 'this command needs your userid and password');
    }
    return login({ user, password });
  };
  switch ((sub ?? '').toLowerCase()) {
    case 'list': {
      const all = (await tournaments.list()).filter((t) => t.family === family && t.status !== 'finished');
      const lines = all.map(
        (t) =>
          `${String(t.id).padStart(6)}  ${t.name}  (${t.kind}, ${t.status}, ${t.entrants}/${t.maxEntrants} entrants` +
          `${t.status === 'running' ? `, round ${t.round}` : ''})`,
      );
      return { subject: `${gameName} Tournaments`, text: lines.length ? lines.join('\n') : 'No tournaments open.' };
    }
    case 'show': {
      const v = await tournaments.show(number(id));
      return { subject: `${gameName} Tournament ${v.id}`, text: tournamentText(v) };
    }
    case 'join': {
      const v = await tournaments.join(number(id), await who());
      return { subject: `${gameName} Tournament ${v.id}`, text: `You are in.\n\n${tournamentText(v)}` };
    }
    case 'leave': {
      const v = await tournaments.leave(number(id), await who());
      const what = v.status === 'open' ? 'You have left.' : 'You have withdrawn.';
      return { subject: `${gameName} Tournament ${v.id}`, text: `${what}\n\n${tournamentText(v)}` };
    }
    default:
      throw new DomainError('pbm/bad-tournament', 'tournament list, show N, join N or leave N', 'subject');
  }
}

/**
 * After each round of a tournament (and at its end), its standings are mailed to every person in it who has an
 * address, as pbmserv mailed its tournaments' standings **(ours: one mail a round, whatever their notify setting)**.
 */
export function mailStandingsAfterRounds(
  tournaments: Tournaments,
  addressesOf: (userIds: readonly string[]) => Promise<Map<string, string[]>>,
  userIdsOf: (tournamentId: number) => Promise<string[]>,
  send: (mail: { to: string[]; subject: string; text: string }) => Promise<void>,
  gameName: (family: GameFamily) => string,
  track: (p: Promise<unknown>) => void,
): void {
  tournaments.director.onRoundOver((id, round, over) => {
    track(
      (async () => {
        const v = await tournaments.show(id);
        const addresses = await addressesOf(await userIdsOf(id));
        const subject = `${gameName(v.family as GameFamily)} Tournament ${id}: ${over ? 'final standings' : `after round ${round}`}`;
        for (const list of addresses.values()) {
          if (list.length > 0) await send({ to: list.slice(0, 1), subject, text: tournamentText(v) });
        }
      })().catch(() => undefined),
    );
  });
}
