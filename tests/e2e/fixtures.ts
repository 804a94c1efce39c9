// Shared helpers for the browser tests.
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "support@creatorplatform.app", password: "admin-dev-password", name: "Support" };
export const MEMBER = { email: "demo@creatorplatform.app", password: "demo-password", name: "Demo Member" };

/** A value unique to this run and call, for e-mails and user names. */
export function unique(prefix = "e2e") {
  return `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

/** The header's main navigation. */
export function mainNav(page: Page) {
  return page.locator("nav[aria-label=Main]");
}

/** Fills the /signin form and submits it (the page must already show it). */
export async function submitSignin(page: Page, email: string, password: string) {
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** Signs in through /signin and waits until the session is visible in the header. */
export async function login(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await submitSignin(page, email, password);
  await expect(page).toHaveURL(/\/authenticated$/);
  await expect(page.locator(".site-header .welcome")).toHaveText(/^Welcome, /);
}

/**
 * Reads the newest verification code sent to `email` from the dev outbox
 * (/dev/mail), in a second page of the same browser context.
 */
export async function readVerificationCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto("/dev/mail");
    const mail = outbox
      .locator("li.mail")
      .filter({ has: outbox.locator(".mail-to", { hasText: email }) })
      .first();
    await expect(mail).toBeVisible();
    await expect(mail.locator(".mail-to")).toHaveText(email);
    const body = await mail.locator(".mail-body").innerText();
    const match = body.match(/Your verification code is (\d{6})\./);
    if (!match) throw new Error(`no verification code in the e-mail to ${email}: ${body}`);
    return match[1]!;
  } finally {
    await outbox.close();
  }
}
