/**
 * The largest paint comes first (app/worker/hydration-after-paint.ts, docs/decisions/014-largest-paint-first.md): no module
 * of the page is requested before the browser has painted the page's largest element; the
 * modules are then downloaded, and run on the visitor's first interaction (or when a photo only
 * they can show comes into view); the speculation rules fetch a public page during a hover, for a document
 * navigation to use (app/speculation-rules.server.ts); once hydrated, the hover's fetch
 * of the page's data serves the client-side navigation (withDataReuse in
 * app/worker/page-cache.ts).
 */
import type { Page } from "@playwright/test";
import { expect, test, watchProblems } from "./fixtures";

/** When the page's largest paint happened, what it was, and when its first module was requested (ms since navigation). */
async function paintAndModules(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ lcp: number; element: string; firstModule: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
          const modules = performance
            .getEntriesByType("resource")
            .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"));
          resolve({
            lcp: last.startTime,
            element: last.element?.tagName ?? "",
            firstModule: Math.min(...modules.map((entry) => entry.startTime)),
          });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

test.describe("largest paint first", () => {
  test.skip(() => test.info().project.name !== "js", "modules only load with JavaScript on");

  test.describe("before the visitor does anything", () => {
    test.use({ pointerMovesOnLoad: false });

    test("at 390 px the home page's hero photo is painted before any module is requested; the modules are downloaded but run only on the first move, from the cache", async ({
      page,
    }) => {
      const problems = await watchProblems(page);
      await page.setViewportSize({ width: 390, height: 844 });
      // Each module response as DevTools' Network domain saw it: over the network or from the cache.
      const modules: { path: string; fromCache: boolean }[] = [];
      const devtools = await page.context().newCDPSession(page);
      await devtools.send("Network.enable");
      devtools.on("Network.responseReceived", ({ response }) => {
        const path = new URL(response.url).pathname;
        if (/^\/assets\/.*\.js$/.test(path))
          modules.push({ path, fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache) });
      });
      await page.goto("/");
      const hints = await page.locator("link[data-after-paint]").count();
      expect(hints).toBeGreaterThan(3); // the framework, the shared chunks and the routes (vite.config.ts)
      const { lcp, element, firstModule } = await paintAndModules(page);
      expect(element).toBe("IMG");
      expect(firstModule).toBeGreaterThanOrEqual(lcp);
      // Every hinted module downloaded once, and none run.
      await expect.poll(() => modules.length).toBe(hints);
      expect(modules.filter((module) => module.fromCache)).toEqual([]);
      await page.waitForTimeout(1_000);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      await expect(page.locator("script[data-after-paint]")).toHaveAttribute("type", "text/x-after-paint");
      // The first move runs them; nothing is downloaded twice.
      await page.mouse.move(20, 400);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      const fromNetwork = modules.filter((module) => !module.fromCache).map((module) => module.path);
      expect(fromNetwork).toHaveLength(new Set(fromNetwork).size);
      // Hydrated for real: the mobile menu's links are Remix links that navigate client-side.
      await page.getByText("Menu", { exact: true }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
      await expect(page).toHaveURL(/\/faq$/);
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
      expect(problems).toEqual([]);
    });

    test("a photo that appears only with the page's code starts it when 10% of it is in view, without an interaction", async ({ page }) => {
      const problems = await watchProblems(page);
      // Tall enough that the gallery's first lazy photo (the fourth) is in view as the page opens.
      await page.setViewportSize({ width: 1280, height: 2400 });
      await page.goto("/gallery");
      const lazy = page.locator("[data-lazy-photo]").first();
      await expect(lazy).toBeInViewport({ ratio: 0.1 });
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(lazy.locator("img")).toBeVisible();
      await expect.poll(() => lazy.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(problems).toEqual([]);
    });

    test("a page whose lazy photos are out of view stays as it is without an interaction", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/gallery");
      await expect(page.locator("[data-lazy-photo]").first()).not.toBeInViewport();
      await page.waitForTimeout(1_500);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      // Scrolling is an interaction: the page runs its code, and the photo appears.
      await page.locator("[data-lazy-photo]").first().scrollIntoViewIfNeeded();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.locator("[data-lazy-photo]").first().locator("img")).toBeVisible();
    });
  });

  test.describe("without an interaction until it has painted", () => {
    // `load` can come before the first paint, so a pointer moved as `goto` returns could start
    // the page's code before it; this test is about the download, which waits for the paint.
    test.use({ pointerMovesOnLoad: false });

    test("a page without a priority photo requests its modules after its first contentful paint", async ({ page }) => {
      const problems = await watchProblems(page);
      await page.goto("/faq");
      // Downloaded without an interaction.
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => /\/assets\/.*\.js$/.test(entry.name)).length),
        )
        .toBeGreaterThan(0);
      const { element, firstModule } = await paintAndModules(page);
      expect(element).not.toBe("IMG");
      const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]!.startTime);
      expect(firstModule).toBeGreaterThanOrEqual(fcp);
      await page.mouse.move(20, 400);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      expect(problems).toEqual([]);
    });
  });

  test("hovering a link to a public page fetches it in advance; the click's document navigation uses that copy", async ({ page }) => {
    // The page is kept from hydrating (its modules refused), so the click is a document
    // navigation, as it is for a visitor who clicks before the page's modules have run.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    // Speculative fetches are made by the browser, outside the page: DevTools' Preload domain reports them.
    const prefetches = new Map<string, string>();
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Preload.enable");
    devtools.on("Preload.prefetchStatusUpdated", (event) => prefetches.set(new URL(event.prefetchUrl).pathname, event.status));
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" }).first();
    await main.getByRole("link", { name: "Services", exact: true }).hover();
    await expect.poll(() => prefetches.get("/services")).toBe("Ready");
    await main.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional cleaning for homes, businesses and rentals");
    const delivery = await page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
    );
    expect(delivery).toBe("navigational-prefetch");
    // Links outside the public pages are never fetched in advance.
    await page.getByRole("link", { name: "Admin Login" }).first().hover();
    await page.waitForTimeout(1_000);
    expect([...prefetches.keys()].filter((path) => path.startsWith("/auth") || path.startsWith("/admin"))).toEqual([]);
  });

  test("once hydrated, a hover fetches the next page's data, and the click uses that copy, unless a cookie was set since", async ({
    page,
  }) => {
    const problems = await watchProblems(page);
    const devtools = await page.context().newCDPSession(page);
    // The page's data for /services, as DevTools' Network domain saw each response arrive.
    const data: { fromCache: boolean }[] = [];
    await devtools.send("Network.enable");
    devtools.on("Network.responseReceived", (event) => {
      if (new URL(event.response.url).pathname === "/services.data") {
        data.push({ fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache) });
      }
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const main = page.getByRole("navigation", { name: "Main" }).first();
    await main.getByRole("link", { name: "Services", exact: true }).hover();
    await expect.poll(() => data.length).toBe(1);
    await page.waitForTimeout(500);
    await main.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional cleaning for homes, businesses and rentals");
    // A client-side navigation: still the first document.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    // Fetched once on hover; the click's fetch was answered by the browser's copy.
    expect(data).toEqual([{ fromCache: false }, { fromCache: true }]);
    // That copy serves only requests with the same cookies (`Vary: Cookie`): once a cookie has
    // been set (as a sign-out's notice is), the next fetch of the same data goes to the Worker.
    await main.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Professional cleaning for homes, businesses and rentals");
    await page.context().addCookies([{ name: "visited", value: "1", url: page.url() }]);
    await main.getByRole("link", { name: "Services", exact: true }).hover();
    await page.waitForTimeout(500);
    await main.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional cleaning for homes, businesses and rentals");
    expect(data[2]).toEqual({ fromCache: false });
    expect(problems).toEqual([]);
  });
});
