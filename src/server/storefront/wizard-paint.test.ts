import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { paintedClientDir, paintedState } from '../../../test/painted-client';
import { signedInAs } from '../../../test/signed-in';
import { WIZARD_COOKIE } from '../../shared/constants';

// Issue 33: the wizard's first step `/wizard` painted by the server for a signed-in parent, its
// session started or resumed as the app does on arrival (docs/decisions/017-storefront-html.md).
let t: TestApp;
let parent: string;

const EMAIL = 'painted.wizard@example.com';

beforeAll(async () => {
  const clientDir = await paintedClientDir('shop-wizard-paint-');
  t = await buildTestApp({ clientDir });
  parent = await signedInAs(t, EMAIL);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const wizard = (headers: Record<string, string> = {}, query = '?theme=guardian-friend&type=storybook') =>
  t.app.inject({ method: 'GET', url: `/wizard${query}`, headers });

const isAppShell = (html: string) =>
  html.includes('<div id="root"></div>') && paintedState(html) === undefined;

/** The wizard session cookie a response sets, as `name=value`. */
const wizardCookieOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((cookie) => cookie.startsWith(`${WIZARD_COOKIE.name}=`))
    ?.split(';')[0];

describe("the wizard's first step painted by the server", () => {
  it('paints step 1 signed in, kept by no cache, and hands over the wizard it started', async () => {
    const response = await wizard({ cookie: parent, 'accept-language': 'de-CH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toMatch(/<html [^>]*lang="de"/);
    // Step 1's fields, painted: the child's name, the gender, the age, the photo.
    expect(html).toMatch(/<input[^>]*name="name"/);
    expect(html).toContain('type="file"');
    expect(html).toContain(EMAIL);
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('data-hydrate');
    const state = paintedState(html);
    const keys = state.queries.queries.map((query: { queryKey: unknown[] }) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['auth', 'wizard']));
    // The session the paint started is the one the app goes on with: its cookie comes with the page.
    const session = wizardCookieOf(response.headers['set-cookie']);
    expect(session).toBeDefined();
    const resumed = await t.app.inject({
      method: 'GET',
      url: '/api/wizard/session',
      headers: { cookie: `${parent}; ${session}` },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ themeId: 'guardian-friend', bookType: 'storybook' });
    // A second visit resumes it: the same session, no new one.
    const again = await wizard({ cookie: `${parent}; ${session}` });
    expect(wizardCookieOf(again.headers['set-cookie'])).toBe(session);
  });

  it('leaves later steps, a start from an earlier book and a visitor not signed in to the app', async () => {
    for (const query of ['?step=3', `?character=${crypto.randomUUID()}`]) {
      const response = await wizard({ cookie: parent }, query);
      expect(response.statusCode).toBe(200);
      expect(isAppShell(response.body)).toBe(true);
    }
    const visitors: Record<string, string>[] = [{}, { cookie: 'shop.session_token=ended.session' }];
    for (const headers of visitors) {
      const response = await wizard(headers);
      expect(response.statusCode).toBe(200);
      expect(isAppShell(response.body)).toBe(true);
      // Nothing started for them: the app starts the visitor's wizard itself, as before.
      expect(wizardCookieOf(response.headers['set-cookie'])).toBeUndefined();
    }
  });
});
