// The return path after sign-in (issue 13 item 3): only the app's own origin, never a crash.
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../../../tests/workers/http";

function signInForm(form: { email: string; password: string }, from: string) {
  return call("/signin", {
    method: "POST",
    body: new URLSearchParams({ email: form.email, password: form.password, from }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("sign-in's return path", { timeout: 30_000 }, () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "https://evil.example/",
    "http://localhost.evil.example/",
    "javascript:alert(1)",
    " /\t/evil.example",
  ])("refuses %j: back to /authenticated", async (from) => {
    const { form } = await signUp();
    const response = await signInForm(form, from);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/authenticated");
  });

  it("keeps a same-origin path with its query and hash", async () => {
    const { form } = await signUp();
    const response = await signInForm(form, "/projects/abc?tab=files#notes");
    expect(response.headers.get("location")).toBe("/projects/abc?tab=files#notes");
  });

  it("a newline inside a same-origin path is not a crash", async () => {
    const { form } = await signUp();
    const response = await signInForm(form, "/settings\r\nset-cookie: x=1");
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).not.toBe("/error");
    expect(new URL(location, "http://localhost").origin).toBe("http://localhost");
  });

  it("the form never carries a cross-origin return path", async () => {
    const page = await call(`/signin?from=${encodeURIComponent("/\t/evil.example")}`);
    expect(page.status).toBe(200);
    // (React Router's own state echoes the request URL; the form field is what gets posted back.)
    expect(await page.text()).not.toContain('name="from"');
    const kept = await call(`/signin?from=${encodeURIComponent("/projects?x=1")}`);
    expect(await kept.text()).toMatch(/name="from" value="\/projects\?x=1"/);
  });
});
