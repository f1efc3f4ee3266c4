/**
 * A phone number's one written form, E.164 ("+18765551234"), read by libphonenumber-js: what a
 * customer is matched by (app/server/customers/, docs/product.md §14). Kept apart from
 * app/domain/phone.ts, which the pages' links use, so that libphonenumber's metadata stays on the
 * server.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone number as typed, in E.164 ("+18765551234"), or null when it cannot be a phone number.
 * In: any text ("876-555-1234", "(876) 555 1234", "+1 876 555 1234", "555 1234", "+44 20 7946 0958").
 * Out: "+" and 8–15 digits. Numbers are read as Jamaican (country JM) unless they start with "+";
 * 7 digits get the 876 area code.
 */
export function e164(phone: string): string | null {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  const text = digits.length === 7 && !typed.startsWith("+") ? `876${digits}` : typed;
  const parsed = parsePhoneNumberFromString(text, "JM");
  return parsed?.isPossible() ? parsed.number : null;
}
