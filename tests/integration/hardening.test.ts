/**
 * Edge caching and security headers of the production Worker (Miniflare, real Cache API).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRIVATE, PUBLIC_PAGE } from "~/cache-control";
import { GATE_MESSAGES } from "~/domain/texts/messages";
import { QUERY_LIMITS } from "~/http/input-gate.server";
import { START_HYDRATION_SCRIPT } from "~/worker/hydration-after-paint";
import { createAdminSession, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** The text of every inline script of a page, as the browser hashes it. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const scriptSrc = (response: Response) =>
  response.headers
    .get("Content-Security-Policy")!
    .split(";")
    .find((part) => part.trim().startsWith("script-src"))!;

describe("security headers", () => {
  test("every kind of response carries them; a page's CSP allows exactly its inline scripts, by hash", async () => {
    for (const path of ["/", "/no-such-page", "/robots.txt", "/auth", "/?bad=1"]) {
      const response = await worker.fetch(path, { redirect: "manual" });
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy"), path).toContain("camera=()");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Request-Id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const path of ["/", "/quote", "/auth", "/no-such-page"]) {
      const page = await worker.fetch(path);
      const html = await page.text();
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(1);
      const sources = scriptSrc(page).trim().split(/\s+/).slice(1);
      expect(sources, path).toEqual(["'self'", ...new Set(scripts.map(sha256))]);
      expect(html, path).not.toContain("nonce=");
    }
    // Local dev is http: no HSTS there.
    expect((await worker.fetch("/")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("document", () => {
  test("the stylesheet is inlined (no render-blocking request) and the hero photo is preloaded first", async () => {
    const html = await (await worker.fetch("/")).text();
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    expect(html.match(/<style data-site-styles="">/g)).toHaveLength(1);
    expect(html).toMatch(/<link rel="preload" as="image"[^>]+fetchpriority="high"/);
  });
});

describe("edge cache", () => {
  test("first request renders (MISS), the next comes from the cache (HIT): same body, same policy", async () => {
    const first = await worker.fetch("/faq");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const second = await worker.fetch("/faq");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(second.headers.get("Cache-Control")).toBe("public, no-cache");
  });

  test("a matching If-None-Match answers 304 with the very policy the stored body was sent with", async () => {
    const page = await worker.fetch("/about");
    const etag = page.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await worker.fetch("/about", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // The browser refreshes its stored headers from the 304: they must fit the stored body.
    expect(again.headers.get("Content-Security-Policy")).toBe(page.headers.get("Content-Security-Policy"));
    expect(scriptSrc(again)).toContain(sha256(inlineScripts(await page.text())[0]!));
    expect((await worker.fetch("/about", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  test("any cookie, admin and auth pages bypass it; tracking parameters do not", async () => {
    await worker.fetch("/services");
    for (const [path, headers] of [
      ["/services", { Cookie: "__session=abc" }],
      ["/services", { Cookie: "__session =abc" }],
      ["/services", { Cookie: "flash=abc" }],
      ["/services", { Cookie: "notice=abc" }],
      ["/services", { Cookie: "theme=dark" }],
      ["/auth", {}],
      ["/admin/quotes", {}],
    ] as const) {
      const response = await worker.fetch(path, { headers, redirect: "manual" });
      expect(response.headers.get("X-Cache"), `${path} ${JSON.stringify(headers)}`).toBe("BYPASS");
    }
    expect((await worker.fetch("/services?utm_source=facebook&fbclid=abc")).headers.get("X-Cache")).toBe("HIT");
    // /quote?service= changes content, so it is cached per value.
    await worker.fetch("/quote?service=airbnb");
    const airbnb = await worker.fetch("/quote?service=airbnb");
    expect(airbnb.headers.get("X-Cache")).toBe("HIT");
    expect(await airbnb.text()).toMatch(/<option value="airbnb" selected="">/);
    const strata = await worker.fetch("/quote?service=strata");
    expect(strata.headers.get("X-Cache")).toBe("MISS");
    // Values that are not a service type are rendered every time, never stored.
    await worker.fetch("/quote?service=window-washing");
    expect((await worker.fetch("/quote?service=window-washing")).headers.get("X-Cache")).toBe("BYPASS");
  });

  test("a HEAD request on a page not yet cached never stores an empty page", async () => {
    const head = await worker.fetch("/services/strata", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("X-Cache")).toBe("BYPASS");
    const page = await worker.fetch("/services/strata");
    expect(page.headers.get("X-Cache")).toBe("MISS");
    expect(await page.text()).toContain("Strata");
    const again = await worker.fetch("/services/strata");
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect((await again.text()).length).toBeGreaterThan(10_000);
    // Once stored, a HEAD is answered from the cache, without a body.
    const cachedHead = await worker.fetch("/services/strata", { method: "HEAD" });
    expect(cachedHead.headers.get("X-Cache")).toBe("HIT");
    expect(await cachedHead.text()).toBe("");
  });

  test("a public page's data may be reused by the browser for 10 s; an admin's data and an action's answer may not", async () => {
    for (const path of ["/services.data", "/services/residential.data", "/_root.data"]) {
      const data = await worker.fetch(path);
      expect(data.status, path).toBe(200);
      expect(data.headers.get("Cache-Control"), path).toBe("private, max-age=10");
      expect(data.headers.get("Vary"), path).toMatch(/\bCookie\b/);
      expect(data.headers.get("X-Cache"), path).toBe("BYPASS");
    }
    // The page itself is still revalidated every time.
    expect((await worker.fetch("/services")).headers.get("Cache-Control")).toBe("public, no-cache");
    const { cookie } = await createAdminSession(worker);
    const admin = await worker.fetch("/admin/quotes.data", { headers: { Cookie: cookie } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("Cache-Control")).toBe("private, no-store");
    // An action's answer (the contact form sent empty: its field errors) is never reusable.
    const action = await worker.fetch("/contact.data", { method: "POST", body: new FormData(), headers: { Origin: worker.origin } });
    expect(action.status).toBe(400);
    expect(action.headers.get("Cache-Control") ?? "").not.toContain("max-age");
  });

  test("a new Worker version (a deploy) never serves a page the previous one stored, even with the same build", async () => {
    const directory = mkdtempSync(join(tmpdir(), "page-cache-"));
    try {
      // The same bundle twice, on the same address with the same cache, as a deploy of a
      // server-only change would be: only the Worker version's id (a new one at every start,
      // as at every deploy) tells them apart.
      const before = await startWorker({ cachePersist: directory });
      const port = Number(new URL(before.origin).port);
      try {
        expect((await before.fetch("/faq")).headers.get("X-Cache")).toBe("MISS");
        expect((await before.fetch("/faq")).headers.get("X-Cache")).toBe("HIT");
      } finally {
        await before.dispose();
      }
      const after = await startWorker({ cachePersist: directory, port });
      try {
        expect((await after.fetch("/faq")).headers.get("X-Cache")).toBe("MISS");
        expect((await after.fetch("/faq")).headers.get("X-Cache")).toBe("HIT");
      } finally {
        await after.dispose();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test("404s and redirects are never stored", async () => {
    await worker.fetch("/no-such-page");
    expect((await worker.fetch("/no-such-page")).headers.get("X-Cache")).toBe("BYPASS");
  });

  test("a page rendered for an admin never reaches the cache, however its path is spelled", async () => {
    const { cookie } = await createAdminSession(worker);
    for (const path of ["/admin/quotes", "/ADMIN/quotes", "/admin/quotes/", "/%61dmin/quotes"]) {
      // The browser follows the 301 to the canonical path, still with its cookie.
      const response = await worker.fetch(path, { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(response.headers.get("X-Cache"), path).toBe("BYPASS");
      // Then anyone without a session asks for the same URLs: never the admin's page.
      const anonymous = await worker.fetch(path, { redirect: "follow" });
      expect(await anonymous.text(), path).not.toContain("Quote Requests (");
    }
  });
});

describe("route discovery", () => {
  test("a page with many links has them all looked up at once; past the URL Remix would send, the count is refused", async () => {
    const version = /"version": *"([^"]+)"/.exec(await (await worker.fetch("/")).text())![1]!;
    // A long admin list or record page: more links than the 20 parameters any page reads.
    const paths = Array.from({ length: 40 }, (_, index) => `/admin/quotes/${String(index).padStart(8, "0")}-0000-4000-8000-000000000000`);
    const query = new URLSearchParams([...paths.map((path) => ["p", path]), ["version", version]]);
    const lookup = await worker.fetch(`/__manifest?${query}`);
    expect(lookup.status).toBe(200);
    // The routes those links lead to, for client-side navigation.
    expect(Object.keys((await lookup.json()) as object)).toContain("routes/admin/layout/route");
    // The gate's count exactly, with empty values so the URL stays under the 7,680 characters
    // past which Remix's own handler answers 400: 1,280 parameters pass, one more is refused.
    const lookUp = (paths: number) =>
      worker.fetch(`/__manifest?${new URLSearchParams([...Array.from({ length: paths }, () => ["p", ""]), ["version", version]])}`);
    expect((await lookUp(QUERY_LIMITS.manifestParams - 1)).status).toBe(200);
    const flood = await lookUp(QUERY_LIMITS.manifestParams);
    expect(flood.status).toBe(400);
    expect(await flood.text()).toContain(GATE_MESSAGES.tooManyQueryParams);
  });
});

describe("canonical URLs", () => {
  test("case, trailing-slash, doubled-slash and encoded variants of a page answer 301 to it", async () => {
    for (const [path, location] of [
      ["/FAQ", "/faq"],
      ["/faq/", "/faq"],
      ["//faq", "/faq"],
      ["/Services/Residential/?service=x", "/services/residential?service=x"],
      ["/%66aq", "/faq"],
    ]) {
      // The origin is spelled out: "//faq" alone would be read as a host.
      const response = await worker.fetch(`${worker.origin}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe(location);
    }
    expect((await worker.fetch("/faq", { redirect: "manual" })).status).toBe(200);
  });

  test("a query name the page does not read is refused with 400 and a short page that says which", async () => {
    for (const path of [
      "/?constructor=1",
      "/faq?__proto__=x",
      "/quote?toString=1",
      "/services?hasOwnProperty=1",
      "/about?valueOf=",
      "/contact?a[0]=1",
      "/gallery?a.b=1",
    ]) {
      const response = await worker.fetch(path);
      expect(response.status, path).toBe(400);
      const html = await response.text();
      expect(html.length, path).toBeLessThan(2048);
      expect(html, path).toContain("This link does not work");
    }
    expect((await worker.fetch("/auth/reset?token=" + "x".repeat(3000))).status).toBe(400);
    expect((await worker.fetch("/?" + Array.from({ length: 21 }, (_, i) => `utm_source=${i}`).join("&"))).status).toBe(400);
  });
});

describe("hydration after the largest paint", () => {
  test("a public page's modules arrive inert and marked, its start script comes first, and the CSP still allows them by hash", async () => {
    for (const path of ["/", "/faq", "/quote"]) {
      const page = await worker.fetch(path);
      const html = await page.text();
      expect(html, path).not.toMatch(/rel="modulepreload"/);
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
      const hints = [...html.matchAll(/<link href="(\/assets\/[^"]+\.js)" data-after-paint="modulepreload"\s*\/?>/g)].map(
        (match) => match[1],
      );
      expect(hints.length, path).toBeGreaterThan(3);
      expect(
        hints.some((href) => href!.includes("entry.client")),
        path,
      ).toBe(true);
      const inert = [...html.matchAll(/<script type="text\/x-after-paint" async="" data-after-paint="module">([\s\S]*?)<\/script>/g)];
      expect(inert, path).toHaveLength(1);
      expect(inert[0]![1], path).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
      // The start script precedes the elements it makes live, and both are allowed by hash.
      const start = html.indexOf(START_HYDRATION_SCRIPT);
      expect(start, path).toBeGreaterThan(0);
      expect(start, path).toBeLessThan(inert[0]!.index!);
      expect(scriptSrc(page), path).toContain(sha256(START_HYDRATION_SCRIPT));
      expect(scriptSrc(page), path).toContain(sha256(inert[0]![1]!));
    }
    // Staff pages hydrate at once: their modules arrive live.
    const staff = await (await worker.fetch("/auth")).text();
    expect(staff).toMatch(/<link rel="modulepreload"/);
    expect(staff).toMatch(/<script type="module"/);
    expect(staff).not.toMatch(/<(link|script)\b[^>]*\sdata-after-paint="/);
  });

  test("a page made for one visitor is marked to run its code once painted; the shared pages wait for an interaction", async () => {
    for (const path of ["/", "/faq", "/gallery"]) {
      const page = await worker.fetch(path);
      expect(page.headers.get("Cache-Control"), path).toBe(PUBLIC_PAGE);
      expect(await page.text(), path).toMatch(/<html lang="en-JM">/);
    }
    // A customer's status page (here: a link that does not work) is theirs alone.
    const status = await worker.fetch(`/status/${"x".repeat(43)}`);
    expect(status.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(await status.text()).toMatch(/<html\b[^>]*\sdata-hydrate-at-once=""/);
  });

  test("public pages carry speculation rules for the sitemap's pages only; admin and auth pages carry none", async () => {
    const html = await (await worker.fetch("/")).text();
    const rules = JSON.parse(html.match(/<script type="speculationrules">([\s\S]*?)<\/script>/)![1]!);
    const paths: string[] = rules.prefetch[0].where.href_matches;
    expect(rules.prefetch[0].eagerness).toBe("moderate");
    expect(paths).toEqual(expect.arrayContaining(["/", "/services", "/services/residential", "/gallery", "/quote"]));
    expect(paths.filter((path) => /^\/(admin|auth|status|media)/.test(path) || path.includes("*"))).toEqual([]);
    expect(await (await worker.fetch("/auth")).text()).not.toContain("speculationrules");
  });
});
