import { describe, expect, test } from "vitest";
import { contentSecurityPolicy, withSecurityHeaders } from "~/worker/security-headers";
import { isCacheable, saysPublic } from "~/worker/page-cache";

const OFF = { ga4Id: null, cfAnalyticsToken: null, turnstileSiteKey: null };

describe("security headers", () => {
  test("HSTS only over https", () => {
    const plain = () => new Response("ok", { headers: { "Content-Type": "text/plain" } });
    expect(withSecurityHeaders(plain(), { https: true }).headers.get("Strict-Transport-Security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(withSecurityHeaders(plain(), { https: false }).headers.get("Strict-Transport-Security")).toBeNull();
  });

  test("a response without its own policy gets the one that allows nothing; a page keeps its own", () => {
    const plain = withSecurityHeaders(new Response("ok"), { https: false });
    expect(plain.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const page = new Response("<p>", { headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'self'" } });
    expect(withSecurityHeaders(page, { https: false }).headers.get("Content-Security-Policy")).toBe("script-src 'self'");
  });

  test("forms lead to this origin only, unless the page names another (an invoice's card provider)", () => {
    expect(contentSecurityPolicy([], OFF)).toContain("form-action 'self';");
    expect(contentSecurityPolicy([], OFF, ["https://jm.wipayfinancial.com"])).toContain(
      "form-action 'self' https://jm.wipayfinancial.com;",
    );
  });

  test("the CSP allows third-party hosts only for configured features", () => {
    const off = contentSecurityPolicy(["'sha256-abc='"], OFF);
    expect(off).toContain("script-src 'self' 'sha256-abc='");
    expect(off).not.toMatch(/googletagmanager|cloudflareinsights|challenges/);
    expect(off).toContain("frame-src 'none'");
    const on = contentSecurityPolicy([], { ga4Id: "G-X", cfAnalyticsToken: "t", turnstileSiteKey: "k" });
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
    expect(isCacheable(request("/quote?service=constructor"))).toBe(false);
    expect(isCacheable(request("/faq?utm_source=facebook&fbclid=x"))).toBe(true);
    // Any cookie at all, however it is spelled, keeps a request away from the shared cache.
    for (const cookie of ["theme=dark; __session=x", "__session =x", "theme=dark", "", " "]) {
      expect(isCacheable(request("/", { Cookie: cookie })), JSON.stringify(cookie)).toBe(false);
    }
    for (const path of ["/admin", "/ADMIN/quotes", "/Auth", "/%61dmin/quotes", "//admin", "/admin/"]) {
      expect(isCacheable(request(path)), path).toBe(false);
    }
    expect(isCacheable(request("/authors"))).toBe(true);
    expect(isCacheable(request("/auth/reset"))).toBe(false);
    expect(isCacheable(request("/services.data"))).toBe(false);
  });
});

describe("what a response says about shared caches", () => {
  const says = (value: string | null) => saysPublic(new Response("x", value === null ? {} : { headers: { "Cache-Control": value } }));
  test("only an explicit public without private or no-store", () => {
    expect(says("public, no-cache")).toBe(true);
    expect(says("Public, max-age=60")).toBe(true);
    for (const value of [null, "", "private, no-store", "no-store", "public, no-store", "private", "max-age=60"]) {
      expect(says(value), String(value)).toBe(false);
    }
  });
});
