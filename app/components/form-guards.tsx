/**
 * The anti-abuse parts of a visitor form: the honeypot field and, when configured, the
 * Cloudflare Turnstile widget (its script is only loaded when a site key is set).
 */
import { HONEYPOT_FIELD } from "~/forms/honeypot";

export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function Turnstile({ siteKey }: { siteKey: string | null }) {
  if (!siteKey) return null;
  return (
    <>
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />
      <div className="cf-turnstile" data-sitekey={siteKey} />
    </>
  );
}
