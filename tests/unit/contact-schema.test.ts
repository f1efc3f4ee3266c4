import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { contactSchema } from "~/forms/contact";
import { VALID_QUOTE } from "../fixtures";
import { quoteSchema } from "~/forms/quote";
import { notificationMail } from "~/server/mail";

const VALID = { name: "Devon Reid", email: "devon@example.com", phone: "", message: "Hello", returnTo: "/" };

function errorsOf(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const submission = parseWithZod(data, { schema: contactSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("contact schema", () => {
  test("name, email and message are required; phone is optional", () => {
    expect(errorsOf(VALID)).toEqual({});
    expect(Object.keys(errorsOf({ ...VALID, name: "", email: "", message: "" })).sort()).toEqual(["email", "message", "name"]);
  });

  test("checks the e-mail, the phone when given, and the lengths", () => {
    expect(errorsOf({ ...VALID, email: "nope" }).email).toEqual(["Please enter a valid email address."]);
    expect(errorsOf({ ...VALID, phone: "12" }).phone).toEqual(["Please enter a valid phone number."]);
    expect(errorsOf({ ...VALID, message: "m".repeat(5001) }).message).toEqual(["Message must be at most 5000 characters."]);
  });

  test("returns only to the two pages that carry the form", () => {
    expect(errorsOf({ ...VALID, returnTo: "https://evil.example" }).returnTo).toBeDefined();
    expect(errorsOf({ ...VALID, returnTo: "/contact" })).toEqual({});
  });
});

describe("notification e-mails", () => {
  test("carry every field, a one-line subject and the admin link", () => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...VALID_QUOTE, name: "Ana\r\nBcc: x@evil.example" })) data.append(name, value);
    const parsed = parseWithZod(data, { schema: quoteSchema });
    if (parsed.status !== "success") throw new Error("fixture invalid");
    const mail = notificationMail(
      "quote_request",
      "owner@example.com",
      parsed.value,
      { id: "abc", reference: "MB-7K4Q2" },
      "https://site.example",
    );
    expect(mail.subject).toBe("New quote request MB-7K4Q2: Residential Cleaning from Ana Bcc: x@evil.example");
    expect(mail.text).toContain("Reference: MB-7K4Q2");
    expect(mail.links).toEqual(["https://site.example/admin/quotes/abc"]);
    for (const value of [VALID_QUOTE.address, VALID_QUOTE.phone, "Medium (3-4 bedrooms)", "Bi-weekly", VALID_QUOTE.additionalInfo]) {
      expect(mail.text).toContain(value);
    }
    const contact = notificationMail(
      "contact_message",
      "owner@example.com",
      { ...VALID, phone: undefined, photos: [], returnTo: "/" },
      { id: "xyz", reference: "MB-ABCDE" },
      "https://site.example",
    );
    expect(contact.links).toEqual(["https://site.example/admin/messages/xyz"]);
    expect(contact.text).toContain("Phone: -");
    expect(contact.subject).toBe("New contact message MB-ABCDE from Devon Reid");
  });
});
