/**
 * The one key of a client for every per-client limit (clientKey, app/http/rate-limit.server.ts):
 * IPv4 whole, IPv6 by its /64, in whatever form the address arrives.
 */
import { describe, expect, test } from "vitest";
import { clientKey } from "~/http/rate-limit.server";

const from = (address: string | null) =>
  clientKey(new Request("https://example.com/", { headers: address === null ? {} : { "CF-Connecting-IP": address } }));

describe("clientKey", () => {
  test("an IPv4 address is its own key", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("203.0.113.8")).toBe("203.0.113.8");
  });

  test("an IPv4 address written as IPv6 is the IPv4 address", () => {
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(from("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  test("every address of one IPv6 /64 has the same key, in any spelling", () => {
    const keys = ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:abcd::9", "2001:db8:1:2:0:0:0:0"].map(from);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
  });

  test("the next /64 is another client", () => {
    expect(from("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(from("2001:db8:1:3::1")).not.toBe(from("2001:db8:1:2::1"));
  });

  test("a zone id is not part of the key", () => {
    expect(from("fe80::1%eth0")).toBe("fe80::/64");
    expect(from("fe80::2%25")).toBe(from("fe80::99"));
  });

  test("no header, or one that is not an address, is 'unknown'", () => {
    for (const garbage of [null, "", "   ", "not-an-ip", "2001:db8::1::2", "999.1.1.1", "1.2.3.4, 5.6.7.8", "%eth0", "::ffff:999.1.1.1"]) {
      expect(from(garbage), String(garbage)).toBe("unknown");
    }
  });
});
