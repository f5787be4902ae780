/** The account: the password, a vacation for correspondence clocks, mail settings, and signing out. */
import { useState } from 'preact/hooks';
import { api, errorText } from './api.js';
import { MailSettings } from './mail-settings.js';
import { closeStream, me } from './session.js';

export function Account() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState<string | undefined>();
  return (
    <div class="online">
      <section aria-label="account">
        <h3>{me.value?.name}</h3>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await api.changePassword(oldPassword, newPassword);
              setNote('Password changed; your other log-ins have ended.');
            } catch (err) {
              setNote(errorText(err));
            }
          }}
        >
          <div class="field">
            <label for="pw-old">Password</label>
            <input
              id="pw-old"
              type="password"
              value={oldPassword}
              onInput={(e) => setOld((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="pw-new">New password</label>
            <input
              id="pw-new"
              type="password"
              value={newPassword}
              onInput={(e) => setNew((e.target as HTMLInputElement).value)}
            />
          </div>
          <button type="submit">Change password</button>
        </form>
        <form
          class="row"
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await api.vacation(until ? Date.parse(until) : null);
              setNote(until ? `On vacation until ${until}: correspondence clocks wait.` : 'Back from vacation.');
            } catch (err) {
              setNote(errorText(err));
            }
          }}
        >
          <label>
            Vacation until{' '}
            <input type="date" value={until} onInput={(e) => setUntil((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">Set</button>
        </form>
        {note && <p role="status">{note}</p>}
        <MailSettings />
        <button
          type="button"
          onClick={async () => {
            await api.logOut().catch(() => undefined);
            me.value = null;
            closeStream();
          }}
        >
          Sign out
        </button>
      </section>
    </div>
  );
}
