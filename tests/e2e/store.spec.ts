// The seller's journey: a product with a cover and two audio files made on
// /digistore; seen and edited on /digimanager; shown on the public store page
// with a preview (made by the renderer with real ffmpeg) that plays in the
// sticky player under the beat's title, while Add to Cart sends a visitor to
// sign in and back.
import { expect, test } from "@playwright/test";
import { answerConfirm, login, MEMBER, unique } from "./fixtures";
import { createProductInPage, makeStoreMedia, ownStorePath } from "./store";

const media = makeStoreMedia();

test("a seller creates, edits and publishes a product; a visitor plays its preview", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = unique("Night Drive ");
  await login(page, MEMBER.email, MEMBER.password);
  await createProductInPage(page, {
    title,
    description: "A slow beat at 80 bpm.",
    license: "Non-Exclusive License",
    price: "9.99",
    access: "public-read",
    cover: media.cover,
    audio: [media.mp3, media.wav],
  });
  // The emptied form's preview is the product just uploaded (not 'Untitled product'), with where to manage it.
  const uploaded = page.getByRole("complementary", { name: "Uploaded" });
  await expect(uploaded.locator("[data-preview]")).toContainText(title);
  await expect(uploaded.locator("[data-preview]")).toContainText("$9.99");
  await expect(uploaded.getByRole("link", { name: `Manage ${title}` })).toHaveAttribute("href", /^\/digimanager\//);
  await expect(uploaded.getByRole("link", { name: `Open its page (${title})` })).toBeVisible();

  // The manager lists it; its page's Details tab edits one field inline: click, type, Enter.
  await page.goto("/digimanager");
  await page.getByRole("link", { name: title, exact: true }).click();
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: `Cover of ${title}` })).toBeVisible();
  await expect(card.getByText("Non-Exclusive License")).toBeVisible();
  await card.getByRole("button", { name: "Edit Price: $9.99" }).click();
  await card.getByRole("textbox", { name: "Price" }).fill("12.50");
  await card.getByRole("textbox", { name: "Price" }).press("Enter");
  await expect(card.getByRole("button", { name: "Edit Price: $12.50" })).toBeVisible();
  await expect(card.getByRole("status")).toHaveText("Saved");
  // An invalid value ends editing without saving.
  await card.getByRole("button", { name: "Edit Price: $12.50" }).click();
  await card.getByRole("textbox", { name: "Price" }).fill("1.234");
  await card.getByRole("textbox", { name: "Price" }).press("Enter");
  await expect(card.getByRole("button", { name: "Edit Price: $12.50" })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("article", { name: title }).getByRole("button", { name: "Edit Price: $12.50" }),
  ).toBeVisible();
  const storePath = await ownStorePath(page);

  // A visitor opens the store link: price, licence, and a row whose play button plays the preview in
  // the sticky player, which names the beat and its seller — never the file.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(storePath);
  const shown = visitor.getByRole("article", { name: title });
  await expect(shown.getByText("$12.50")).toBeVisible();
  await expect(shown.getByText("Non-Exclusive License")).toBeVisible();
  await expect(async () => {
    await visitor.reload();
    await expect(
      visitor.getByRole("article", { name: title }).getByRole("button", { name: `Play ${title}` }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(shown).not.toContainText("beat-a");
  await shown.getByRole("button", { name: `Play ${title}` }).click();
  await expect(shown.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
  const bar = visitor.getByRole("region", { name: "Now playing" });
  await expect(bar).toContainText(title);
  await expect(bar).not.toContainText("beat-a");
  // It really plays: the bar's clock moves on.
  await expect(bar).toContainText(/0:0[1-9] \//, { timeout: 10_000 });

  // The beat's own page: the waveform player, named by the title.
  await shown.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const player = visitor.locator(".audio-list li").first();
  expect(await player.locator("audio").getAttribute("src")).toContain("/api/storage/get/");
  await expect(player.locator("svg.waveform rect")).not.toHaveCount(0);
  // With several previews each is named "Preview 1 of 2: <title>".
  await expect(player.getByRole("slider", { name: new RegExp(`^Seek (Preview \\d of \\d: )?${title}`) })).toBeVisible();
  await expect(visitor.locator("main")).not.toContainText("beat-a.mp3");
  await visitor.goBack();

  // Adding to the cart needs sign-in; the visitor is sent there and back.
  await shown.getByRole("button", { name: `Add to Cart ${title}` }).click();
  await expect(visitor).toHaveURL(new RegExp(`/signin\\?from=${encodeURIComponent(storePath).replace(/%2F/g, "%2F")}`));

  // The seller makes it private, then deletes it after confirming.
  const mine = page.getByRole("article", { name: title });
  await mine.getByRole("button", { name: `Make private ${title}` }).click();
  await expect(mine.getByRole("button", { name: `Make public ${title}` })).toBeVisible();
  await mine.getByRole("button", { name: `Delete ${title}` }).click();
  await answerConfirm(page, `Delete "${title}"?`, "Delete");
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
});
