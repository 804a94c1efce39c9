// Community journeys: the packages open one at a time; a visitor's beat battle
// entry survives sign-up (files included) and lands at /beatbin.
import { expect, type Page, test } from "@playwright/test";
import {
  ALREADY_ENTERED,
  AUDIO_REQUIRED,
  COVER_REQUIRED,
  ENTRY_WAITING,
  PRODUCER_NAME_REQUIRED,
  SUBMISSION_SUCCESSFUL,
} from "../../app/kernel/schemas/beatbattle";
import { PROJECT_TITLE_REQUIRED } from "../../app/kernel/schemas/files";
import {
  AMOUNT_INVALID,
  DONATION_SUCCESSFUL,
  EMAIL_REQUIRED,
  FUNDRAISER_HEADING,
} from "../../app/kernel/schemas/fundraiser";
import { ADMIN, login, origin, PNG, readVerificationCode, unique } from "./fixtures";

/** The start of an MP3 (ID3 tag), padded. */
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4086)]);

test("the packages open one at a time, by mouse and keyboard", async ({ page }) => {
  await page.goto("/editmedia");
  // A pricing page (issue 45 item 8): each package with its price and a call to action.
  for (const [name, price] of [
    ["Green", "$249"],
    ["Mission", "$490"],
    ["Odyssey", "$1,200"],
  ] as const) {
    const card = page.getByRole("region", { name, exact: true });
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `Book ${name}` })).toHaveAttribute(
      "href",
      `mailto:support@creatorplatform.app?subject=${encodeURIComponent(`${name} package`)}`,
    );
  }
  // What each holds is a visible check list, not hidden behind a toggle.
  await expect(page.getByRole("list", { name: "What's in Green" })).toContainText("3 video clips of 45 to 60 seconds");
  await expect(page.getByRole("list", { name: "What's in Mission" })).toContainText("1 episode of 5 to 6 minutes");
  const green = page.getByRole("button", { name: "Green" });
  const mission = page.getByRole("button", { name: "Mission" });
  const greenPanel = page.getByText("Book Green: an e-mail to us opens with the package named.");
  const missionPanel = page.getByText("Book Mission: an e-mail to us opens with the package named.");
  await expect(green).toHaveAttribute("aria-expanded", "false");
  await expect(greenPanel).toBeHidden();
  await green.click();
  await expect(green).toHaveAttribute("aria-expanded", "true");
  await expect(greenPanel).toBeVisible();
  await mission.click();
  await expect(green).toHaveAttribute("aria-expanded", "false");
  await expect(mission).toHaveAttribute("aria-expanded", "true");
  await expect(missionPanel).toBeVisible();
  await expect(greenPanel).toBeHidden();
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1);
  // Keyboard: Tab to Odyssey and press Enter.
  await page.getByRole("button", { name: "Odyssey" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Odyssey" })).toHaveAttribute("aria-expanded", "true");
  await expect(mission).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(page.locator('.packages [aria-expanded="true"]')).toHaveCount(0);
});

