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
 *   while nothing has been typed or chosen in the form and focus is elsewhere, so a swap never
 *   loses a visitor's input; if it has, the server's markup stays. With a Turnstile site key,
 *   the module loads at once instead, so that the form gets its widget (which only code can
 *   draw) before anyone types;
 * - drawn in the browser (a client-side navigation to the home page), there is no server
 *   markup: the module loads at once and the section appears with it.
 */
import { lazy, useEffect, useRef, useState, type ComponentType } from "react";
import type { HomeContactProps } from "./home-contact";
import { useHydrated } from "./use-hydrated";
import { useNearViewport } from "./use-near-viewport";
import { useSubmissionAnalytics } from "./use-submission";

/** Out: the section's component, from its own chunk. */
const loadSection = () => import("./home-contact").then((module) => module.HomeContact);

/** The section in the server's render: with no Suspense boundary around it, the HTML waits for it. */
const ServerRendered = lazy(() => loadSection().then((HomeContact) => ({ default: HomeContact })));

export function DeferredContactSection(props: HomeContactProps) {
  useSubmissionAnalytics(props.flash);
  const hydrated = useHydrated();
  // Mounted while hydrating: the server's markup is on the page until the swap.
  const [fromServer] = useState(!hydrated);
  const [sectionRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "600px" });
  const [Section, setSection] = useState<ComponentType<HomeContactProps> | null>(null);
  const [swapped, setSwapped] = useState(!fromServer);
  const touched = useRef(false);
  const { turnstileSiteKey } = props;

  // The section's module: near the viewport, or at once without server markup or with Turnstile.
  useEffect(() => {
    if (fromServer && !near && !turnstileSiteKey) return;
    let current = true;
    loadSection().then(
      (HomeContact) => current && setSection(() => HomeContact),
      () => {}, // offline or a stale deploy: the server's form keeps working
    );
    return () => {
      current = false;
    };
  }, [fromServer, near, turnstileSiteKey]);

  // Until the swap: any edit in the server's form is noted.
  useEffect(() => {
    const section = sectionRef.current;
    if (swapped || !section) return;
    const touch = () => {
      touched.current = true;
    };
    section.addEventListener("input", touch);
    section.addEventListener("change", touch);
    return () => {
      section.removeEventListener("input", touch);
      section.removeEventListener("change", touch);
    };
  }, [swapped, sectionRef]);

  // Swap when the module is in, the form is untouched and focus is elsewhere; else when focus
  // leaves the section for somewhere outside it, if the form is still untouched. (Not while
  // focus moves between its fields, or to its button: the swap would drop the focus or the click.)
  useEffect(() => {
    const section = sectionRef.current;
    if (!Section || swapped || !section) return;
    const swap = (event?: FocusEvent) => {
      if (touched.current) return;
      if (section.contains(document.activeElement)) return;
      if (event?.relatedTarget instanceof Node && section.contains(event.relatedTarget)) return;
      setSwapped(true);
    };
    swap();
    section.addEventListener("focusout", swap);
    return () => section.removeEventListener("focusout", swap);
  }, [Section, swapped, sectionRef]);

  if (import.meta.env.SSR) {
    return (
      <div key="server">
        <ServerRendered {...props} />
      </div>
    );
  }
  if (swapped) {
    return (
      <div key="drawn" ref={sectionRef}>
        {Section ? <Section {...props} /> : null}
      </div>
    );
  }
  return <div key="server" ref={sectionRef} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
