import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe';

/** The newest link in the newest e-mail to an address, read from the development outbox. */
async function linkFromOutbox(page: Page, to: string, subject: string): Promise<string> {
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/outbox');
      const { messages } = (await response.json()) as {
        messages: { to: string; subject: string; text: string }[];
      };
      return messages.find((message) => message.to === to && message.subject === subject)?.text ?? '';
    })
    .toContain('http');
  const response = await page.request.get('/api/dev/outbox');
  const { messages } = (await response.json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  const text = messages.find((message) => message.to === to && message.subject === subject)!.text;
  return /https?:\/\/\S+/.exec(text)![0];
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Almost there! Check your e-mail to confirm your address.')).toBeVisible();
}

test.describe('accounts', () => {
  test('sign up, confirm from the e-mail, land signed in on the home page, then sign out', async ({
    page,
  }) => {
    const email = uniqueEmail('new.parent');
    await signUp(page, email, 'moonlit-teddy-42');
    await expectNoSeriousA11yIssues(page);

    const link = await linkFromOutbox(page, email, 'Confirm your e-mail address');
    await page.goto(link);
    await expect(page).toHaveURL(/\/$/);
    const avatar = page.getByRole('button', { name: `Your account (${email})` });
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveText(email[0]!.toUpperCase());

    await avatar.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // The session is over on the server, not only hidden in the page.
    expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
  });

  test('refuses mismatched passwords before sending anything', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('E-mail address').fill(uniqueEmail('typo'));
    await page.getByLabel('Password', { exact: true }).fill('moonlit-teddy-42');
    await page.getByLabel('Confirm password').fill('moonlit-teddy-43');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('reset the password from the e-mailed link and sign in with the new one', async ({ page }) => {
    const email = uniqueEmail('forgetful');
    await signUp(page, email, 'moonlit-teddy-42');
    await page.goto(await linkFromOutbox(page, email, 'Confirm your e-mail address'));
    await expect(page.getByRole('button', { name: `Your account (${email})` })).toBeVisible();
    await page.getByRole('button', { name: `Your account (${email})` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText('Reset e-mail sent').first()).toBeVisible();

    await page.goto(await linkFromOutbox(page, email, 'Reset your password'));
    await expect(page).toHaveURL(/\/auth\?mode=reset&token=/);
    await page.getByLabel('New password', { exact: true }).fill('starry-lantern-77');
    await page.getByLabel('Confirm new password').fill('starry-lantern-77');
    await page.getByRole('button', { name: /Save my new password|Save/ }).click();
    await expect(page.getByText('Password updated. You can now sign in with it.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/auth');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('starry-lantern-77');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: `Your account (${email})` })).toBeVisible();
  });

  test('signs in with the outside provider and comes back to the shop', async ({ page }) => {
    const email = uniqueEmail('oidc.grandma');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The local OpenID Connect provider's own login and consent pages.
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('button', { name: `Your account (${email})` })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
