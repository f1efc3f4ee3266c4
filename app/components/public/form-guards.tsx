/**
 * The anti-abuse parts of a visitor form: the honeypot field and, when configured, the
 * Cloudflare Turnstile widget (its script is only loaded when a site key is set) with its
 * note for visitors without JavaScript.
 */
import { useEffect, useRef } from "react";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { usePublicSite } from "~/components/hooks/site-data";
import { telHref } from "~/domain/phone";

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

/** Turnstile's script, in explicit mode: the widget is rendered by the effect below. */
const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(container: HTMLElement, options: { sitekey: string; action: string }): string;
  remove(widgetId: string): void;
}

/** Turnstile's API once its script has run; the script is added if the page has none yet. */
function loadTurnstile(): Promise<TurnstileApi> {
  const loaded = (window as { turnstile?: TurnstileApi }).turnstile;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = TURNSTILE_SCRIPT;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", () => {
      const api = (window as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error("Turnstile did not load"));
    });
    script.addEventListener("error", () => reject(new Error("Turnstile did not load")));
  });
}

/** The forms Turnstile guards, each its own action (app/http/flash.server.ts `FlashForm` names the same forms). */
export type TurnstileAction = "quote" | "contact" | "review";

/**
 * Draws the Turnstile widget into `element` (a form's `[data-turnstile]` container) once
 * Turnstile's script has loaded; its token then goes with the form. The server accepts it only
 * for `action` (app/server/platform/turnstile.server.ts). Out: a function that removes the
 * widget. Blocked or offline, nothing is drawn, and the server answers the missing token with
 * its message.
 */
export function drawTurnstile(element: HTMLElement, siteKey: string, action: TurnstileAction): () => void {
  let widget: string | undefined;
  let api: TurnstileApi | undefined;
  let current = true;
  loadTurnstile().then(
    (loaded) => {
      if (!current) return;
      api = loaded;
      widget = loaded.render(element, { sitekey: siteKey, action });
    },
    () => {},
  );
  return () => {
    current = false;
    if (api && widget) api.remove(widget);
  };
}

/**
 * The Turnstile widget, when a site key is configured. Rendered explicitly from an effect, so
 * it also appears in a form that was mounted after the page loaded (a client-side navigation,
 * a form reset after a success, the home page's contact section) and is removed with it. The
 * script tag in the server's HTML lets the first page start loading it at once.
 */
export function Turnstile({ siteKey, action }: { siteKey: string | null; action: TurnstileAction }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!siteKey || !element) return;
    return drawTurnstile(element, siteKey, action);
  }, [siteKey, action]);

  if (!siteKey) return null;
  return (
    <>
      <script src={TURNSTILE_SCRIPT} async defer />
      <div ref={container} data-turnstile="" className="mb-4" />
    </>
  );
}

/**
 * Turnstile has no script-free mode, so with a site key set a visitor without JavaScript
 * could not send the form. This note says so at the top of the form, before anything is
 * typed, and offers the company's phone and e-mail (shown only when scripting is off).
 */
export function TurnstileNoScriptNote({ siteKey }: { siteKey: string | null }) {
  const company = usePublicSite()?.company;
  if (!siteKey) return null;
  return (
    <p
      data-turnstile-no-script
      className="mb-6 hidden rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 noscript:block"
    >
      This form checks that you are not a robot, which needs JavaScript. Please turn JavaScript on
      {company ? (
        <>
          , or call us at{" "}
          <a className="font-semibold underline" href={telHref(company.phone)}>
            {company.phone}
          </a>{" "}
          or e-mail{" "}
          <a className="font-semibold underline" href={`mailto:${company.email}`}>
            {company.email}
          </a>
        </>
      ) : null}
      .
    </p>
  );
}
