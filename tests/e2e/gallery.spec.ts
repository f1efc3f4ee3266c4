/**
 * The gallery staff publish, in Chromium against the Worker in Miniflare (D1, R2 and the IMAGES
 * binding run locally), with JavaScript on and off:
 * - a 12 MB phone photo is made smaller in the browser and lands under 2,000 px; without
 *   JavaScript the original is refused by the server's 5 MB limit with its message;
 * - a before/after pair published from the admin shows on the next anonymous visit with a
 *   slider that moves by keyboard, mouse and touch, or side by side without JavaScript;
 * - deleting the items brings the stock gallery back (later tests rely on it).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { GALLERY_ITEMS } from "../../app/content/gallery";
import { fileTooLargeMessage } from "../../app/domain/texts/messages";
import { createAdmin, signIn } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test } from "./fixtures";

const FIXTURES = ".cache/e2e-gallery";

/** Writes the test photos once: a 13 MB 4800 × 2700 "phone photo" of grain, and a small before/after pair. */
async function photos() {
  mkdirSync(FIXTURES, { recursive: true });
  const phone = join(FIXTURES, "IMG_4031.jpg");
  const noise = {
    width: 4800,
    height: 2700,
    channels: 3 as const,
    background: "#808080",
    noise: { type: "gaussian" as const, mean: 128, sigma: 20 },
  };
  writeFileSync(phone, await sharp({ create: noise }).jpeg({ quality: 100 }).toBuffer());
  const room = (background: string) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
  writeFileSync(join(FIXTURES, "before.jpg"), await room("#8a7350"));
  writeFileSync(join(FIXTURES, "after.jpg"), await room("#f4f1ea"));
  return { phone, before: join(FIXTURES, "before.jpg"), after: join(FIXTURES, "after.jpg") };
}

/** Deletes a gallery item from the admin, as staff would (a confirmation step first). */
async function deleteItem(page: Page, title: string) {
  const card = page.locator("[data-gallery-item]").filter({ hasText: title });
  await card.locator("summary", { hasText: /^Delete (photo|pair)/ }).click();
  await card.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByText("Deleted from the gallery")).toBeVisible();
}

