/** Phone links (app/domain/phone.ts): Jamaican numbers completed for WhatsApp. */
import { describe, expect, test } from "vitest";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";

describe("phone links", () => {
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

  test("tel: keeps digits and a leading +; wa.me carries an encoded first message", () => {
    expect(telHref("+1 876 555 0123")).toBe("tel:+18765550123");
    expect(whatsappHref("18765550123", "Hi & bye")).toBe("https://wa.me/18765550123?text=Hi%20%26%20bye");
  });
});
