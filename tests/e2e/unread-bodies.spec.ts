// Issue 13 item 8: writes the Worker refuses before reading their body (a
// cross-origin write, a route that does not exist, a member route without a
// session) used to break the local server's connection to workerd, so the
// refused write or the next request — any client's — got vite's own HTML 500
// "TypeError: fetch failed". Against the real preview server (the same
// plugin and proxy as `npm start`): every answer is the app's own.
import { expect, test } from "@playwright/test";

const BODY = "x".repeat(512 * 1024);
const ROUNDS = 60;

test("writes refused before their body is read never leave a 500 the app did not make", async ({
  playwright,
  baseURL,
}) => {
  // Two clients on their own connections: one sends the refused writes, the other only reads.
  const writer = await playwright.request.newContext({ baseURL });
  const reader = await playwright.request.newContext({ baseURL });
  const answers: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const refused = await Promise.all([
      writer.post("/api/projects", { data: BODY, headers: { "content-type": "application/json" } }),
      writer.post("/api/projects", {
        data: BODY,
        headers: { "content-type": "application/json", origin: "http://evil.example" },
      }),
    ]);
    const [session, page] = await Promise.all([reader.get("/api/session"), writer.get("/signin")]);
    for (const response of [...refused, session, page])
      answers.push(`${new URL(response.url()).pathname} ${response.status()}`);
  }
  const serverErrors = answers.filter((answer) => / 5\d\d$/.test(answer));
  expect(serverErrors).toEqual([]);
  expect(answers.filter((a) => a.endsWith(" 403"))).toHaveLength(ROUNDS);
  await writer.dispose();
  await reader.dispose();
});
