/**
 * The home page's contact form, made interactive only when the visitor nears it.
 *
 * The home page's JavaScript budget is 110 kB gzipped (docs/decisions/005-page-weight.md), and the contact section sits
 * at the bottom of the page. So the page ships the form's plain markup (./contact-form-markup.tsx,
 * a complete form that posts to /contact and is validated there, exactly as without
 * JavaScript), and downloads the interactive form (Conform, ./contact-form.tsx) only once the
 * section comes within 600 px of the viewport. The interactive form then takes the static
 * one's place, with identical markup, but only while nothing has been typed, chosen or
 * focused in it, so a swap never loses a visitor's input; if it has, the static form stays
 * and the server checks the message as it always does.
 */
import { useEffect, useRef, useState, type ComponentType } from "react";
import { ContactFormMarkup, contactFormId, freshContactFormModel, type ContactFormProps } from "./contact-form-markup";
import { useNearViewport } from "./use-near-viewport";
import { useIsSubmitting, useSubmissionAnalytics } from "./use-submission";

export function DeferredContactForm(props: ContactFormProps) {
  useSubmissionAnalytics(props.flash);
  const [sectionRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "600px" });
  const [Interactive, setInteractive] = useState<ComponentType<ContactFormProps> | null>(null);
  const [swapped, setSwapped] = useState(false);
  const touched = useRef(false);
  const isSubmitting = useIsSubmitting("/contact");

  useEffect(() => {
    if (!near) return;
    let current = true;
    import("./contact-form").then(
      (module) => current && setInteractive(() => module.ContactForm),
      () => {}, // the static form keeps working
    );
    return () => {
      current = false;
    };
  }, [near]);

  // A sent message starts a fresh form (as the interactive form's key does).
  useEffect(() => {
    touched.current = false;
  }, [props.flash?.id]);

  // Swap when the module is in, the form is untouched and focus is elsewhere; else when focus
  // leaves the form for somewhere outside it, if it is still untouched. (Not while focus moves
  // between its fields, or to its button: the swap would drop the focus or the click.)
  useEffect(() => {
    const section = sectionRef.current;
    if (!Interactive || swapped || !section) return;
    const swap = (event?: FocusEvent) => {
      if (touched.current) return;
      if (section.contains(document.activeElement)) return;
      if (event?.relatedTarget instanceof Node && section.contains(event.relatedTarget)) return;
      setSwapped(true);
    };
    swap();
    section.addEventListener("focusout", swap);
    return () => section.removeEventListener("focusout", swap);
  }, [Interactive, swapped, sectionRef]);

  if (Interactive && swapped) {
    return (
      <div ref={sectionRef}>
        <Interactive {...props} />
      </div>
    );
  }
  return (
    <div ref={sectionRef}>
      <ContactFormMarkup
        key={props.flash?.id ?? "contact"}
        model={freshContactFormModel(contactFormId(props.returnTo), props.constraint)}
        returnTo={props.returnTo}
        flash={props.flash}
        turnstileSiteKey={props.turnstileSiteKey}
        isSubmitting={isSubmitting}
        validation="server"
        onChange={() => {
          touched.current = true;
        }}
      />
    </div>
  );
}
