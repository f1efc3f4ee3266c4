/**
 * The admin's 'Site content' area (docs/product.md §13) in Chromium, with JavaScript on and off
 * (the two projects): the owner adds an FAQ, previews it, publishes it and reads it on /faq,
 * then restores the version before it from the history and it is gone; hides a service, whose
 * page then answers 404, and shows it again; a publish based on a version another admin has
 * replaced is refused as stale. Every page of the area, a preview and a refused
 * form at 390 and 1280 px: nothing scrolls sideways, and axe finds no WCAG 2.2 AA violation
 * (with JavaScript). Screenshots: /tmp/content-<width>-<project>-<page>.png.
 *
 * Each test puts the content back as it found it (through the area itself), and afterAll
 * drops whatever revisions are left, so the other specs read the starting content.
 */
import type { Page } from "@playwright/test";
import { createAdmin, signIn } from "./accounts";
import { bumpContentVersion, queryD1 } from "./d1";
import { expect, expectSoundPage, test } from "./fixtures";

const PUBLISHED = "Published. The site shows the change now.";
const RESTORED = "Restored. The site shows that version now.";

test.afterAll(async () => {
  await queryD1("DELETE FROM site_content_revisions WHERE action != 'seed'");
  await bumpContentVersion();
});

/** A new admin of this test, signed in. */
async function owner(page: Page, name: string) {
  const email = `content-${name}-${test.info().project.name}-${Date.now()}@example.com`;
  await createAdmin(email);
  await signIn(page, email);
  return email;
}

test("the owner adds an FAQ through its preview, reads it on /faq, then restores the version before and it is gone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await owner(page, "faq");
  const question = `Do you clean on Sundays (${test.info().project.name})?`;

  // 'More' → 'Site content' → 'FAQs'.
  await page.goto("/admin/quotes");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await nav.locator("summary").click();
  await nav.getByRole("link", { name: "Site content", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Price guide", exact: true })).toHaveAttribute("href", "/admin/content/prices");
  await page.getByRole("link", { name: "FAQs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();

  // An empty answer is refused with its message, the question kept.
  await page.getByRole("textbox", { name: "Question", exact: true }).fill(question);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Enter the answer.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Question", exact: true })).toHaveValue(question);

  await page.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes, by appointment: tell us when you ask for your quote.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: not published yet" })).toBeVisible();
  const preview = page.getByTestId("content-preview").first();
  await expect(preview).toContainText(question);
  await expect(preview).toContainText("Yes, by appointment");

  // 'Back to editing' keeps what was typed; a second preview, then 'Publish'.
  await page.getByRole("button", { name: "Back to editing" }).click();
  await expect(page.getByRole("textbox", { name: "Question", exact: true })).toHaveValue(question);
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(PUBLISHED)).toBeVisible();
  // Without JavaScript the answer to a POST opens at its #result.
  await expect(page).toHaveURL(/\/admin\/content\/faqs(#result)?$/);

  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: question })).toBeVisible();

  // The history: newest first, by this admin; the version before it restored.
  await page.goto("/admin/content/faqs/history");
  const versions = page.locator("[data-revision]");
  await expect(versions.first()).toContainText("Live");
  await expect(versions.first()).toContainText(`by ${email}`);
  await versions.nth(1).getByRole("link", { name: /^View/ }).click();
  await expect(page.getByTestId("content-preview").first()).not.toContainText(question);
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(page.locator("[data-revision]").first()).toContainText("Restored from #");

  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions", level: 1 })).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);
});

test("the owner changes the phone number: every public page and its JSON-LD show it at 1280 and 390 px; a wrong number is refused", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await owner(page, "phone");
  const phone = page.getByRole("textbox", { name: "Phone", exact: true });
  await page.goto("/admin/content/business");
  await phone.fill("call the office");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText("Enter a phone number that can be dialled, such as +1 876 555 0123.")).toBeVisible();
  await expect(phone).toHaveValue("call the office");

  await phone.fill("+1 876 555 0199");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("content-preview").filter({ hasText: "Call us" })).toContainText("+1 876-555-0199");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(PUBLISHED)).toBeVisible();

  const project = test.info().project.name;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/services", "/services/airbnb", "/about", "/contact", "/gallery", "/faq", "/quote", "/pricing"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "+1 876-555-0199" }), `${path} at ${width} px`).toHaveAttribute(
        "href",
        "tel:+18765550199",
      );
      await expect(page.getByText("+1 876-555-0123")).toHaveCount(0);
      // The business's structured data (a page may carry its own before it: /faq's FAQPage, /pricing's services).
      const business = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) =>
          scripts.map((script) => JSON.parse(script.textContent ?? "{}") as { telephone?: string }).find((entry) => "telephone" in entry),
        );
      expect(business?.telephone, path).toBe("+1 876-555-0199");
    }
    await page.goto("/contact");
    await page.screenshot({ path: `/tmp/content-phone-contact-${width}-${project}.png`, fullPage: true });
  }

  // Put the starting facts back from the history (the version before this one).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/content/business/history");
  await page.locator("[data-revision]").nth(1).getByRole("link", { name: /^View/ }).click();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByText(RESTORED)).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "+1 876-555-0123" })).toBeVisible();
});

