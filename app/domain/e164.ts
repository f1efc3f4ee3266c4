/**
 * A phone number's one written form, E.164 ("+18765551234"), read by libphonenumber-js: what a
 * customer is matched by (app/server/customers/, docs/product.md §14), and the business phone
 * staff type, checked and stored in it (`dialableE164`, app/forms/site-content.ts). Kept apart from
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
  const parsed = parseJamaican(phone.trim());
  return parsed?.isPossible() ? parsed.number : null;
}

/** Only what people write a phone number with: digits, spaces, "+", "(", ")", "-", "." and "/". */
const PHONE_CHARACTERS = /^[\d\s+().\-/]+$/;

/** Whether `text` (trimmed) holds only the characters phone numbers are written with, and something. */
export function isWrittenPhone(text: string): boolean {
  return PHONE_CHARACTERS.test(text.trim());
}

/**
 * A phone number staff type (the business phone, docs/product.md §13 "Business facts"), in
 * E.164, or null when it is not one that can be dialled. Stricter than `e164`: the text holds
 * only the characters numbers are written with (libphonenumber would read "+1 876 555 0123
 * <script>" as a number and drop the rest), and the number is valid by libphonenumber's
 * metadata, not only of a possible length. In: any text ("876-555-0123", "555-0123",
 * "+1 876 555 0123", "+44 20 7946 0958"); read as Jamaican (country JM) unless it starts with
 * "+", 7 digits with the 876 area code. Out: "+18765550123", or null.
 */
export function dialableE164(phone: string): string | null {
  const typed = phone.trim();
  if (!isWrittenPhone(typed)) return null;
  const parsed = parseJamaican(typed);
  return parsed?.isValid() ? parsed.number : null;
}

/** `typed` (trimmed) read by libphonenumber in country JM, 7 digits with the 876 area code; undefined when it finds no number. */
function parseJamaican(typed: string) {
  const digits = typed.replace(/\D/g, "");
  return parsePhoneNumberFromString(digits.length === 7 && !typed.startsWith("+") ? `876${digits}` : typed, "JM");
}
