/**
 * Navigation time from / to /services in Chromium, as printed by `npm run bench` (a benchmark,
 * not a test: it asserts nothing). Also runs on its own against a running server:
 * `node scripts/bench-navigation.mjs http://127.0.0.1:8787`.
 *
 * Each run opens / in a fresh context with the mobile preset's conditions applied through the
 * DevTools protocol (150 ms round trip, 1.6 Mbit/s down, CPU 4x slower; Lighthouse's
 * "mobileSlow4G" figures), points at the header's "Services" link for 500 ms (the
 * "moderate" eagerness of the speculation rules starts after 200 ms, Remix's
 * `prefetch="intent"` at once), clicks it, and measures from the click to the first paint of
 * /services.
 *
 * Three ways a visitor moves between pages:
 * - "client-side": the page has hydrated, so Remix navigates without a new document;
 * - "document, speculation rules": the page has not hydrated (its modules are refused, as for
 *   a click that comes before the page's code has run, or when it fails to load),
 *   so the browser loads /services as a
 *   new document, which the speculation rules let it fetch during the hover;
 * - "document, no rules": the same with the `<script type="speculationrules">` removed.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, spread } from "./bench-common.mjs";

const RUNS = 5;
const HOVER_MS = 500;
const HEADING = "Professional cleaning for homes, businesses and rentals";

/**
 * One navigation. In: the browser, the site's origin, and the mode. Out: ms from the click to
 * the first paint of /services, and whether /services (or its data) had been fetched by the
 * click. A document navigation starts at the click, so its time is the new document's first
 * contentful paint; a client-side one is timed in the page, from the click event to the frame
 * after the one in which React put the new heading in.
 */
async function navigate(browser, base, mode) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let prefetched = false;
  // Remix's prefetch is a request of the page; a speculation rule's prefetch is made by the
  // browser, outside the page, and reported through the DevTools protocol's Preload domain.
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/services.data") prefetched = true;
  });
  if (mode !== "client-side") await page.route(/\/assets\/.*\.js$/, (route) => route.abort()); // no hydration
  if (mode === "document, no rules") {
    await page.route(`${base}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="speculationrules">[\s\S]*?<\/script>/, "");
      await route.fulfill({ response, body: html });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Preload.enable");
  cdp.on("Preload.prefetchStatusUpdated", (event) => {
    if (new URL(event.prefetchUrl).pathname === "/services" && event.status === "Ready") prefetched = true;
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(`${base}/`, { waitUntil: "load" });
  if (mode === "client-side") {
    // The page runs its code on the visitor's first interaction (app/worker/hydration-after-paint.ts).
    await page.mouse.move(2, 400);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60_000 });
    await page.evaluate((heading) => {
      const times = (window.__navigation = {});
      addEventListener("click", (event) => (times.clicked = event.timeStamp), { capture: true });
      new MutationObserver(() => {
        if (times.painted || document.querySelector("h1")?.textContent !== heading) return;
        requestAnimationFrame(() => requestAnimationFrame(() => (times.painted = performance.now())));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, HEADING);
  }
  await page.waitForTimeout(500); // let the page settle (hydration's last tasks, lazy photos)
  const link = page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Services", exact: true });
  await link.hover();
  await page.waitForTimeout(HOVER_MS);
  const ready = prefetched;
  await link.click({ noWaitAfter: true });
  await page.waitForFunction(
    (heading) => location.pathname === "/services" && document.querySelector("h1")?.textContent === heading,
    HEADING,
    {
      timeout: 60_000,
    },
  );
  const elapsed = await page.waitForFunction(
    () =>
      window.__navigation
        ? window.__navigation.painted && window.__navigation.painted - window.__navigation.clicked
        : performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    null,
    { timeout: 60_000 },
  );
  const result = { elapsed: await elapsed.jsonValue(), prefetched: ready };
  await context.close();
  return result;
}

/** The table rows: each mode's median (range) over RUNS runs. In: the site's origin. */
export async function benchNavigation(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const mode of ["client-side", "document, speculation rules", "document, no rules"]) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await navigate(browser, base, mode));
      rows.push({
        "/ -> /services": mode,
        "click to first paint, ms": spread(runs.map((run) => run.elapsed)),
        "fetched during the hover": `${runs.filter((run) => run.prefetched).length} of ${RUNS}`,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://127.0.0.1:8787";
  console.log(`Navigation / -> /services (${base}; Chromium, 150 ms RTT, 1.6 Mbit/s, CPU 4x; median (range) of ${RUNS} runs):`);
  console.table(await benchNavigation(base));
}
