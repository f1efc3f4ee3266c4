/**
 * Where a page opens: at the top for a new visit, where the visitor left it on back/forward and
 * on a reload. With JavaScript the router restores it (its positions in sessionStorage, keyed by
 * the history entry, app/components/scroll-restoration.tsx); without, the browser does.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Scrolls the window to `y` px and waits until the browser reports it there. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/** The window's scroll offset once it has settled where the page put it, in px. */
async function settledScrollY(page: Page, expected: number) {
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 10_000 }).toBeGreaterThan(expected - 5);
  return page.evaluate(() => Math.round(window.scrollY));
}

test.use({ viewport: { width: 390, height: 700 } });

test("a new visit opens at the top; back and a reload return to where the visitor was", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto("/services");
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await scrollTo(page, 900);

  // Away through the sticky header's menu, which needs no scrolling (a client-side navigation
  // with JavaScript, a new page without).
  await page.locator("header").getByText("Menu", { exact: true }).click();
  await page.locator("header").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
  expect(Math.abs((await settledScrollY(page, 900)) - 900)).toBeLessThanOrEqual(4);

  await scrollTo(page, 1200);
  await page.reload();
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(Math.abs((await settledScrollY(page, 1200)) - 1200)).toBeLessThanOrEqual(4);

  if (js) {
    // The entry's key, under which the router keeps its position, was given when the page's code ran.
    expect(await page.evaluate(() => typeof (window.history.state as { key?: unknown } | null)?.key)).toBe("string");
  }
});

test.describe("before the page's code runs", () => {
  test.use({ pointerMovesOnLoad: false });
  test.skip(() => test.info().project.name !== "js", "the inline script needs JavaScript");

  test("a document whose entry has a stored position opens there; one without does nothing", async ({ page }) => {
    await page.goto("/faq");
    // A key and stored offsets, as the page's code leaves them; the browser's own restoration
    // turned off, so that only the inline script can put the page back.
    await page.evaluate(() => {
      window.history.replaceState({ key: "left-here" }, "");
      sessionStorage.setItem("positions", JSON.stringify({ "left-here": 640 }));
      window.history.scrollRestoration = "manual";
    });
    // The page's code never runs (its scroll could start it, and the router would restore too).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(640);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // A new entry has no key until the code runs, and nothing is read for it.
    await page.goto("/about");
    expect(await page.evaluate(() => [window.history.state, Math.round(window.scrollY)])).toEqual([null, 0]);
  });
});
