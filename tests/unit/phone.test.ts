/** Phone numbers (app/domain/phone.ts, app/domain/e164.ts): E.164 as customers are matched by it, tel: links, Jamaican numbers completed for WhatsApp. */
import { describe, expect, test } from "vitest";
import { dialableE164, e164 } from "~/domain/e164";
import { phoneLabel, telHref, whatsappHref, whatsappNumber } from "~/domain/phone";

describe("phone numbers", () => {
  test.each([
    ["876-555-1234", "+18765551234"],
    ["(876) 555 1234", "+18765551234"],
    ["+1 876 555 1234", "+18765551234"],
    ["1 (876) 555-1234", "+18765551234"],
    ["8765551234", "+18765551234"],
    ["555 1234", "+18765551234"],
    ["555-1234", "+18765551234"],
    ["658 555 0123", "+16585550123"],
    ["+44 20 7946 0958", "+442079460958"],
    ["12345", null],
    ["call me", null],
    ["", null],
  ])("E.164 of %j is %j", (typed, expected) => {
    expect(e164(typed)).toBe(expected);
    // A readable number's tel: link is the same form, without libphonenumber in the browser.
    if (expected) expect(telHref(typed)).toBe(`tel:${expected}`);
  });

  test.each([
    ["555 0123", "18765550123"],
    ["(876) 555-0123", "18765550123"],
    ["658 555 0123", "16585550123"],
    ["+1 876 555 0123", "18765550123"],
    ["+44 20 7946 0958", "442079460958"],
    ["12345", null],
    ["", null],
  ])("WhatsApp number for %j is %j", (typed, expected) => {
    expect(whatsappNumber(typed)).toBe(expected);
  });

  test("tel: is E.164 when the number can be read, else the digits and a leading + as typed", () => {
    expect(telHref("+1 876 555 0123")).toBe("tel:+18765550123");
    expect(telHref("(876) 555-0123")).toBe("tel:+18765550123");
    expect(telHref("555 0123")).toBe("tel:+18765550123");
    expect(telHref("12345")).toBe("tel:12345");
    expect(whatsappHref("18765550123", "Hi & bye")).toBe("https://wa.me/18765550123?text=Hi%20%26%20bye");
  });

  test("a stored E.164 number reads '+1 876-555-0123' in the numbering plan, else as stored", () => {
    expect(phoneLabel("+18765550123")).toBe("+1 876-555-0123");
    expect(phoneLabel("+442079460958")).toBe("+442079460958");
  });
});

describe("a phone number staff type (dialableE164)", () => {
  test.each([
    ["+1 876 555 0123", "+18765550123"],
    ["876-555-0123", "+18765550123"],
    ["555-0123", "+18765550123"],
    ["(658) 555/0123", "+16585550123"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+1 876 555 0123 <script>", null],
    ["+1 876 555 0123\u202e", null],
    ["tel:+18765550123", null],
    ["+1 000 555 0123", null],
    ["12345", null],
    ["", null],
  ])("%j is %j", (typed, expected) => {
    expect(dialableE164(typed)).toBe(expected);
    if (expected) expect(e164(typed)).toBe(expected);
  });
});
