/**
 * Phone numbers as links: `tel:` for calls and WhatsApp's click-to-chat. Jamaica is in the
 * North American Numbering Plan (country code 1, area codes 876 and 658), so a local number
 * typed as 7 digits or as 10 digits with its area code is completed to the international form.
 */

/** `tel:` link for a number as typed: digits and a leading + kept, the rest dropped. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
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
