/**
 * Small hooks shared by the visitor forms.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ANALYTICS_EVENTS, trackEvent } from "~/analytics";

/** True while a form posting to the path `action` is being submitted (query and fragment ignored). */
export function useIsSubmitting(action: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction?.split(/[?#]/)[0] === action;
}

/**
 * A visitor form's one-time success message as its page's loader gives it (the flash cookie of
 * app/http/flash.server.ts): which form, a random id (the event fires once per id), the
 * analytics label (a quote's service) and the stored request's reference.
 */
export interface SubmissionFlash {
  form: keyof typeof ANALYTICS_EVENTS;
  id: string;
  label?: string;
  reference?: string;
}

/** Fires the analytics event of a successful submission once (docs/product.md §7). */
export function useSubmissionAnalytics(flash: SubmissionFlash | null): void {
  useEffect(() => {
    if (!flash) return;
    const params: Record<string, string> = { event_category: "form" };
    if (flash.label) params.event_label = flash.label;
    trackEvent(ANALYTICS_EVENTS[flash.form], params, flash.id);
  }, [flash]);
}