test("a visitor's beat battle entry is kept through sign-up and lands at /beatbin", async ({ page }) => {
  const id = unique("beat");
  const email = `${id}@example.com`;

  await page.goto("/beatbattle");
  await expect(page.getByRole("heading", { name: "Origins Beat Battle", level: 1 })).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit" });
  await submit.click();
  // Each message at its field (issue 46 §4), all of them in the summary on top of the form.
  const summary = page.locator(".form-errors");
  for (const message of [PROJECT_TITLE_REQUIRED, PRODUCER_NAME_REQUIRED, AUDIO_REQUIRED, COVER_REQUIRED])
    await expect(summary).toContainText(message);
  await expect(page.getByLabel("Beat name")).toHaveAccessibleDescription(new RegExp(PROJECT_TITLE_REQUIRED));
  await expect(page.getByLabel("Producer name")).toHaveAccessibleDescription(new RegExp(PRODUCER_NAME_REQUIRED));
  await expect(page.getByRole("group", { name: /^Audio files/ })).toHaveAccessibleDescription(AUDIO_REQUIRED);
  await expect(page.getByRole("group", { name: "Cover art image" })).toHaveAccessibleDescription(COVER_REQUIRED);

  await page.getByLabel("Beat name").fill("Sunrise Loop");
  await expect(summary).not.toContainText(PROJECT_TITLE_REQUIRED);
  await page.getByLabel("Producer name").fill("E2E Producer");
  await page.getByLabel("Location (optional)").fill("Accra");
  await page.getByLabel("Short message (optional)").fill("First beat!");
  await page.getByLabel("Audio files").setInputFiles([
    { name: "loop.mp3", mimeType: "audio/mpeg", buffer: MP3 },
    { name: "stems.mp3", mimeType: "audio/mpeg", buffer: MP3 },
  ]);
  await page.getByLabel("Cover art image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Cover: cover.png")).toBeVisible();
  await submit.click();

  // Sent to sign up; nothing uploaded yet. The page says the entry waits (issue 46.6a).
  await expect(page).toHaveURL(/\/signup\?next=%2Fbeatbattle|\/signup\?next=\/beatbattle/);
  await expect(page.getByRole("status").filter({ hasText: ENTRY_WAITING })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(`Producer ${id}`);
  await page.getByLabel("User Name", { exact: true }).fill(id);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByLabel("Re-type Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByLabel("Verification code").fill(await readVerificationCode(page, email));
  await expect(page.getByRole("status").filter({ hasText: ENTRY_WAITING })).toBeVisible();
  await page.getByRole("button", { name: "Verify" }).click();

  // Back on the battle with everything restored.
  await expect(page).toHaveURL(/\/beatbattle$/);
  await expect(page.getByText("Your entry was restored, files included.")).toBeVisible();
  await expect(page.getByLabel("Beat name")).toHaveValue("Sunrise Loop");
  await expect(page.getByLabel("Producer name")).toHaveValue("E2E Producer");
  await expect(page.getByLabel("Location (optional)")).toHaveValue("Accra");
  await expect(page.getByLabel("Short message (optional)")).toHaveValue("First beat!");
  await expect(page.getByRole("list", { name: "Chosen audio files" })).toContainText("loop.mp3");
  await expect(page.getByRole("list", { name: "Chosen audio files" })).toContainText("stems.mp3");
  await expect(page.getByText("Cover: cover.png")).toBeVisible();

  // Leaving the page after the restore keeps the entry: it is discarded only once it is in.
  expect(await keptDraft(page)).toBe(true);
  await page.goto("/bidgallery");
  await page.goto("/beatbattle");
  await expect(page.getByText("Your entry was restored, files included.")).toBeVisible();
  await expect(page.getByLabel("Beat name")).toHaveValue("Sunrise Loop");
  await expect(page.getByRole("list", { name: "Chosen audio files" })).toContainText("stems.mp3");
  await expect(page.getByText("Cover: cover.png")).toBeVisible();

  // A second tab, opened before the entry is in, offers the form too.
  const second = await page.context().newPage();
  await second.goto("/beatbattle");
  await expect(second.getByText("You have entered this battle.")).toHaveCount(0);
  // It restores the same kept entry; typed over only once that is done, or the restore lands on top.
  await expect(second.getByText("Your entry was restored, files included.")).toBeVisible();

  await page.getByRole("button", { name: "Submit" }).click();
  // At once, no reload: "You're in", headed by the seed's message, in the form's place; no raw file links.
  await expect(page.getByRole("status").filter({ hasText: SUBMISSION_SUCCESSFUL })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You're in" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await expect(page.getByText("No entries yet")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^View .* in / })).toHaveCount(0);

  // The second tab's entry is refused before any file goes up.
  const uploads: string[] = [];
  second.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/uploads")) uploads.push(request.url());
  });
  await second.getByLabel("Beat name").fill("Second Try");
  await second.getByLabel("Producer name").fill("E2E Producer");
  await second
    .getByLabel("Audio files", { exact: true })
    .setInputFiles([{ name: "again.mp3", mimeType: "audio/mpeg", buffer: MP3 }]);
  await second.getByLabel("Cover art image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await second.getByRole("button", { name: "Submit" }).click();
  await expect(second.getByRole("alert").filter({ hasText: ALREADY_ENTERED })).toBeVisible();
  expect(uploads).toEqual([]);
  await second.close();

  await page.getByRole("link", { name: "See your entry" }).click();
  await expect(page).toHaveURL(/\/beatbin$/);
  await expect(page.getByRole("heading", { name: "Sunrise Loop" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover art of Sunrise Loop" })).toBeVisible();
  await expect(page.locator("audio")).toHaveCount(2);

  // A second visit says the member is in, with their entry and no form; the entry, now sent, is no
  // longer kept to restore.
  await page.goto("/beatbattle");
  await expect(page.getByRole("heading", { name: "You're in" })).toBeVisible();
  await expect(page.getByText("You have entered this battle.")).toBeVisible();
  await expect(page.getByText("Sunrise Loop")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  expect(await keptDraft(page)).toBe(false);
  await expect(page.getByText("Your entry was restored, files included.")).toHaveCount(0);
});

/** Whether this browser still keeps a beat battle entry (app/lib/beatbattle-draft.ts, idb-keyval's default store). */
function keptDraft(page: Page) {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("keyval").objectStore("keyval").get("beatbattle-draft");
          read.onsuccess = () => resolve(read.result !== undefined);
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test("the battle's entries are private while it is open and a public gallery once it has closed", async ({
  page,
  browser,
}) => {
  await login(page, ADMIN.email, ADMIN.password);
  const headers = { origin: origin() };
  const { battle } = await (await page.request.get("/api/beat-battle")).json();
  // The admin judges the entries in the shared player (issue 28 §3), not the browser's bare controls.
  await page.goto("/theAdministrator?section=beat-battle");
  const judged = page.getByRole("list", { name: "Entries" }).locator("li").filter({ hasText: "Sunrise Loop" });
  await expect(judged.getByRole("button", { name: /^Play Entry \d+: loop\.mp3$/ })).toBeVisible();
  await expect(judged.getByRole("slider", { name: /^Seek Entry \d+: stems\.mp3$/ })).toBeVisible();
  await expect(page.locator("audio[controls], video[controls]")).toHaveCount(0);
  const visitor = await browser.newPage();
  try {
    await visitor.goto("/beatbattle");
    // "Entries close on 31 December — 26 days left", the instant in the markup.
    const closes = visitor.locator("time", { hasText: "Entries close on" });
    await expect(closes).toHaveText(
      /^Entries close on \d{1,2} [A-Z][a-z]+( \d{4})? — (\d+ days|\d+ hours?|Less than an hour) left$/,
    );
    await expect(closes).toHaveAttribute("datetime", battle.deadline);
    await expect(visitor.getByRole("heading", { name: "The entries" })).toHaveCount(0);

    const past = new Date(Date.now() - 60_000).toISOString();
    const closed = await page.request.put("/api/admin/beat-battle", {
      data: { title: battle.title, deadline: past },
      headers,
    });
    expect(closed.ok()).toBe(true);
    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "The entries" })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Submit" })).toHaveCount(0);
    const entry = visitor.locator("li").filter({ hasText: "Sunrise Loop" });
    await expect(entry.getByRole("img", { name: "Cover art of Sunrise Loop" })).toBeVisible();
    await expect(entry.getByRole("button", { name: /^Play Sunrise Loop/ }).first()).toBeVisible();
  } finally {
    // Open again for the journeys after this one.
    await page.request.put("/api/admin/beat-battle", {
      data: { title: battle.title, deadline: battle.deadline },
      headers,
    });
    await visitor.close();
  }
});

test("a donor gives $25 with the test card and the progress bar moves", async ({ page }) => {
  await page.goto("/fundraiser");
  await expect(page.getByRole("heading", { name: FUNDRAISER_HEADING })).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Our goal" });
  const before = Number(await bar.getAttribute("aria-valuenow"));

  const donate = page.getByRole("button", { name: "Donate" });
  // The card leads with the amounts and 'Donate'; the details open once asked for, at the e-mail.
  await expect(page.getByLabel("Email")).toBeHidden();
  await donate.click();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill("");
  await donate.click();
  await expect(page.getByRole("alert")).toHaveText(EMAIL_REQUIRED);
  await page.getByLabel("Custom").check();
  await page.getByLabel("Custom amount (USD)").fill("0.5");
  await page.getByLabel("Email").fill("donor@example.com");
  await donate.click();
  await expect(page.getByRole("alert")).toHaveText(AMOUNT_INVALID);

  await page.getByLabel("$25").check();
  await page.getByLabel("Your name (optional)").fill("E2E Donor");
  await page.getByLabel("Name on card").fill("E2E Donor");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await donate.click();
  // A receipt in the form's place: the seed's message, the amount, share links; 'Give again' brings back
  // a cleared form.
  const thanks = page.getByRole("status").filter({ hasText: DONATION_SUCCESSFUL });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText("Thank you for giving $25.00");
  await expect(thanks.getByRole("button", { name: "Copy link to this fundraiser" })).toBeVisible();
  await expect(donate).toHaveCount(0);
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await expect(bar).toHaveAttribute("aria-valuenow", String(before + 2500));
  await expect(page.locator(".donor-wall")).toContainText("E2E Donor · $25.00");
  await thanks.getByRole("button", { name: "Give again" }).click();
  await expect(thanks).toHaveCount(0);
  await expect(donate).toBeEnabled();
  await expect(page.getByLabel("Your name (optional)")).toHaveValue("");
});

test("the fundraiser on a phone: the goal, donors and days left are in the first screen, and the Donate bar covers no text", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/fundraiser");
  const bar = page.getByRole("progressbar", { name: "Our goal" });
  const goal = page.locator("#goal");
  await expect(bar).toBeVisible();
  // Right under the picture (GoFundMe), before the title: all of the goal's facts fit the first screen.
  const goalBox = (await goal.boundingBox())!;
  expect(goalBox.y + goalBox.height).toBeLessThanOrEqual(844);
  await expect(goal).toContainText(/raised/);
  await expect(goal.getByText("Donors")).toBeInViewport();
  await expect(goal.getByText("Time left")).toBeInViewport();
  const title = page.getByRole("heading", { level: 1, name: FUNDRAISER_HEADING });
  expect((await title.boundingBox())!.y).toBeGreaterThan(goalBox.y);
  const donateBar = page.getByRole("link", { name: "Donate", exact: true });

  /** The text whose centre is under the visible Donate bar, if any (elementFromPoint at each line's centre). */
  const covered = () =>
    page.evaluate(() => {
      const bar = Array.from(document.querySelectorAll("a")).find((a) => a.textContent === "Donate" && a.offsetParent);
      if (!bar) return [];
      const box = bar.parentElement!.getBoundingClientRect();
      const hits: string[] = [];
      for (const el of Array.from(
        document.querySelectorAll("main p, main h1, main h2, main strong, main dd, main dt, main td"),
      )) {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (y < 0 || y > innerHeight || r.width === 0) continue;
        const top = document.elementFromPoint(x, y);
        if (top && !el.contains(top) && box.top <= y && y <= box.bottom) hits.push(el.textContent!.slice(0, 40));
      }
      return hits;
    });
  // The first screen: no bar while the goal shows, so nothing (the organiser line included) is under it.
  await expect(donateBar).toBeHidden();
  expect(await covered()).toEqual([]);
  // Past the donation card the bar shows; at the end of the page it sits below the last words.
  await page.getByRole("heading", { name: "What your donation buys" }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect(donateBar).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(donateBar).toBeVisible();
  expect(await covered()).toEqual([]);
  await context.close();
});
