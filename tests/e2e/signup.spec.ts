import { expect, test } from "@playwright/test";
import {
  ALL_FIELDS_REQUIRED,
  INVALID_CODE,
  INVALID_EMAIL,
  PASSWORDS_DO_NOT_MATCH,
  SIGNUP_FIELD_EMPTY,
} from "../../app/kernel/schemas/accounts";
import { logOut, readVerificationCode, submitSignin, unique } from "./fixtures";

test("sign up with validation, e-mail verification, log out, and sign back in to a guarded page", async ({ page }) => {
  const id = unique("signup");
  const name = `E2E ${id}`;
  const email = `${id}@example.com`;
  const password = "correct-horse-battery";

  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
  const errors = page.locator(".form-errors");
  const register = page.getByRole("button", { name: "Register" });
  const field = (label: string) => page.getByLabel(label, { exact: true });

  // An empty form.
  await register.click();
  await expect(errors.getByRole("heading", { name: "Validation errors" })).toBeVisible();
  await expect(errors).toContainText(ALL_FIELDS_REQUIRED);
  // Each field says what it wants, beside it.
  await expect(field("Email")).toHaveAccessibleDescription(SIGNUP_FIELD_EMPTY.email);
  await expect(field("Re-type Password")).toHaveAccessibleDescription(SIGNUP_FIELD_EMPTY.passwordA);

  // Passwords that differ.
  await field("Name").fill(name);
  await field("User Name").fill(id);
  await field("Email").fill(email);
  await field("Password").fill(password);
  await field("Re-type Password").fill(`${password}-typo`);
  await register.click();
  await expect(errors).toContainText(PASSWORDS_DO_NOT_MATCH);
  await expect(errors).not.toContainText(ALL_FIELDS_REQUIRED);

  // A malformed e-mail address.
  await field("Name").fill(name);
  await field("User Name").fill(id);
  await field("Email").fill("not-an-email");
  await field("Password").fill(password);
  await field("Re-type Password").fill(password);
  await register.click();
  await expect(errors).toContainText(INVALID_EMAIL);
  await expect(errors).not.toContainText(PASSWORDS_DO_NOT_MATCH);

  // A valid form: the code step.
  await field("Name").fill(name);
  await field("User Name").fill(id);
  await field("Email").fill(email);
  await field("Password").fill(password);
  await field("Re-type Password").fill(password);
  await register.click();
  const code = page.getByLabel("Verification code");
  const verify = page.getByRole("button", { name: "Verify" });
  await expect(code).toBeVisible();
  await expect(verify).toBeVisible();
  await expect(page.getByText(`to ${email}`)).toBeVisible();

  // The right code, read from the dev outbox; a wrong one first.
  const right = await readVerificationCode(page, email);
  const wrong = right === "000000" ? "111111" : "000000";
  await code.fill(wrong);
  await verify.click();
  await expect(page.locator(".form-errors")).toContainText(INVALID_CODE);
  await expect(code).toBeVisible();

  await code.fill(right);
  await verify.click();
  await expect(page).toHaveURL(/\/authenticated$/);
  await expect(page.locator(".site-header")).toContainText(`Welcome, ${name}`);

  // Log out from the account menu.
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.locator(".site-header")).not.toContainText(name);

  // A guarded page sends the visitor to sign in, and back afterwards.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/signin\?from=%2Fsettings$/);
  await submitSignin(page, email, password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.locator(".site-header")).toContainText(`Welcome, ${name}`);
});
