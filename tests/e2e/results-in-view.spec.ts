/**
 * A form's result where the user is (docs/product.md §4 "Forms";
 * app/components/hooks/use-result-focus.ts), on a 390×844 phone, with JavaScript on and off (the
 * two projects): a form sent from far down a page shows its answer within the screen, and with
 * JavaScript the answer has the focus (so a screen reader reads it).
 * - the business facts' 'Preview' (the form's last button): the preview, with 'Publish' in view;
 * - the same form refused (a phone number that cannot be dialled): the refusal's summary;
 * - turning on two-step sign-in with the authenticator app: the recovery codes, shown once, with
 *   'Download as text' (and, with JavaScript, 'Copy' and 'Print').
 * Nothing is published or kept but the test's own admin and its authenticator app.
 */
import type { Locator, Page } from "@playwright/test";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { TWO_STEP } from "../../app/domain/limits";
import { createAdmin, signIn } from "./accounts";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const javaScript = () => test.info().project.name === "js";

/** A new admin of this test, signed in. */
async function admin(page: Page, name: string) {
  const email = `in-view-${name}-${test.info().project.name}-${Date.now()}@example.com`;
  await createAdmin(email);
  await signIn(page, email);
  return email;
}

/** Scrolls the window to its end, so the form's button is far from the page's top. */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
}

/**
 * The result is on the screen: its box starts at or below the window's top and, when it is no
 * taller than the window, ends above its bottom; with JavaScript it is the focused element.
 */
async function expectResultInView(page: Page, result: Locator) {
  await expect(result).toBeVisible();
  await expect
    .poll(async () => {
      const box = await result.boundingBox();
      const height = await page.evaluate(() => window.innerHeight);
      if (!box) return "no box";
      if (box.y < -1) return `above the screen (${Math.round(box.y)} px)`;
      if (box.y + Math.min(box.height, height) > height + 1) return `below the screen (${Math.round(box.y)} px)`;
      return "in view";
    })
    .toBe("in view");
  if (javaScript()) {
    await expect.poll(() => result.evaluate((element) => element === document.activeElement)).toBe(true);
  }
}

test("the business facts' Preview, sent from the end of the form, shows the preview and Publish on the screen", async ({ page }) => {
  await admin(page, "preview");
  await page.goto("/admin/content/business");
  if (javaScript()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 876 555 0177");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("group", { name: "Preview: not published yet" });
  await expectResultInView(page, preview);
  await expect(preview.getByRole("button", { name: "Publish" })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("preview-390.png") });
});

test("a refused business form, sent from its end, shows what to change on the screen", async ({ page }) => {
  await admin(page, "refused");
  await page.goto("/admin/content/business");
  if (javaScript()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("call the office");
  await scrollToEnd(page);
  await page.getByRole("button", { name: "Preview" }).click();

  const refusal = page.getByRole("alert").filter({ hasText: "need" });
  await expectResultInView(page, refusal);
  await expect(page.getByRole("textbox", { name: "Phone", exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("turning on two-step sign-in shows the recovery codes on the screen, with a way to keep them", async ({ page }) => {
  await admin(page, "two-step");
  await page.goto("/admin/security");
  if (javaScript()) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const shown = await page.getByTestId("authenticator-key").innerText();
  const key = decodeBase32IgnorePadding(shown.replaceAll(" ", ""));
  const step = Math.floor(Date.now() / 1000 / TWO_STEP.totpPeriodSeconds);
  await page.getByLabel("Code from the app").fill(generateHOTP(key, BigInt(step), TWO_STEP.totpDigits));
  await page.getByRole("button", { name: "Turn on" }).scrollIntoViewIfNeeded();
  await page.getByRole("button", { name: "Turn on" }).click();

  const panel = page.getByTestId("recovery-codes");
  await expectResultInView(page, panel);
  await expect(panel.locator("li")).toHaveCount(TWO_STEP.recoveryCodes);
  const codes = await panel.locator("li").allInnerTexts();

  // 'Download as text' works without JavaScript: a data: link holding the codes, nothing stored.
  const download = panel.getByRole("link", { name: "Download as text" });
  await expect(download).toHaveAttribute("download", "recovery-codes.txt");
  const text = decodeURIComponent((await download.getAttribute("href"))!.replace(/^data:text\/plain;charset=utf-8,/, ""));
  for (const code of codes) expect(text).toContain(code);

  if (javaScript()) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await panel.getByRole("button", { name: "Copy" }).click();
    await expect(panel.getByTestId("recovery-codes-copied")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes[0]);
    await expect(panel.getByRole("button", { name: "Print" })).toBeVisible();
  } else {
    await expect(panel.getByRole("button", { name: "Copy" })).toHaveCount(0);
    await expect(panel.getByText("use your browser's Print")).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("recovery-codes-390.png") });
});
