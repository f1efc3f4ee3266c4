/** The line beside each public form's submit button: what the details are for, and the link to the privacy notice (docs/product.md §2 "Privacy notice"). */
import { Link } from "@remix-run/react";
import { PRIVACY_NAV } from "~/content/navigation";
import { PRIVACY_LINK_MESSAGES } from "~/domain/texts/messages";

/**
 * One short paragraph (`data-privacy-line`, which tests look for): `line`'s words (a
 * PRIVACY_LINK_MESSAGES line; the visitor forms' `formLine` unless given), then the notice's link.
 * `className` adds spacing. Plain HTML: no JavaScript needed.
 */
export function PrivacyLine({ className = "", line = PRIVACY_LINK_MESSAGES.formLine }: { className?: string; line?: string }) {
  return (
    <p data-privacy-line="" className={`text-sm text-slate-600 ${className}`}>
      {line}{" "}
      <Link to={PRIVACY_NAV.to} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        {PRIVACY_LINK_MESSAGES.formLink}
      </Link>
    </p>
  );
}
