import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/i18n';
import { leaveSiteFor } from '../components/auth/forms/lib/leave-site';
import { deferred, fails, mockAuthApi, ok, sessionFor } from '../components/auth/mock-auth-api';
import { renderWithRouter } from '../test-utils';

// jsdom cannot open another site: stand in for the one place that does.
vi.mock('../components/auth/forms/lib/leave-site', () => ({ leaveSiteFor: vi.fn() }));

// Where the page sends people (home, the page that asked for sign-in) is a stand-in here, so these
// tests follow the auth page only.
function Elsewhere() {
  const location = useLocation();
  return <p>Elsewhere: {location.pathname}</p>;
}

function renderAuth(path: string, options: { language?: Language } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/auth', lazy: () => import('./auth'), HydrateFallback: () => null },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  return renderWithRouter(router, options);
}

async function openAuth(path = '/auth', options: { language?: Language } = {}) {
  const view = renderAuth(path, options);
  // The first test also loads the page's code: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return view;
}

async function openSignUp(path = '/auth', options: { language?: Language } = {}) {
  const view = await openAuth(path, options);
  await view.user.click(screen.getByRole('tab', { name: /^(Sign up|Inscription)$/ }));
  return view;
}

describe('auth page: sign up', () => {
  it("says 'Passwords do not match' under the confirmation and sends nothing", async () => {
    const api = mockAuthApi();
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'bedtime-42');
    await user.type(screen.getByLabelText('Confirm password'), 'bedtime-43');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(api.callsTo('/sign-up/email')).toHaveLength(0);
  });

  it('checks the e-mail and the 6-character minimum before any request', async () => {
    const api = mockAuthApi();
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('E-mail address'), 'ana.example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      /valid e-mail address, like name@example.com/,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 6 characters. Please use at least 6 characters.',
    );
    expect(api.callsTo('/sign-up/email')).toHaveLength(0);
  });

  it('creates the account in the shop language, then asks to confirm the e-mail and says progress is kept', async () => {
    const api = mockAuthApi({ 'POST /api/auth/sign-up/email': ok({ token: null }) });
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('E-mail address'), ' ana.lopez@example.com ');
    await user.type(screen.getByLabelText('Password'), 'bedtime-42');
    await user.type(screen.getByLabelText('Confirm password'), 'bedtime-42');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(
      await screen.findByText('Almost there! Check your e-mail to confirm your address.'),
    ).toBeInTheDocument();
    expect(api.callsTo('/sign-up/email').map((call) => call.body)).toEqual([
      {
        email: 'ana.lopez@example.com',
        password: 'bedtime-42',
        name: 'ana.lopez',
        language: 'en',
        callbackURL: '/',
      },
    ]);
    const notice = screen.getByRole('status');
    expect(within(notice).getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(notice).toHaveTextContent('We sent a confirmation link to ana.lopez@example.com.');
    expect(notice).toHaveTextContent('Your book in progress is kept.');
  });

  it('writes the e-mails in French for a French visitor', async () => {
    const api = mockAuthApi({ 'POST /api/auth/sign-up/email': ok({ token: null }) });
    const { user } = await openSignUp('/auth', { language: 'fr' });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@example.ch');
    await user.type(screen.getByLabelText('Mot de passe'), 'doudou-42');
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'doudou-42');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));

    expect(await screen.findByText(/Votre livre en cours est conservé/)).toBeVisible();
    expect(api.callsTo('/sign-up/email')[0]?.body).toMatchObject({ language: 'fr' });
  });

  it('tells a visitor whose e-mail already has an account, in a red alert', async () => {
    mockAuthApi({
      'POST /api/auth/sign-up/email': fails(
        422,
        'USER_ALREADY_EXISTS',
        'User already exists. Use another email.',
      ),
    });
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'bedtime-42');
    await user.type(screen.getByLabelText('Confirm password'), 'bedtime-42');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account already exists with this e-mail address.',
    );
  });
});

