/**
 * Draws new references (app/domain/reference.ts) from the platform's cryptographic random
 * source, without modulo bias (bytes of 240 and above are drawn again).
 */
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, REFERENCE_PREFIX } from "~/domain/reference";

/** A fresh reference, e.g. "MB-7K4Q2". Uniqueness is the table's (a UNIQUE index); callers retry on a clash. */
export function newReference(): string {
  let code = "";
  while (code.length < REFERENCE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) {
      if (byte < 240 && code.length < REFERENCE_LENGTH) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
    }
  }
  return `${REFERENCE_PREFIX}${code}`;
}

/** A fresh status-page token: 128 bits from the cryptographic source as 32 lower-case hex characters. */
export function newStatusToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** True for D1's refusal of a reference another request already holds (UNIQUE index or the cross-table trigger). */
function isReferenceClash(error: unknown): boolean {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return text.includes("reference taken") || /UNIQUE constraint failed: \w+\.reference/.test(text);
}

/**
 * Runs `store` with a fresh reference, and again with another while the reference clashes
 * (at most 3 tries; one clash in millions of requests). Out: what `store` returned and the
 * reference it stored. Throws what `store` threw otherwise.
 */
export async function withNewReference<T>(store: (reference: string) => Promise<T>): Promise<{ value: T; reference: string }> {
  for (let attempt = 1; ; attempt++) {
    const reference = newReference();
    try {
      return { value: await store(reference), reference };
    } catch (error) {
      if (attempt >= 3 || !isReferenceClash(error)) throw error;
    }
  }
}
