/**
 * The photo viewer on a record page (app/components/photo-viewer.tsx), in Chromium with
 * JavaScript on and off, at 390 and 1280 px wide: a quote request with two photos, a PNG and a
 * HEIC file. A thumbnail opens "Photo 1 of 2", Next goes to the other photo, Close returns to
 * the record; the viewer covers the viewport and the PNG fits in it; the HEIC photo, which
 * Chromium cannot show, has a tile for a thumbnail, says so in the viewer and downloads under
 * its own name. With JavaScript the viewer is a modal dialog: focus moves into it and back to
 * the thumbnail, Tab stays inside, Escape closes it and the arrow keys step, and axe finds
 * nothing on the page with the thumbnails nor with the viewer open.
 *
 * Needs the record pages to render PhotoGallery with the record's photos and the open photo
 * from `?photo=`.
 */
import type { Locator, Page } from "@playwright/test";
import { makePng } from "../fixtures";
import { makeHeic } from "../photo-fixtures";
import { createAdmin } from "./accounts";
import { queryD1 } from "./d1";
import { axeViolations, expect, test, watchProblems } from "./fixtures";

const PASSWORD = "sea breeze at Doctor's Cave";
const HEIC_NOTE = "This photo is in HEIC format, which this browser may not be able to show.";
const PNG = { name: "kitchen.png", width: 40 };
const HEIC = { name: "site.heic" };

/** The quote request of this project's run: its page, and each photo's id by file name. */
let record = "";
let admin = "";
const photoIds = new Map<string, string>();

