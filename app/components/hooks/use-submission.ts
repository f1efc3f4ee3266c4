/**
 * Small hooks shared by the visitor forms.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ANALYTICS_EVENTS, trackEvent } from "~/analytics";
import type { Flash } from "~/http/flash.server";

/** True while a form posting to the path `action` is being submitted (query ignored). */
export function useIsSubmitting(action: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action;
}

/** Fires the analytics event of a successful submission once (docs/product.md §7). */
export function useSubmissionAnalytics(flash: Flash | null): void {
  useEffect(() => {
    if (!flash) return;
    const params: Record<string, string> = { event_category: "form" };
    if (flash.label) params.event_label = flash.label;
    trackEvent(ANALYTICS_EVENTS[flash.form], params, flash.id);
  }, [flash]);
}
