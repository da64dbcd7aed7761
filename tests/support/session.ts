import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

export const DEMO = `http://localhost:${E2E_PORT}`;
export const ACME = `http://127.0.0.1:${E2E_PORT}`;
export const PASSWORD = 'demo1234';

export const ROLES = ['developer', 'admin', 'operator', 'bemaccount', 'procurement', 'user', 'engineer', 'sales', 'customer'] as const;
export type DemoRole = (typeof ROLES)[number];

/** Signs in through the login page as a person would. */
export async function login(page: Page, role: DemoRole, origin = DEMO, to = ''): Promise<void> {
  await page.goto(`${origin}/login${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  await page.getByLabel('Email').fill(`${role}@demo.test`);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}