test("staff publish a before/after pair; visitors compare it on /gallery; a 12 MB phone photo is made smaller before upload", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const js = testInfo.project.name === "js";
  const files = await photos();
  const admin = `gallery-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(admin);
  await signIn(page, admin);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/admin/gallery");
  await expect(page.getByRole("heading", { name: "Gallery", level: 1 })).toBeVisible();

  // The phone photo: hidden, so no visitor waits for its sizes to be made.
  const phoneTitle = `Phone photo ${testInfo.project.name} ${Date.now()}`;
  const photoForm = page.locator("form", { has: page.getByLabel("Photo", { exact: true }) });
  await photoForm.getByLabel("Photo", { exact: true }).setInputFiles(files.phone);
  if (js) await expect(page.getByText(/^Ready to upload: 2000 × 1125 pixels, .* \(was 1\d\.\d MB\)\.$/)).toBeVisible({ timeout: 30_000 });
  await photoForm.getByLabel("Title").fill(phoneTitle);
  await photoForm.getByLabel("Category").selectOption("Deep Clean");
  await photoForm.getByLabel("Alt text").fill("Grain, as a test photo");
  await photoForm.getByLabel("Publish on the gallery now").uncheck();
  await photoForm.getByRole("button", { name: "Add photo" }).click();
  if (js) {
    await expect(page.getByText("Added. It is hidden until you publish it.")).toBeVisible();
    const [stored] = await queryD1<{ width: number; height: number; size_bytes: number }>(
      `SELECT p.width, p.height, p.size_bytes FROM gallery_items i JOIN gallery_photos p ON p.id = i.photo_id WHERE i.title = '${phoneTitle}'`,
    );
    expect(stored).toMatchObject({ width: 2000, height: 1125 });
    expect(stored!.size_bytes).toBeLessThan(5 * 1024 * 1024);
    await deleteItem(page, phoneTitle);
  } else {
    await expect(page.getByText(fileTooLargeMessage("IMG_4031.jpg"))).toBeVisible();
    expect(await queryD1(`SELECT id FROM gallery_items WHERE title = '${phoneTitle}'`)).toEqual([]);
  }

  // The pair, published at once.
  const title = `Villa hand-over ${testInfo.project.name} ${Date.now()}`;
  const pairForm = page.locator("form", { has: page.getByLabel("Before photo") });
  await pairForm.getByLabel("Before photo").setInputFiles(files.before);
  await pairForm.getByLabel("After photo").setInputFiles(files.after);
  if (js) await expect(page.locator('[data-photo-note="after"]')).toContainText("Ready to upload", { timeout: 30_000 });
  await pairForm.getByLabel("Title").fill(title);
  await pairForm.getByLabel("Service").selectOption("post-construction");
  await pairForm.getByLabel("Description").fill("Plaster dust everywhere; we left it ready to move in.");
  await pairForm.getByRole("button", { name: "Add pair" }).click();
  await expect(page.getByText("Before/after pair added.")).toBeVisible();
  const card = page.locator("[data-gallery-item]").filter({ hasText: title });
  await expect(card.getByText("Published", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (js) expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("admin-gallery-390.png"), fullPage: true });

  for (const width of [390, 1280]) {
    const visiting = await browser.newContext({ viewport: { width, height: 900 }, hasTouch: true, javaScriptEnabled: js });
    const visitor = await visiting.newPage();
    await visitor.goto("/gallery");
    const pair = visitor.locator("li", { hasText: title });
    await pair.scrollIntoViewIfNeeded();
    const before = pair.getByRole("img", { name: `Before: ${title}` });
    const after = pair.getByRole("img", { name: `After: ${title}` });
    await expect(before).toBeVisible({ timeout: 30_000 });
    await expect(after).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => before.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const [beforeBox, afterBox] = [await before.boundingBox(), await after.boundingBox()];
    if (js) {
      // One frame: the photos overlap; the slider moves by keyboard, mouse and touch.
      expect(Math.abs(beforeBox!.x - afterBox!.x)).toBeLessThan(2);
      const slider = pair.getByRole("slider", { name: `Before and after: ${title}` });
      await expect(slider).toHaveAttribute("aria-valuetext", "50% before, 50% after");
      await slider.focus();
      for (let press = 0; press < 10; press++) await visitor.keyboard.press("ArrowLeft");
      await expect(slider).toHaveAttribute("aria-valuetext", "40% before, 60% after");
      await visitor.keyboard.press("End");
      await expect(slider).toHaveValue("100");
      const frame = (await slider.boundingBox())!;
      const y = frame.y + frame.height / 2;
      await visitor.mouse.move(frame.x + frame.width * 0.5, y);
      await visitor.mouse.down();
      await visitor.mouse.move(frame.x + frame.width * 0.2, y, { steps: 5 });
      await visitor.mouse.up();
      await expect(slider).toHaveAttribute("aria-valuetext", "20% before, 80% after");
      const cdp = await visitor.context().newCDPSession(visitor);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      await touch("touchStart", frame.x + frame.width * 0.3);
      for (const share of [0.5, 0.7, 0.8]) await touch("touchMove", frame.x + frame.width * share);
      await touch("touchEnd", 0);
      await expect(slider).toHaveAttribute("aria-valuetext", "80% before, 20% after");
      // The "after" photo is cut at the line: its left 80% is not drawn.
      expect(
        await pair.locator("[style*='--split']").evaluate((frameElement) => getComputedStyle(frameElement).getPropertyValue("--split")),
      ).toBe("80%");
      if (width === 390) expect(await axeViolations(visitor)).toEqual([]);
    } else {
      // Side by side, each labelled; no slider.
      expect(afterBox!.x).toBeGreaterThanOrEqual(beforeBox!.x + beforeBox!.width - 1);
      expect(Math.abs(afterBox!.y - beforeBox!.y)).toBeLessThan(2);
      await expect(pair.getByText("Before", { exact: true })).toBeVisible();
      await expect(pair.getByText("After", { exact: true })).toBeVisible();
      await expect(pair.getByRole("slider")).toBeHidden();
    }
    await pair.screenshot({ path: testInfo.outputPath(`gallery-pair-${width}.png`) });
    await visiting.close();
  }

  // Deleted: the next visitor gets the stock before/after section again.
  await deleteItem(page, title);
  const visitor = await browser.newPage({ javaScriptEnabled: js });
  await visitor.goto("/gallery");
  await expect(visitor.getByText(title)).toHaveCount(0);
  await expect(visitor.getByText(GALLERY_ITEMS[0]!.title)).toBeVisible();
  await visitor.close();
});
