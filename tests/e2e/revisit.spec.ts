/**
 * A returning visitor's page runs its scripts, whatever the browser reuses: a reload and a
 * typed-URL revisit (both revalidate the stored page: If-None-Match → 304), a revisit
 * through a plain link, and back/forward. Every public page, with zero Content-Security-Policy
 * violations (DevTools issues and console errors) over the whole walk.
 */
import type { Page } from "@playwright/test";
import { expect, movePointer, test, watchProblems } from "./fixtures";
import { publicPaths } from "../../app/content/navigation";
import { STARTING_CONTENT } from "../../app/content/starting-content";

const PUBLIC_PAGES = publicPaths(
  STARTING_CONTENT.services.map((service) => service.slug),
  { pricing: false },
);

/** The page at `path` is the one shown, and React hydrated it (app/root.tsx marks that). */
async function expectHydrated(page: Page, path: string, step: string) {
  await expect(page, step).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
  await expect(page.locator("html"), step).toHaveAttribute("data-hydrated", "true");
}

/**
 * Follows a plain `<a href>` (not a Remix link): a full navigation, as from another site's link;
 * then the visitor's pointer moves on the new page.
 */
async function followPlainLink(page: Page, path: string) {
  await page.evaluate((href) => {
    const link = document.createElement("a");
    link.href = href;
    document.body.appendChild(link);
    link.click();
  }, path);
  await page.waitForURL(new RegExp(`${path === "/" ? "/" : path}$`));
  await movePointer(page);
}

test.describe("returning visitors", () => {
  test.skip(() => test.info().project.name !== "js", "scripts only run with JavaScript on");

  for (const path of PUBLIC_PAGES) {
    test(`${path}: scripts run after a reload, a revisit, a link and back/forward`, async ({ page }) => {
      const problems = await watchProblems(page);
      // The validator each navigation to the page sent: the browser revalidates its stored copy.
      const validators: Array<Promise<string | null>> = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest() && new URL(request.url()).pathname === path) {
          validators.push(request.headerValue("if-none-match"));
        }
      });
      const other = path === "/about" ? "/faq" : "/about";

      await page.goto(path);
      await expectHydrated(page, path, "first visit");

      await page.reload();
      await expectHydrated(page, path, "reload");

      await page.goto(path);
      await expectHydrated(page, path, "typed URL");

      await page.goto(other);
      await expectHydrated(page, other, "another page");
      await followPlainLink(page, path);
      await expectHydrated(page, path, "plain link");

      await followPlainLink(page, other);
      await expectHydrated(page, other, "away again");
      await page.goBack();
      await expectHydrated(page, path, "back");
      await page.goForward();
      await expectHydrated(page, other, "forward");
      await page.goBack();
      await expectHydrated(page, path, "back again");

      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      // The reload, the typed URL and the plain link revalidated the stored copy (If-None-Match,
      // answered 304 by the Worker): the case where a body could meet another response's policy.
      expect((await Promise.all(validators)).filter(Boolean).length).toBeGreaterThanOrEqual(3);
    });
  }
});
