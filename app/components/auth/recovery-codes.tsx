/**
 * New recovery codes, shown once (docs/decisions/015-two-step-sign-in.md): the panel the Security
 * page draws in answer to the form that made them (turning on two-step sign-in, 'Make new
 * codes', a first passkey). It is where the user is: the page's `#result`, focused with
 * JavaScript (app/components/hooks/use-result-focus.ts). It offers 'Download as text' (a data:
 * link, so it works without JavaScript and the codes go nowhere but this answer), and with
 * JavaScript 'Copy' (with a visible "Copied") and 'Print'; without, it says to use the browser's
 * Print. Printing the page prints this panel alone (its own print rule, present only while the
 * panel is).
 */
import { useRef, useState } from "react";
import { buttonClass } from "~/components/admin/kit";
import { RESULT_ID, useResultFocus } from "~/components/hooks/use-result-focus";
import { useHydrated } from "~/components/hooks/use-hydrated";

/** While the panel is on the page, a printout holds the panel alone, without its buttons. */
const PRINT_RULE =
  "@media print{body *{visibility:hidden}[data-print-panel],[data-print-panel] *{visibility:visible}[data-print-panel]{position:absolute;top:0;left:0;width:100%;border:0}[data-print-panel] [data-print-hide]{display:none}}";

/** The text file 'Download as text' saves: a title, the account, each code on its line, how they work. */
function recoveryCodesText(codes: readonly string[], account: string): string {
  return [
    `Recovery codes for ${account}`,
    "",
    ...codes,
    "",
    "Each code signs you in once if you lose your passkey or phone. Keep them somewhere safe.",
    "",
  ].join("\n");
}

/**
 * The panel. In: `message` (what was done: "Two-step sign-in is on."), the new `codes`, and the
 * `account` they sign in to (the e-mail, named in the printout and the file).
 */
export function RecoveryCodesPanel({ message, codes, account }: { message: string; codes: readonly string[]; account: string }) {
  const panel = useRef<HTMLElement>(null);
  useResultFocus(panel, RESULT_ID);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const text = recoveryCodesText(codes, account);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <section
      ref={panel}
      id={RESULT_ID}
      tabIndex={-1}
      aria-labelledby="recovery-codes-message"
      aria-describedby="recovery-codes-advice"
      className="space-y-3 rounded-2xl border-2 border-sun-400 bg-sun-50 p-5 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
      data-testid="recovery-codes"
      data-print-panel
    >
      <style>{PRINT_RULE}</style>
      <p id="recovery-codes-message" className="font-semibold text-slate-900">
        {message}
      </p>
      <p id="recovery-codes-advice" className="text-sm text-slate-700">
        Save these recovery codes now: download, print or copy them into a password manager. Each signs you in once if you lose your passkey
        or phone. They are not shown again.
      </p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-base text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white px-2 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3" data-print-hide>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className={buttonClass("primary", "sm")}
          data-testid="recovery-codes-download"
        >
          Download as text
        </a>
        {hydrated ? (
          <>
            <button type="button" onClick={copy} className={buttonClass("secondary", "sm")}>
              Copy
            </button>
            <button type="button" onClick={() => window.print()} className={buttonClass("secondary", "sm")}>
              Print
            </button>
            <span role="status" className="text-sm font-semibold text-brand-900" data-testid="recovery-codes-copied">
              {copied === "copied" ? "Copied" : copied === "failed" ? "Could not copy: select the codes and copy them." : ""}
            </span>
          </>
        ) : (
          // Before hydration the sentence shows only when scripting is off (the `noscript:` variant).
          <p className="hidden text-sm text-slate-700 noscript:block">
            To print them, use your browser&apos;s Print: only these codes are printed.
          </p>
        )}
      </div>
    </section>
  );
}
