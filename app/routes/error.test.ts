// The /error page (issue 44.5): where sign-in sends a visitor after an exception. Its tab must say
// what it is, not repeat the landing page's 'Creator Platform'.
import { describe, expect, it } from "vitest";
import { call } from "../../tests/workers/http";
import { html } from "../../tests/workers/pages";

const titleOf = (page: string) => page.match(/<title>([^<]*)<\/title>/)?.[1];

describe("/error", () => {
  it("has its own title, different from the landing page's", async () => {
    const response = await call("/error");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(titleOf(page)).toBe("Something went wrong · Creator Platform");
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(await html(await call("/")))).toBe("Creator Platform");
  });
});
