/** The online section's first screen for a visitor: sign in, or sign up with a new name. */
import { useState } from 'preact/hooks';
import { api, errorText } from './api.js';
import { closeStream, me } from './session.js';

export function SignIn() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const act = async (kind: 'in' | 'up') => {
    try {
      const r = kind === 'in' ? await api.logIn(name, password) : await api.signUp(name, password);
      me.value = r.user;
      closeStream();
      setError(undefined);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="auth" aria-label="sign in" onSubmit={(e) => (e.preventDefault(), void act('in'))}>
      <h2>Sign in to play online</h2>
      <div class="field">
        <label for="auth-name">Name</label>
        <input
          id="auth-name"
          name="name"
          autocomplete="username"
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="field">
        <label for="auth-password">Password</label>
        <input
          id="auth-password"
          name="password"
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button type="submit" class="primary">
          Sign in
        </button>
        <button type="button" onClick={() => void act('up')}>
          Sign up
        </button>
      </div>
    </form>
  );
}
