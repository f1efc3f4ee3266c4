/**
 * Phone numbers as links: `tel:` for calls and WhatsApp's click-to-chat. Jamaica is in the North
 * American Numbering Plan (country code 1, area codes 876 and 658), so a number is read as
 * Jamaican unless it says otherwise ("+44 …"), and a local number typed as 7 digits gets the 876
 * area code. Light enough for the browser: the E.164 form customers are matched by is
 * app/domain/e164.ts.
 */

/**
 * `tel:` link for a number as typed, in E.164 for a number of the North American Numbering Plan
 * (Jamaica's): 7 digits get +1876, 10 digits +1, 11 digits starting 1 a +; a number typed with a
 * leading + keeps its digits; anything else its digits as typed. For these numbers this is the
 * form `e164` (app/domain/e164.ts, libphonenumber-js) gives, which tests/unit/phone.test.ts
 * checks; it is written out here because libphonenumber's metadata would add some 15 kB to every
 * page that shows a phone link.
 */
export function telHref(phone: string): string {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  if (typed.startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 7) return `tel:+1876${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/**
 * A stored E.164 number as people read it: one of the North American Numbering Plan (Jamaica's)
 * as "+1 876-555-1234", any other as stored ("+442079460958").
 */
export function phoneLabel(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `+1 ${nanp[1]}-${nanp[2]}-${nanp[3]}` : e164;
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
