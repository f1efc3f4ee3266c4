import { describe, expect, test } from "vitest";
import { passwordProblems } from "~/forms/password";
import { readSecrets } from "~/server/platform";
import { passwordFingerprint, readToken, signToken } from "~/server/auth";

const OLD = "o".repeat(32);
const NEW = "n".repeat(32);
const exp = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe("signed tokens", () => {
  test("round-trip for their purpose only, until they expire", () => {
    const token = signToken([NEW], { sub: "user-1", purpose: "verify-email", exp: exp(60) });
    expect(readToken([NEW], token, "verify-email")).toMatchObject({ sub: "user-1" });
    expect(readToken([NEW], token, "reset-password")).toBeNull();
    expect(readToken([NEW], token, "verify-email", new Date(Date.now() + 61_000))).toBeNull();
  });

  test("forged, tampered or garbage tokens are refused", () => {
    const token = signToken([NEW], { sub: "user-1", purpose: "reset-password", exp: exp(60) });
    expect(readToken([OLD], token, "reset-password")).toBeNull();
    const [head, , sig] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ sub: "admin", purpose: "reset-password", exp: exp(60) })).toString("base64url");
    expect(readToken([NEW], `${head}.${forgedPayload}.${sig}`, "reset-password")).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${forgedPayload}.`;
    expect(readToken([NEW], none, "reset-password")).toBeNull();
    for (const garbage of ["", "a.b.c", "x".repeat(5000)]) expect(readToken([NEW], garbage, "reset-password")).toBeNull();
  });

  test("rotation: tokens signed with the old secret still verify while it is listed", () => {
    const token = signToken([OLD], { sub: "u", purpose: "verify-email", exp: exp(60) });
    expect(readToken([NEW, OLD], token, "verify-email")).not.toBeNull();
    expect(readToken([NEW], token, "verify-email")).toBeNull();
  });

  test("password fingerprints change with the hash", () => {
    expect(passwordFingerprint("scrypt$a")).not.toBe(passwordFingerprint("scrypt$b"));
    expect(passwordFingerprint("scrypt$a")).toHaveLength(32);
  });
});

describe("secrets", () => {
  test("comma-separated, at least 32 characters each, the first signs", () => {
    expect(readSecrets({ SESSION_SECRET: `${NEW}, ${OLD}` })).toEqual([NEW, OLD]);
    expect(() => readSecrets({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => readSecrets({ SESSION_SECRET: `short,${OLD}` })).toThrow(/SESSION_SECRET/);
    expect(() => readSecrets({ SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET/);
  });
});

describe("password rule", () => {
  test("lists every reason a password is weak", () => {
    expect(passwordProblems("1234")).toEqual(["Use at least 8 characters.", "Do not use only numbers."]);
    expect(passwordProblems("aaaaaaaaaa")).toEqual(["Do not repeat one character."]);
    expect(passwordProblems("Password")).toEqual(["This password is too common."]);
    expect(passwordProblems("ana@example.com", "Ana@Example.com")).toEqual(["Do not use your e-mail address."]);
    expect(passwordProblems("x".repeat(10_000))).toContain("Use at most 256 characters.");
    expect(passwordProblems("sea breeze at Doctor's Cave")).toEqual([]);
  });
});