async function signInWith(user: ReturnType<typeof renderAuth>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('auth page: sign in', () => {
  it.each([
    [
      fails(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
      'The e-mail address or password is not right. Please check them and try again.',
    ],
    [
      fails(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
      'Too many requests in a short time. Please wait a moment, then try again.',
    ],
    [
      fails(400, 'PASSWORD_TOO_COMMON', 'This password is one of the most common passwords.'),
      'This password is one of the most common ones and easy to guess. Please choose another.',
    ],
    // A code the shop does not know: the server's own words, unchanged.
    [
      fails(403, 'ACCOUNT_LOCKED_BY_ADMIN', 'Your account was locked by an admin.'),
      'Your account was locked by an admin.',
    ],
  ])('shows %j in a red alert as its own text', async (reply, text) => {
    mockAuthApi({ 'POST /api/auth/sign-in/email': reply });
    const { user } = await openAuth();
    await signInWith(user, 'ana@example.com', 'bedtime-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('translates a known error for a French visitor', async () => {
    mockAuthApi({
      'POST /api/auth/sign-in/email': fails(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
    });
    const { user } = await openAuth('/auth', { language: 'fr' });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@example.ch');
    await user.type(screen.getByLabelText('Mot de passe'), 'doudou-42');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('L’adresse e-mail ou le mot de passe est incorrect.');
    expect(alert).not.toHaveTextContent('Invalid email or password');
  });

  it('offers to resend the confirmation when the e-mail is not confirmed yet', async () => {
    const api = mockAuthApi({
      'POST /api/auth/sign-in/email': fails(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      'POST /api/auth/send-verification-email': ok(),
    });
    const { user } = await openAuth();
    await signInWith(user, 'ana@example.com', 'bedtime-42');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please confirm your e-mail address first');
    await user.click(within(alert).getByRole('button', { name: 'Resend the confirmation e-mail' }));

    expect(await screen.findByText('Confirmation e-mail sent. Please check your inbox.')).toBeInTheDocument();
    expect(within(alert).getByText('Sent! Please check your inbox.')).toBeVisible();
    expect(api.callsTo('/send-verification-email').map((call) => call.body)).toEqual([
      { email: 'ana@example.com', callbackURL: '/' },
    ]);
  });

  it('says in how many minutes to try again after too many failed attempts', async () => {
    mockAuthApi({
      'POST /api/auth/sign-in/email': fails(
        429,
        'TOO_MANY_FAILED_SIGN_INS',
        'Too many failed sign-in attempts. Try again in 12 minutes.',
        { retryAfterMinutes: 12 },
      ),
    });
    const { user } = await openAuth();
    await signInWith(user, 'ana@example.com', 'bedtime-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. To keep your account safe, please try again in 12 minutes.',
    );
  });

  it('asks for the e-mail and password before any request', async () => {
    const api = mockAuthApi();
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(api.callsTo('/sign-in/email')).toHaveLength(0);
  });

  it('disables the button while signing in, then goes to the page that asked for sign-in', async () => {
    const signIn = deferred();
    let signedIn = false;
    const api = mockAuthApi({
      'POST /api/auth/sign-in/email': signIn.handler,
      'GET /api/auth/get-session': () => ok(signedIn ? sessionFor('ana@example.com') : null),
    });
    const { user, router } = await openAuth('/auth?redirect=%2Fcheckout%2Fabc%3Fstep%3D2');
    await signInWith(user, 'ana@example.com', 'bedtime-42');

    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    signedIn = true;
    signIn.release(ok({ redirect: false, token: 'x' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/abc'));
    expect(router.state.location.search).toBe('?step=2');
    expect(api.callsTo('/sign-in/email')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'bedtime-42',
      callbackURL: '/checkout/abc?step=2',
    });
  });
});

describe('auth page: forgotten password', () => {
  it('sends a reset link from the hidden reset tab and confirms calmly', async () => {
    const api = mockAuthApi({ 'POST /api/auth/request-password-reset': ok() });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('E-mail address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveValue('ana@example.com');
    expect(email).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    expect(await screen.findByText('Reset e-mail sent')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account exists for ana@example.com, a link to choose a new password is on its way.',
    );
    expect(api.callsTo('/request-password-reset').map((call) => call.body)).toEqual([
      { email: 'ana@example.com', redirectTo: '/auth?mode=reset' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('auth page: new password (?mode=reset)', () => {
  const resetPath = '/auth?mode=reset&token=tok-123';

  it("checks length and 'Passwords do not match' before any request", async () => {
    const api = mockAuthApi();
    const { user } = await openAuth(resetPath);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters. Please use at least 6 characters.',
    );

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'moonlight-7');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(api.callsTo('/reset-password')).toHaveLength(0);
  });

  it('saves the new password, says so and goes home', async () => {
    const api = mockAuthApi({ 'POST /api/auth/reset-password': ok() });
    const { user, router } = await openAuth(resetPath);
    await user.type(screen.getByLabelText('New password'), 'moonlight-7');
    await user.type(screen.getByLabelText('Confirm new password'), 'moonlight-7');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));

    expect(await screen.findByText('Password updated. You can now sign in with it.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('/reset-password').map((call) => call.body)).toEqual([
      { newPassword: 'moonlight-7', token: 'tok-123' },
    ]);
  });

  it('explains an expired link from the URL and offers a new one', async () => {
    const { user } = await openAuth('/auth?mode=reset&error=INVALID_TOKEN');
    expect(screen.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    expect(screen.getByText(/This link has expired or was already used\./)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a link' })).toBeVisible();
  });

  it('explains an expired link when the server refuses the token', async () => {
    mockAuthApi({ 'POST /api/auth/reset-password': fails(400, 'INVALID_TOKEN', 'Invalid token') });
    const { user, router } = await openAuth(resetPath);
    await user.type(screen.getByLabelText('New password'), 'moonlight-7');
    await user.type(screen.getByLabelText('Confirm new password'), 'moonlight-7');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ask for a new link' })).toBeVisible();
    expect(router.state.location.search).toBe('?mode=reset&error=INVALID_TOKEN');
  });

  it('stays on the reset form for a signed-in user', async () => {
    mockAuthApi({ 'GET /api/auth/get-session': ok(sessionFor('ana@example.com')) });
    const { router } = await openAuth(resetPath);
    expect(screen.getByLabelText('New password')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('auth page: signed-in visitors', () => {
  it.each([
    ['/auth', '/'],
    ['/auth?redirect=%2Fcheckout%2Fabc', '/checkout/abc'],
    ['/auth?redirect=//evil.com', '/'],
    ['/auth?redirect=https://evil.com/steal', '/'],
    ['/auth?redirect=%2F%5Cevil.com', '/'],
  ])('%s sends a signed-in user to %s', async (path, target) => {
    mockAuthApi({ 'GET /api/auth/get-session': ok(sessionFor('ana@example.com')) });
    const { router } = renderAuth(path);
    expect(await screen.findByText(`Elsewhere: ${target}`)).toBeVisible();
    expect(router.state.location.pathname).toBe(target);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('auth page: Google and Microsoft', () => {
  it('shows a button only for the providers the server lists', async () => {
    mockAuthApi({ 'GET /api/auth/providers': ok({ providers: ['microsoft'] }) });
    await openAuth();
    expect(await screen.findByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('shows none when no provider is configured', async () => {
    const api = mockAuthApi();
    await openAuth();
    await waitFor(() => expect(api.callsTo('/providers')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Continue with/ })).not.toBeInTheDocument();
  });

  it('starts the provider sign-in with the page to come back to and leaves for the provider', async () => {
    const api = mockAuthApi({
      'GET /api/auth/providers': ok({ providers: ['google', 'microsoft'] }),
      'POST /api/auth/sign-in/social': ok({ url: 'https://accounts.example/authorize?x=1', redirect: true }),
    });
    const { user } = await openAuth('/auth?redirect=%2Fcheckout%2Fabc%3Fstep%3D2');
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith('https://accounts.example/authorize?x=1'));
    expect(api.callsTo('/sign-in/social').map((call) => call.body)).toEqual([
      {
        provider: 'google',
        callbackURL: '/checkout/abc?step=2',
        errorCallbackURL: '/auth?redirect=%2Fcheckout%2Fabc%3Fstep%3D2',
      },
    ]);
  });

  it('explains a provider sign-in that came back failed', async () => {
    mockAuthApi();
    await openAuth('/auth?error=access_denied');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sign-in was cancelled. You can try again, or sign in with your e-mail.',
    );
  });
});