test("a hidden service's page answers 404; shown again, it is back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await owner(page, "service");
  expect((await page.goto("/services/strata"))?.status()).toBe(200);

  await page.goto("/admin/content/services");
  const strata = page.locator('[data-service="strata"]');
  await expect(strata).toContainText("Shown");
  await strata.getByRole("button", { name: /^Hide/ }).click();
  await expect(page.getByRole("heading", { name: "Preview: not published yet" })).toBeVisible();
  await expect(page.getByText(/Hidden \(their pages answer 'not found'\): Strata Cleaning/)).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(PUBLISHED)).toBeVisible();
  await expect(strata).toContainText("Hidden");

  expect((await page.goto("/services/strata"))?.status()).toBe(404);
  await page.goto("/services");
  await expect(page.getByText("Strata Cleaning")).toHaveCount(0);

  await page.goto("/admin/content/services");
  await strata.getByRole("button", { name: /^Show/ }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(PUBLISHED)).toBeVisible();
  await expect(strata).toContainText("Shown");
  expect((await page.goto("/services/strata"))?.status()).toBe(200);
});

test("two admins change the same FAQ: the later publish is refused as stale, and the editor then shows the current version", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await owner(page, "stale");
  const answer = page.getByRole("textbox", { name: "Answer", exact: true });
  await page.goto("/admin/content/faqs/faq-supplies");
  const original = await answer.inputValue();

  // Another tab publishes first.
  const other = await page.context().newPage();
  await other.goto("/admin/content/faqs/faq-supplies");
  await other.getByRole("textbox", { name: "Answer", exact: true }).fill("Yes: all equipment and supplies (first tab).");
  await other.getByRole("button", { name: "Preview" }).click();
  await other.getByRole("button", { name: "Publish" }).click();
  await expect(other.getByText(PUBLISHED)).toBeVisible();
  await other.close();

  await answer.fill("Yes: everything (second tab).");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Someone published a change to this section since you opened it")).toBeVisible();
  await expect(answer).toHaveValue("Yes: all equipment and supplies (first tab).");

  // Put the answer back, from the current version.
  await answer.fill(original);
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(PUBLISHED)).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`every page of the area fits ${width} px and passes axe`, async ({ page }) => {
    // Every page of the area, each checked by axe and drawn whole: ~55 s on a 2-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    await owner(page, `look-${width}`);
    const project = test.info().project.name;
    const shot = async (name: string) => {
      await expectSoundPage(page);
      await page.screenshot({ path: `/tmp/content-${width}-${project}-${name}.png`, fullPage: true });
    };
    for (const [name, path] of [
      ["overview", "/admin/content"],
      ["business", "/admin/content/business"],
      ["services", "/admin/content/services"],
      ["service", "/admin/content/services/residential"],
      ["faqs", "/admin/content/faqs"],
      ["faq", "/admin/content/faqs/faq-supplies"],
      ["history", "/admin/content/faqs/history"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(name);
    }
    await page.locator("[data-revision]").first().getByRole("link", { name: /^View/ }).click();
    await expect(
      page.getByRole("button", { name: "Restore this version" }).or(page.getByText("This is the version the site shows now.")),
    ).toBeVisible();
    await shot("revision");

    // The business facts: a refused form (a closing time before the opening), then a preview.
    await page.goto("/admin/content/business");
    await page.getByLabel("Phone", { exact: true }).fill("12");
    await page.locator("#business-day1Closes").fill("07:00");
    await page.getByLabel("E-mail", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Preview" }).click();
    // The server's messages, the browser's own checks off (noValidate).
    await expect(page.getByText("Enter an e-mail address such as hello@example.com.")).toBeVisible();
    await expect(page.getByText("Enter a phone number that can be dialled, such as +1 876 555 0123.")).toBeVisible();
    await expect(page.getByText("A day's hours must close after they open.")).toBeVisible();
    await shot("business-refused");
    await page.getByLabel("Phone", { exact: true }).fill("+1 876 555 0123");
    await page.locator("#business-day1Closes").fill("18:00");
    await page.getByLabel("E-mail", { exact: true }).fill("hello@montegobaycleaning.example");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview: not published yet" })).toBeVisible();
    await shot("business-preview");

    await page.goto("/admin/content/services/residential");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview: not published yet" })).toBeVisible();
    await shot("service-preview");
  });
}
