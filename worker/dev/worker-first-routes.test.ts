import { index, layout, route } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { MAX_RULES, workerFirstRules } from "./worker-first-routes.ts";

/** The asset router's reading of a rule (miniflare's router worker: `*` is any run of characters). */
function matches(rule: string, pathname: string) {
  const source = rule
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`).test(pathname);
}
const workerFirst = (rules: string[], pathname: string) => rules.some((rule) => matches(rule, pathname));

describe("workerFirstRules", () => {
  it("names fixed paths as they are and parameters from their first segment on", () => {
    expect(
      workerFirstRules([
        index("home.tsx"),
        route("settings", "settings.tsx"),
        route("digiprev/:userId", "digiprev.tsx"),
        route("dev/mail", "mail.tsx"),
        route("docs/:section?", "docs.tsx"),
        layout("layout.tsx", [route("inner", "inner.tsx")]),
        route("shop", "shop.tsx", [index("shop-home.tsx"), route(":id", "item.tsx")]),
        route("shop/new", "new-item.tsx"),
        route("*", "not-found.tsx"),
        route(":slug", "slug.tsx"),
      ]),
    ).toEqual([
      "/api/*",
      "/*.data",
      "/__manifest",
      "/",
      "/settings",
      "/digiprev/*",
      "/dev/mail",
      "/docs",
      "/docs/*",
      "/inner",
      "/shop",
      "/shop/*",
    ]);
  });

  it("sends every page of app/routes.ts, its data and the API to the Worker, and no asset", () => {
    const rules = workerFirstRules(routes);
    expect(rules.length).toBeLessThanOrEqual(MAX_RULES);
    expect(new Set(rules).size).toBe(rules.length); // Wrangler refuses duplicates
    for (const pathname of [
      "/",
      "/settings",
      "/signin",
      "/theAdministrator",
      "/digiprev/0da93c24",
      "/checkOut/0da93c24",
      "/projects/p1",
      "/settings.data",
      "/_.data",
      "/__manifest",
      "/api/session",
      "/api/files/f1/upload",
    ]) {
      expect(workerFirst(rules, pathname), pathname).toBe(true);
    }
    for (const pathname of ["/assets/root-CIcZyA-j.css", "/assets/entry.client-abc.js", "/favicon.ico", "/nowhere"]) {
      expect(workerFirst(rules, pathname), pathname).toBe(false);
    }
  });

  it("refuses more rules than Wrangler takes", () => {
    const many = Array.from({ length: MAX_RULES }, (_, i) => route(`page${i}`, "page.tsx"));
    expect(() => workerFirstRules(many)).toThrow(/more than Wrangler's 100/);
  });
});
