import { describe, expect, test } from "vitest";
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from "~/server/auth";

describe("password hashing", () => {
  test("stores the parameters and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(new RegExp(`^scrypt\\$ln=${SCRYPT_PARAMS.log2N},r=8,p=5\\$`));
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  test("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  test("returns false for malformed or hostile stored strings", async () => {
    for (const stored of ["", "plain", "scrypt$ln=30,r=8,p=5$AAAA$AAAA", "scrypt$ln=14,r=8,p=5$!!$!!"]) {
      expect(await verifyPassword("x", stored)).toBe(false);
    }
  });
});
