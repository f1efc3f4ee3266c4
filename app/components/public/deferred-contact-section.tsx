/**
 * The home page's contact section, whose code loads only when the visitor nears it.
 *
 * The section (./home-contact.tsx: the ways to reach the company and the contact form) sits at
 * the bottom of the home page, and its code (the form's markup, the photo picker, Turnstile,
 * Conform) would be a fifth of what the page ships beyond React and Remix
 * (docs/decisions/005-page-weight.md). So:
 * - the server renders the section, with the interactive form (./contact-form.tsx), into the
 *   page, whole: a form that posts to /contact, exactly what visitors without JavaScript use;
 * - hydration keeps that markup as it is, without its code: React leaves the content of an
 *   element alone when hydrating one whose `dangerouslySetInnerHTML` it is given empty (as for
 *   the start script, app/document-inlines.tsx). Until the swap below the form works as it
 *   does without JavaScript: it posts the page and the server checks it;
 * - once the section comes within 600 px of the viewport, its module loads and React draws it
 *   in place of the server's markup (the same markup: nothing a visitor sees changes), but only
 *   while the form holds nothing typed or chosen (read from its fields, so what was typed
 *   before the page's code ran counts too) and focus is elsewhere, so a swap never loses a
 *   visitor's input; if it does hold something, the server's markup stays;
 * - with a Turnstile site key the module loads at once instead, and while the server's form
 *   stays, the module draws the widget into it (which only code can do), so its token goes
 *   with the form either way;
 * - drawn in the browser (a client-side navigation to the home page), there is no server
 *   markup: the module loads at once and the section appears with it, or, if it cannot load,
 *   a link to /contact.
 */
import { lazy, useEffect, useState } from "react";
import type { HomeContactProps } from "~/components/public/home-contact";
import { useMountedFromServer } from "~/components/hooks/use-hydrated";
import { useNearViewport } from "~/components/hooks/use-near-viewport";
import { useSubmissionAnalytics } from "~/components/hooks/use-submission";

/** Out: the section's module (its component, `hasEdits` and `drawTurnstile`), from its own chunk. */
const loadSection = () => import("~/components/public/home-contact");
type SectionModule = Awaited<ReturnType<typeof loadSection>>;

/** The section in the server's render: with no Suspense boundary around it, the HTML waits for it. */
const ServerRendered = import.meta.env.SSR ? lazy(() => loadSection().then((module) => ({ default: module.HomeContact }))) : null;

export function DeferredContactSection(props: HomeContactProps) {
  useSubmissionAnalytics(props.flash);
  // Mounted while hydrating: the server's markup is on the page until the swap.
  const fromServer = useMountedFromServer();
  const [sectionRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "600px" });
  const [sectionModule, setSectionModule] = useState<SectionModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [swapped, setSwapped] = useState(!fromServer);
  const { turnstileSiteKey } = props;

  // The section's module: near the viewport, or at once without server markup or with Turnstile.
  useEffect(() => {
    if (fromServer && !near && !turnstileSiteKey) return;
    let current = true;
    loadSection().then(
      (loaded) => current && setSectionModule(loaded),
      // Offline or a stale deploy: the server's form keeps working; with none, a link stands in.
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [fromServer, near, turnstileSiteKey]);

  // Swap when the module is in, the form is untouched and focus is elsewhere; else when focus
  // leaves the section for somewhere outside it, if the form is still untouched. (Not while
  // focus moves between its fields, or to its button: the swap would drop the focus or the click.)
  // Until then, with a site key, the server's form gets the Turnstile widget.
  useEffect(() => {
    const section = sectionRef.current;
    if (!sectionModule || swapped || !section) return;
    let swapping = false;
    const swap = (event?: FocusEvent) => {
      if (sectionModule.hasEdits(section)) return;
      if (section.contains(document.activeElement)) return;
      if (event?.relatedTarget instanceof Node && section.contains(event.relatedTarget)) return;
      swapping = true;
      setSwapped(true);
    };
    swap();
    const container = section.querySelector<HTMLElement>("[data-turnstile]");
    const removeWidget =
      !swapping && turnstileSiteKey && container ? sectionModule.drawTurnstile(container, turnstileSiteKey, "contact") : null;
    section.addEventListener("focusout", swap);
    return () => {
      section.removeEventListener("focusout", swap);
      removeWidget?.();
    };
  }, [sectionModule, swapped, sectionRef, turnstileSiteKey]);

  if (ServerRendered) {
    return (
      <div key="server">
        <ServerRendered {...props} />
      </div>
    );
  }
  if (swapped) {
    return (
      <div key="drawn" ref={sectionRef}>
        {sectionModule ? (
          <sectionModule.HomeContact {...props} />
        ) : failed ? (
          <a className="text-lg font-semibold text-brand-800 underline" href="/contact">
            Send us a message on the contact page
          </a>
        ) : null}
      </div>
    );
  }
  return <div key="server" ref={sectionRef} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
