/**
 * Password hashing with scrypt from `node:crypto` (Workers: `nodejs_compat`). Not WASM
 * (Workers refuse to compile it at run time) and not WebCrypto PBKDF2 (capped at 100,000
 * iterations in production). See docs/decisions/001-password-hashing.md.
 *
 * Parameters: N = 2^14, r = 8, p = 5, a 16-byte salt and a 32-byte key. This is one of the
 * equivalent scrypt settings of the OWASP Password Storage Cheat Sheet (N=2^17,r=8,p=1 ≈
 * N=2^14,r=8,p=5); it needs 16 MiB of memory (128 · N · r bytes), which fits the 128 MB a
 * Worker may use, where N=2^17 (128 MiB) would not.
 *
 * Stored form: `scrypt$ln=14,r=8,p=5$<salt, base64>$<key, base64>`. The parameters travel
 * inside the string, so they can be raised later and old hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const SCRYPT_PARAMS = { log2N: 14, r: 8, p: 5, saltBytes: 16, keyBytes: 32 } as const;

function deriveKey(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptOptions(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  return { N, r, p, maxmem: 256 * N * r };
}

/**
 * In: a plain-text password (or another secret a person types) and, for secrets that share
 * one salt (an account's recovery codes), that salt; by default a new random one. Out: the
 * stored form described above.
 */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SCRYPT_PARAMS.saltBytes)): Promise<string> {
  const { log2N, r, p, keyBytes } = SCRYPT_PARAMS;
  const key = await deriveKey(password, salt, keyBytes, scryptOptions(log2N, r, p));
  return `scrypt$ln=${log2N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const STORED = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** The salt inside a stored form (null if it is not one): for hashing another secret with it. */
export function saltOf(stored: string): Buffer | null {
  const match = STORED.exec(stored);
  return match ? Buffer.from(match[4]!, "base64") : null;
}

/**
 * True when `password` matches `stored`, compared in constant time. False for a malformed
 * stored string or out-of-range parameters; never throws for bad input.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [log2N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4]!, "base64");
  const expected = Buffer.from(match[5]!, "base64");
  if (expected.length < 16) return false;
  try {
    const actual = await deriveKey(password, salt, expected.length, scryptOptions(log2N, r, p));
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
