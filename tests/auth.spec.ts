import { expect, test } from '@playwright/test';
import { DEMO, ROLES, login, menu } from './support/session';

test.describe('login and logout', () => {
  for (const role of ROLES) {
    test(`${role} signs in, lands on a page of the app, and signs out`, async ({ page }) => {
      await login(page, role);
      await expect(menu(page)).toBeVisible();
      const whoami = await page.request.get(`${DEMO}/api/auth/whoami`);
      const body = await whoami.json();
      expect(body.auth.data.is_loggedin).toBe(true);
      expect(body.auth.data.email).toBe(`${role}@demo.test`);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login/);
      const after = await (await page.request.get(`${DEMO}/api/auth/whoami`)).json();
      expect(after.auth.data.is_loggedin).toBe(false);
    });
  }

  test('a wrong password is refused with the server message and no session', async ({ page }) => {
    await page.goto(`${DEMO}/login`);
    await page.getByLabel('Email').fill('operator@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unauthenticated deep link goes to login with the path, and back there after login', async ({ page }) => {
    await page.goto(`${DEMO}/data/departments?x=1`);
    await expect(page).toHaveURL(/\/login\?to=%2Fdata%2Fdepartments%3Fx%3D1$/);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/data\/departments\?x=1$/);
  });
});
