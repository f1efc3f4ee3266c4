/**
 * Reviews from the admin to the public pages, in Chromium against the Worker in Miniflare, with
 * JavaScript on and off: a review is added hidden, published, seen by an anonymous visitor on
 * the home page and its service's page at once, and hidden again.
 */
import { createAdmin, signIn } from "./accounts";
import { axeViolations, expect, test } from "./fixtures";

for (const width of [390, 1280]) {
  test(`a published review shows on the next anonymous visit and goes when hidden (${width} px)`, async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const words = `Our villa sparkled ${testInfo.project.name} ${width} ${Date.now()}`;
    const visitor = await browser.newPage({ viewport: { width, height: 900 } });
    await visitor.goto("/services/airbnb");
    await expect(visitor.getByText(words)).toHaveCount(0);

    const admin = `reviews-${width}-${testInfo.project.name}-${Date.now()}@example.com`;
    await createAdmin(admin);
    await signIn(page, admin);
    await page.goto("/admin/reviews");
    await page.getByLabel("Name or initials").fill("K. Brown");
    await page.getByLabel("Area (optional)").fill("Ironshore");
    await page.getByLabel("Service").selectOption("airbnb");
    await page.getByLabel("Rating").selectOption("5");
    await page.getByRole("textbox", { name: "Review" }).fill(words);
    await page.getByRole("button", { name: "Add review" }).click();
    await expect(page.getByText("Review added. It is hidden until you publish it.")).toBeVisible();
    const card = page.locator("[data-review-id]").filter({ hasText: words });
    await expect(card.getByText("Hidden", { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText(words)).toHaveCount(0);

    await card.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Review published")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (testInfo.project.name === "js") expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`admin-reviews-${width}.png`), fullPage: true });

    await visitor.reload();
    await expect(visitor.getByText(words)).toBeVisible();
    await visitor.goto("/");
    const review = visitor.locator("[data-review]").filter({ hasText: words });
    await expect(review).toBeVisible();
    await expect(review.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    await review.scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: testInfo.outputPath(`home-reviews-${width}.png`), fullPage: true });

    await card.getByRole("button", { name: "Hide" }).click();
    await expect(page.getByText("Review hidden")).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText(words)).toHaveCount(0);
    await visitor.close();
  });
}
