import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

/** A fresh admin token through the server's own login API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token as string;
}

/** Signs the page in the way the admin page does: the token in localStorage under `adminToken`. */
export async function loginAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
  return token;
}

/** An authenticated call to an admin endpoint (data preparation through the HTTP API). */
export async function adminPost(request: APIRequestContext, url: string, data: unknown) {
  const token = await adminToken(request);
  return request.post(url, { data, headers: { authorization: `Bearer ${token}` } });
}

/**
 * Every public page is pre-rendered HTML that React takes over (hydrates) once its scripts have run. A click or a
 * key press sent before that is lost, so every navigation in the specs waits for the app's hydration mark.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
});
export { expect };
