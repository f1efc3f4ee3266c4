import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contactSchema } from "~/forms/contact";
import { quoteSchema } from "~/forms/quote";
import { cleanText } from "~/forms/text";
import { VALID_QUOTE } from "../fixtures";

// The control characters are the point of this pattern.
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

describe("cleanText", () => {
  test("removes control and bidirectional-override characters; keeps what was meant", () => {
    expect(cleanText("Ana\u0000 Br\u0007own\u202E", { multiline: false })).toBe("Ana Brown");
    expect(cleanText("line one\r\nline\ttwo\rthree", { multiline: true })).toBe("line one\nline\ttwo\nthree");
    expect(cleanText("line one\r\nline\ttwo", { multiline: false })).toBe("line one line two");
    // Joiners stay (an emoji family), accents are composed (NFC).
    expect(cleanText("👨\u200D👩\u200D👧 Cafe\u0301", { multiline: false })).toBe("👨\u200D👩\u200D👧 Café");
  });

  test("property: never leaves a hidden character, is idempotent, keeps newlines only in multi-line text", () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom("\u0000", "\u0007", "\r", "\n", "\t", "\u202E", "\u2066", "\u200D", "\u0301"),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      ),
      maxLength: 200,
    });
    fc.assert(
      fc.property(text, fc.boolean(), (value, multiline) => {
        const cleaned = cleanText(value, { multiline });
        expect(cleaned).not.toMatch(HIDDEN);
        expect(cleanText(cleaned, { multiline })).toBe(cleaned);
        if (!multiline) expect(cleaned).not.toMatch(/[\n\t]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the form schemas store the cleaned text", () => {
  test("quote request and contact message", () => {
    const quote = quoteSchema.parse({
      ...VALID_QUOTE,
      name: "\u202EAna\u0000 Brown",
      additionalInfo: "Gate code 12\u0007\r\nSide door",
      propertySize: undefined,
      frequency: undefined,
      preferredDate: undefined,
    });
    expect(quote.name).toBe("Ana Brown");
    expect(quote.additionalInfo).toBe("Gate code 12\nSide door");
    const contact = contactSchema.parse({ name: "Ana", email: "ana@example.com", message: "Hello\u2066 there\r\n\tBye" });
    expect(contact.message).toBe("Hello there\n\tBye");
    // A field of nothing but hidden characters is empty, so it is refused as missing.
    expect(contactSchema.safeParse({ name: "\u202E\u0000", email: "ana@example.com", message: "Hi" }).success).toBe(false);
  });
});
