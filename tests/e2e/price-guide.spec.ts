/**
 * The price guide end to end (docs/product.md §13 "Price guide"), with JavaScript on and off:
 * the owner fills the residential ranges on /admin/content/prices, previews and publishes them;
 * the quote form shows the typical price once a service and a size are chosen (with JavaScript),
 * the success message repeats it (both), and /pricing lists it. The spec ends by putting the
 * empty guide back, so the other specs see the starting content.
 */
import { createAdmin, signIn } from "./accounts";
import { bumpContentVersion, queryD1 } from "./d1";
import { expect, mailTo, test } from "./fixtures";

const SMALL = "Typical price: J$14,000-18,000. Your exact quote comes within 24 hours.";

/** The empty guide published again (as 'Publish' with no ranges does), with the content version moved so no page keeps the ranges. */
async function restoreEmptyGuide() {
  await queryD1(
    `INSERT INTO site_content_revisions (section, body, action, author_email, created_at) VALUES ('prices', '[]', 'publish', 'e2e@example.com', ${Date.now()})`,
  );
  await bumpContentVersion();
}

test("the owner publishes residential ranges; the quote form, its success message, its e-mail and /pricing show them", async ({
  page,
  mails,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const owner = `owner-prices-${testInfo.project.name}-${Date.now()}@example.com`;
  await createAdmin(owner);
  try {
    await signIn(page, owner);
    await page.goto("/admin/content/prices?service=residential");
    await expect(page.getByRole("heading", { level: 1, name: "Price guide" })).toBeVisible();
    await expect(page.getByRole("link", { name: "History" })).toHaveAttribute("href", "/admin/content/prices/history");

    // A mistake first: the row is named, nothing is published, the typed values stay.
    await page.getByLabel("Small (1-2 bedrooms), One-time: J$ from").fill("18000");
    await page.getByLabel("Small (1-2 bedrooms), One-time: J$ to").fill("14000");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("Small (1-2 bedrooms), One-time: the highest J$ price must not be below the lowest.")).toBeVisible();
    await expect(page.getByLabel("Small (1-2 bedrooms), One-time: J$ from")).toHaveValue("18000");

    await page.getByLabel("Small (1-2 bedrooms), One-time: J$ from").fill("14000");
    await page.getByLabel("Small (1-2 bedrooms), One-time: J$ to").fill("18000");
    await page.getByLabel("Medium (3-4 bedrooms), Weekly: J$ from").fill("20,000");
    await page.getByLabel("Medium (3-4 bedrooms), Weekly: J$ to").fill("26,000");
    await page.getByLabel("Medium (3-4 bedrooms), Weekly: US$ from").fill("130");
    await page.getByLabel("Medium (3-4 bedrooms), Weekly: US$ to").fill("170");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("prices-preview");
    await expect(preview.getByRole("cell", { name: "J$14,000-18,000", exact: true })).toBeVisible();
    await expect(preview.getByRole("cell", { name: /^J\$20,000-26,000 ?\(US\$130-170\)$/ })).toBeVisible();

    // 'Back to editing' keeps the values; previewing again and publishing makes them live.
    await page.getByRole("button", { name: "Back to editing" }).click();
    await expect(page.getByLabel("Medium (3-4 bedrooms), Weekly: US$ to")).toHaveValue("170");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Price guide published.")).toBeVisible();
    await expect(page.getByLabel("Small (1-2 bedrooms), One-time: J$ to")).toHaveValue("18000");

    // /pricing lists them.
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 2, name: "Residential Cleaning" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "J$14,000-18,000", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: /^J\$20,000-26,000 ?\(US\$130-170\)$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get a free quote for Residential Cleaning" })).toHaveAttribute(
      "href",
      "/quote?service=residential",
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/prices-pricing-${width}-${testInfo.project.name}.png`, fullPage: true });
    }

    // The quote form: with JavaScript the typical price shows once the service and the size are chosen.
    const visitor = `visitor-prices-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/quote");
    await page.getByLabel("Full Name").fill("Kerry-Ann Lewis");
    await page.getByLabel("Email").fill(visitor);
    await page.getByLabel("Phone").fill("+1 876 555 0161");
    await page.getByLabel("Service Type").selectOption("residential");
    await page.getByLabel("Property Address").fill("8 Sunset Boulevard, Montego Bay");
    const hint = page.getByTestId("typical-price-hint");
    await expect(hint).toHaveText("");
    await page.getByLabel("Property Size").selectOption("small");
    if (js) {
      await expect(hint).toHaveText(SMALL);
      await page.getByLabel("Frequency").selectOption("weekly");
      await expect(hint).toHaveText(""); // no range for a small home weekly
      await page.getByLabel("Frequency").selectOption("one-time");
      await expect(hint).toHaveText(SMALL);
      await page.screenshot({ path: `/tmp/prices-quote-hint-390-js.png`, fullPage: true });
    } else {
      await expect(hint).toHaveText("");
    }
    await page.getByRole("button", { name: "Get My Free Quote" }).click();
    await expect(page.getByTestId("typical-price")).toHaveText(SMALL);
    await page.screenshot({ path: `/tmp/prices-quote-sent-390-${testInfo.project.name}.png` });
    const confirmation = await mailTo(mails, visitor, "Your quote request MB-");
    expect(confirmation.text).toContain(SMALL);
  } finally {
    await restoreEmptyGuide();
  }
  await page.goto("/pricing");
  await expect(page.getByText("Our prices depend on the job; ask for a free quote").first()).toBeVisible();
});
