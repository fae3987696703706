import type { TestApp } from './build-test-app';

/** Signs a new user up, follows the confirmation link and returns their session cookie. */
export async function signedInAs(t: TestApp, email: string, password = 'tidy-lantern-42'): Promise<string> {
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password, name: email.split('@')[0], callbackURL: '/' }),
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const link = /https?:\/\/\S+/.exec(t.mailer.lastTo(email)?.text ?? '')?.[0];
  if (!link) throw new Error('no confirmation e-mail');
  const url = new URL(link);
  const confirm = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const cookies = ([] as string[]).concat(confirm.headers['set-cookie'] ?? []);
  const session = cookies
    .map((cookie) => cookie.split(';')[0])
    .find((pair) => pair?.startsWith('shop.session_token='));
  if (!session) throw new Error('no session after confirming');
  return session;
}

/** A call to the test app with a JSON body (when given) as the given session (none: signed out). */
export function jsonCall(
  t: TestApp,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}