test.beforeAll(async ({ browser }, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now()}`;
  admin = `viewer-${run}@example.com`;
  await createAdmin(admin);
  const client = `photos-${run}@example.com`;
  // Its own client address, so the quote form's rate limit never meets another test's.
  const context = await browser.newContext({
    extraHTTPHeaders: { "CF-Connecting-IP": `10.251.${testInfo.workerIndex % 250}.${Date.now() % 250}` },
  });
  const page = await context.newPage();
  await page.goto("/quote?service=residential");
  await page.getByLabel("Full Name").fill("Gallery Client");
  await page.getByLabel("Email").fill(client);
  await page.getByLabel("Phone").fill("876 555 0177");
  await page.getByLabel("Property Address").fill("5 Gloucester Avenue");
  await page.getByLabel("Photos of the job").setInputFiles([
    { name: PNG.name, mimeType: "image/png", buffer: Buffer.from(makePng(PNG.width, 30)) },
    { name: HEIC.name, mimeType: "image/heic", buffer: Buffer.from(makeHeic()) },
  ]);
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await context.close();
  const id = (await queryD1<{ id: string }>(`SELECT id FROM quote_requests WHERE email = '${client}'`))[0]!.id;
  record = `/admin/quotes/${id}`;
  for (const row of await queryD1<{ id: string; file_name: string }>(`SELECT id, file_name FROM attachments WHERE owner_id = '${id}'`)) {
    photoIds.set(row.file_name, row.id);
  }
  expect([...photoIds.keys()].sort()).toEqual([PNG.name, HEIC.name].sort());
});

const hasJs = () => test.info().project.name === "js";

/**
 * Signs in as this run's admin at a viewport `width` px wide and opens the record page.
 * Out: the script errors and CSP reports collected from then on (with JavaScript).
 */
async function openRecord(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  const problems = hasJs() ? await watchProblems(page) : [];
  await page.goto("/auth");
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(record);
  // The HEIC thumbnail is a tile with the format and the file name, not a broken image.
  const tile = page.getByRole("img", { name: `${HEIC.name} (HEIC)` });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText("HEIC");
  await expect(tile).toContainText(HEIC.name);
  return problems;
}

/** The open viewer: a modal dialog with JavaScript, a region over the page without. */
const viewerOf = (page: Page) => (hasJs() ? page.getByRole("dialog") : page.getByRole("region", { name: /^Photo \d of 2$/ }));

/** The file name the viewer shows (both photos are stored in the same millisecond: either may come first). */
async function shownName(viewer: Locator): Promise<string> {
  const name = viewer.getByText(new RegExp(`^(${PNG.name}|${HEIC.name})$`.replace(/\./g, "\\.")));
  await expect(name).toBeVisible();
  return (await name.textContent())!;
}

/** The PNG shows, decoded, within the viewport; the HEIC photo offers its download instead. */
async function checkShown(page: Page, viewer: Locator, name: string) {
  const viewport = page.viewportSize()!;
  if (name === PNG.name) {
    const image = viewer.getByRole("img", { name: PNG.name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(PNG.width);
    await expect(viewer.getByText(HEIC_NOTE)).toHaveCount(0);
    const box = (await image.boundingBox())!;
    // The viewer covers the viewport: the whole photo is in view without scrolling.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await expect(viewer.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      `/admin/attachments/${photoIds.get(PNG.name)}?download=1`,
    );
    return;
  }
  await expect(viewer.getByText(HEIC_NOTE)).toBeVisible();
  // With JavaScript the image that failed to load is replaced by the note and the download.
  if (hasJs()) await expect(viewer.getByRole("img", { name: HEIC.name })).toHaveCount(0);
  const link = viewer.getByRole("link", { name: "Download" });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("href", `/admin/attachments/${photoIds.get(HEIC.name)}?download=1`);
  const box = (await link.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(HEIC.name);
  await download.cancel();
}

for (const width of [390, 1280]) {
  test(`at ${width} px a thumbnail opens the viewer, Next steps to photo 2, Close returns, and the HEIC photo downloads`, async ({
    page,
  }) => {
    const problems = await openRecord(page, width);
    const viewer = viewerOf(page);
    await expect(page.getByRole("heading", { name: "Gallery Client" })).toBeVisible();
    await expect(viewer).toHaveCount(0);

    const thumbnail = page.locator(`a[href="${record}?photo=1"]`);
    await expect(thumbnail).toHaveCount(1);
    const thumbnailBox = (await thumbnail.boundingBox())!;
    expect(Math.min(thumbnailBox.width, thumbnailBox.height)).toBeGreaterThanOrEqual(44);
    await thumbnail.click();
    await expect(page).toHaveURL(`${record}?photo=1`);
    await expect(viewer.getByRole("heading", { name: "Photo 1 of 2" })).toBeVisible();
    if (hasJs()) {
      await expect(viewer).toHaveAttribute("aria-modal", "true");
      await expect(viewer).toHaveAccessibleName("Photo 1 of 2");
      await expect(viewer).toBeFocused();
    } else {
      // Without JavaScript the rest of the page is hidden behind the viewer, so it cannot be focused.
      await expect(page.getByRole("heading", { name: "Gallery Client" })).toBeHidden();
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((region) => region.contains(document.activeElement))).toBe(true);
    }
    const first = await shownName(viewer);
    await checkShown(page, viewer, first);

    await viewer.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${record}?photo=2`);
    await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
    const second = await shownName(viewer);
    expect(second).not.toBe(first);
    await checkShown(page, viewer, second);

    await viewer.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(record);
    await expect(viewer).toHaveCount(0);
    await expect(page.getByText(/^Photo \d of 2$/)).toHaveCount(0);
    if (hasJs()) {
      // Focus is back where it was before the viewer opened.
      await expect(thumbnail).toBeFocused();
      expect(problems).toEqual([]);
    }
  });

  test(`at ${width} px the viewer opens from the URL; with JavaScript Escape closes it and the arrow keys step`, async ({ page }) => {
    const problems = await openRecord(page, width);
    if (hasJs()) expect(await axeViolations(page)).toEqual([]);
    // As a link shared between staff: the server renders the open viewer.
    await page.goto(`${record}?photo=2`);
    const viewer = viewerOf(page);
    await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Download" })).toBeVisible();
    if (hasJs()) expect(await axeViolations(page)).toEqual([]);
    await viewer.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`${record}?photo=1`);
    await expect(viewer.getByRole("heading", { name: "Photo 1 of 2" })).toBeVisible();
    // Previous and Next wrap around.
    await viewer.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`${record}?photo=2`);
    await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
    if (!hasJs()) return;

    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(record);
    await expect(viewer).toHaveCount(0);

    const thumbnail = page.locator(`a[href="${record}?photo=1"]`);
    await thumbnail.click();
    await expect(viewer.getByRole("heading", { name: "Photo 1 of 2" })).toBeVisible();
    await expect(viewer).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(`${record}?photo=2`);
    await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(`${record}?photo=1`);
    await expect(viewer.getByRole("heading", { name: "Photo 1 of 2" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
    // Tab and Shift+Tab stay inside the modal dialog.
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog), key).toBe(
        true,
      );
    }
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(record);
    await expect(viewer).toHaveCount(0);
    await expect(thumbnail).toBeFocused();
    expect(problems).toEqual([]);
  });
}

test("every arrow key press steps, however fast, without a request to the server; Escape closes", async ({ page }) => {
  test.skip(!hasJs(), "the arrow keys are the modal viewer's (JavaScript)");
  const problems = await openRecord(page, 1280);
  await page.locator(`a[href="${record}?photo=1"]`).click();
  const viewer = viewerOf(page);
  await expect(page).toHaveURL(`${record}?photo=1`);
  await expect(viewer.getByRole("heading", { name: "Photo 1 of 2" })).toBeVisible();
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });
  // 61 presses, each sent as soon as the one before is delivered, as a held key repeats.
  for (let i = 0; i < 61; i++) await page.keyboard.press("ArrowRight");
  // An odd number of steps from photo 1 of 2: photo 2.
  await expect(page).toHaveURL(`${record}?photo=2`);
  await expect(viewer.getByRole("heading", { name: "Photo 2 of 2" })).toBeVisible();
  // Two presses before React has rendered the first (both in one task, as on a busy phone):
  // two steps, back to photo 2, not one.
  const after = await viewer.evaluate(async (dialog) => {
    for (const key of ["ArrowLeft", "ArrowLeft"])
      dialog.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    return location.search;
  });
  expect(after).toBe("?photo=2");
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(`${record}?photo=1`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(record);
  await expect(viewer).toHaveCount(0);
  // The record's data does not change by looking at its photos: nothing was loaded again.
  expect(dataRequests).toEqual([]);
  expect(problems).toEqual([]);
});
