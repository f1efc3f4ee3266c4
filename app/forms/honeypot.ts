/**
 * The honeypot: a text field people never see or fill (hidden off-screen, not focusable, no
 * autofill) but form-filling bots do. A submission with it filled is answered like a success
 * and not stored.
 */
export const HONEYPOT_FIELD = "company_website";
