/**
 * The account's mail (server: `/api/account/mail`, docs/server.md "A player's mail"): the player's confirmed
 * address, confirming one (a mail with a token goes to it; a reply to it, or its token typed here, confirms it), and
 * the turn mails of correspondence games, off until ticked. Without a confirmed address the box cannot be ticked,
 * and says why.
 */
import { useEffect, useState } from 'preact/hooks';
import { call, errorText } from './api.js';

interface MailView {
  readonly addresses: readonly string[];
  readonly waiting: readonly string[];
  readonly notify: string;
  readonly turnMail: boolean;
  readonly turnMailsPerDay: number;
  readonly note?: string;
}

const mailApi = {
  read: () => call<MailView>('GET', '/api/account/mail'),
  turnMail: (on: boolean) => call<MailView>('PUT', '/api/account/mail', { turnMail: on }),
  ask: (address: string) => call<MailView>('POST', '/api/account/mail/address', { address }),
  confirm: (token: string) => call<MailView>('POST', '/api/account/mail/confirm', { token }),
};

export function MailSettings() {
  const [view, setView] = useState<MailView | undefined>();
  const [address, setAddress] = useState('');
  const [token, setToken] = useState('');
  const [note, setNote] = useState<string | undefined>();
  useEffect(() => {
    void mailApi.read().then(setView, (e: unknown) => setNote(errorText(e)));
  }, []);
  const run = async (work: () => Promise<MailView>, done?: string) => {
    try {
      const v = await work();
      setView(v);
      setNote(v.note ?? done);
      setAddress('');
      setToken('');
    } catch (e) {
      setNote(errorText(e));
    }
  };
  if (!view) return note ? <p role="status">{note}</p> : null;
  const confirmed = view.addresses.length > 0;
  return (
    <section class="mail-settings" aria-label="mail">
      <h4>Mail</h4>
      <p>{confirmed ? `Mails go to ${view.addresses.join(', ')}.` : 'No confirmed mail address yet.'}</p>
      <label>
        <input
          type="checkbox"
          checked={view.turnMail}
          disabled={!confirmed && !view.turnMail}
          onChange={(e) => void run(() => mailApi.turnMail((e.target as HTMLInputElement).checked))}
        />{' '}
        Mail me when it is my turn in a correspondence game
      </label>
      <p class="hint">
        {confirmed
          ? `One mail a turn, with the move and the link to the game; none in live games or while you watch the game; at most ${view.turnMailsPerDay} a day.`
          : 'Confirm a mail address first: the mails go only to an address that has shown it reads them.'}
      </p>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => mailApi.ask(address));
        }}
      >
        <label>
          {confirmed ? 'Another address' : 'Mail address'}{' '}
          <input type="email" value={address} onInput={(e) => setAddress((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">Send confirmation</button>
      </form>
      {view.waiting.length > 0 && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => mailApi.confirm(token), 'Address confirmed.');
          }}
        >
          <label>
            Waiting for {view.waiting.join(', ')}: reply to the mail it got, or type its code{' '}
            <input value={token} onInput={(e) => setToken((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">Confirm</button>
        </form>
      )}
      {note && <p role="status">{note}</p>}
    </section>
  );
}
