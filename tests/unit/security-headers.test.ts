import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, withSecurityHeaders } from "~/worker/security-headers";
import { isCacheable } from "~/worker/page-cache";

const OFF = { ga4Id: null, cfAnalyticsToken: null, turnstileSiteKey: null };

describe("security headers", () => {
  test("HSTS only over https", () => {
    const plain = () => new Response("ok", { headers: { "Content-Type": "text/plain" } });
    expect(withSecurityHeaders(plain(), { features: OFF, https: true }).headers.get("Strict-Transport-Security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(withSecurityHeaders(plain(), { features: OFF, https: false }).headers.get("Strict-Transport-Security")).toBeNull();
  });

  test("the CSP allows third-party hosts only for configured features", () => {
    const off = contentSecurityPolicy("n", OFF);
    expect(off).not.toMatch(/googletagmanager|cloudflareinsights|challenges/);
    expect(off).toContain("frame-src 'none'");
    const on = contentSecurityPolicy("n", { ga4Id: "G-X", cfAnalyticsToken: "t", turnstileSiteKey: "k" });
    expect(on).toContain("https://www.googletagmanager.com");
    expect(on).toContain("https://static.cloudflareinsights.com");
    expect(on).toContain("frame-src https://challenges.cloudflare.com");
    for (const policy of [off, on]) expect(policy.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
  });
});

describe("page cache rules", () => {
  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`https://site.example${path}`, { method, headers });
  test("anonymous GETs of public pages only", () => {
    expect(isCacheable(request("/"))).toBe(true);
    expect(isCacheable(request("/quote?service=strata"))).toBe(true);
    expect(isCacheable(request("/quote?service=strata&x=1"))).toBe(false);
    expect(isCacheable(request("/", {}, "POST"))).toBe(false);
    expect(isCacheable(request("/", { Cookie: "theme=dark; __session=x" }))).toBe(false);
    expect(isCacheable(request("/", { Cookie: "theme=dark" }))).toBe(true);
    expect(isCacheable(request("/admin"))).toBe(false);
    expect(isCacheable(request("/authors"))).toBe(true);
    expect(isCacheable(request("/auth/reset"))).toBe(false);
    expect(isCacheable(request("/services.data"))).toBe(false);
  });
});
