// The seller's journey: a product with a cover and two audio files made on
// /digistore; seen and edited on /digimanager; shown on the public store page
// with a preview (made by the renderer with real ffmpeg) that plays, while
// Add to Cart sends a visitor to sign in and back.
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

  // The manager lists it; one field edited inline: click, type, Enter.
  await page.goto("/digimanager");
  const card = page.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: `Cover of ${title}` })).toBeVisible();
  await expect(card.getByText("Non-Exclusive License")).toBeVisible();
  await card.getByRole("button", { name: "Edit Price: $9.99" }).click();
  await card.getByRole("textbox", { name: "Price" }).fill("12.50");
  await card.getByRole("textbox", { name: "Price" }).press("Enter");
  await expect(card.getByRole("button", { name: "Edit Price: $12.50" })).toBeVisible();
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

  // A visitor opens the store link: price, licence, and a preview that plays, drawn from its peaks.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(storePath);
  const shown = visitor.getByRole("article", { name: title });
  await expect(shown.getByText("$12.50")).toBeVisible();
  await expect(shown.getByText("Non-Exclusive License")).toBeVisible();
  await expect(async () => {
    await visitor.reload();
    await expect(
      visitor.getByRole("article", { name: title }).getByRole("button", { name: "Play beat-a.mp3" }),
    ).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 45_000 });
  const play = shown.getByRole("button", { name: "Play beat-a.mp3" });
  const row = shown.locator(".audio-list li").filter({ hasText: "beat-a.mp3" });
  const audio = row.locator("audio");
  expect(await audio.getAttribute("src")).toContain("/api/storage/get/");
  await expect(row.locator("svg.waveform rect")).not.toHaveCount(0);
  await play.click();
  await expect(shown.getByRole("button", { name: "Pause beat-a.mp3" })).toBeVisible();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.error)).toBeNull();

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
