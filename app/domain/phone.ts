/**
 * Phone numbers: their one written form (E.164, "+18765551234", read by libphonenumber-js), and
 * as links: `tel:` for calls and WhatsApp's click-to-chat. Jamaica is in the North American
 * Numbering Plan (country code 1, area codes 876 and 658), so a number is read as Jamaican unless
 * it says otherwise ("+44 …"), and a local number typed as 7 digits gets the 876 area code.
 * A customer is matched by this form (app/server/customers/, docs/product.md §14).
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A phone number as typed, in E.164 ("+18765551234"), or null when it cannot be a phone number.
 * In: any text ("876-555-1234", "(876) 555 1234", "+1 876 555 1234", "555 1234", "+44 20 7946 0958").
 * Out: "+" and 8–15 digits. Numbers are read as Jamaican (country JM) unless they start with "+".
 */
export function e164(phone: string): string | null {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  const text = digits.length === 7 && !typed.startsWith("+") ? `876${digits}` : typed;
  const parsed = parsePhoneNumberFromString(text, "JM");
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * `tel:` link for a number as typed: its E.164 form when it can be read (`tel:+18765551234`),
 * else its digits and a leading + as typed.
 */
export function telHref(phone: string): string {
  return `tel:${e164(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}

/** WhatsApp click-to-chat (https://wa.me/<digits>) for an international number, with an optional first message. */
export function whatsappHref(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/**
 * A visitor's phone as WhatsApp wants it (country code and digits only): 7 digits get 1876,
 * 10 digits starting 876/658 get 1, other numbers of 8–15 digits (E.164's maximum) are taken
 * as already international. Null when it cannot be a phone number.
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 7) return `1876${digits}`;
  if (digits.length === 10 && /^(876|658)/.test(digits)) return `1${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}
