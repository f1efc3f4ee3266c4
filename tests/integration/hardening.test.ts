/**
 * Edge caching and security headers of the production Worker (Miniflare, real Cache API).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const nonceOf = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))];

describe("security headers", () => {
  test("every kind of response carries them; HTML gets a nonce-based CSP without unsafe-inline scripts", async () => {
    for (const path of ["/", "/no-such-page", "/robots.txt", "/auth"]) {
      const response = await worker.fetch(path, { redirect: "manual" });
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy"), path).toContain("camera=()");
      expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Request-Id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    const page = await worker.fetch("/");
    const csp = page.headers.get("Content-Security-Policy")!;
    const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    const [nonce] = nonceOf(await page.text());
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(scriptSrc).toContain(`'nonce-${nonce}'`);
    // Local dev is http: no HSTS there.
    expect(page.headers.get("Strict-Transport-Security")).toBeNull();
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
  test("first request renders (MISS), the next comes from the cache (HIT) with a fresh nonce", async () => {
    const first = await worker.fetch("/faq");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const firstNonce = nonceOf(await first.text());
    const second = await worker.fetch("/faq");
    const third = await worker.fetch("/faq");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    const [n2, n3] = [nonceOf(await second.text()), nonceOf(await third.text())];
    expect(n2).toHaveLength(1);
    expect(n2[0]).not.toBe(n3[0]);
    expect(n2[0]).not.toBe(firstNonce[0]);
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${n2[0]}'`);
    expect(third.headers.get("Content-Security-Policy")).toContain(`'nonce-${n3[0]}'`);
    expect(second.headers.get("Cache-Control")).toBe("public, no-cache");
  });

  test("a matching If-None-Match answers 304", async () => {
    const page = await worker.fetch("/about");
    const etag = page.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await worker.fetch("/about", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await worker.fetch("/about", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  test("sessions, flash messages, queries that change content, admin and auth pages bypass it", async () => {
    await worker.fetch("/services");
    for (const [path, headers] of [
      ["/services", { Cookie: "__session=abc" }],
      ["/services", { Cookie: "flash=abc" }],
      ["/services", { Cookie: "notice=abc" }],
      ["/services?utm=x", {}],
      ["/auth", {}],
      ["/admin/quotes", {}],
    ] as const) {
      const response = await worker.fetch(path, { headers, redirect: "manual" });
      expect(response.headers.get("X-Cache"), `${path} ${JSON.stringify(headers)}`).toBe("BYPASS");
    }
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

  test("404s and redirects are never stored", async () => {
    await worker.fetch("/no-such-page");
    expect((await worker.fetch("/no-such-page")).headers.get("X-Cache")).toBe("BYPASS");
  });
});
