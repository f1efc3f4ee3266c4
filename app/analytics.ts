/**
 * Analytics events (docs/product.md §7: `quote_request` with the service type as label,
 * `contact_form_submit` and `review_submit`), pushed to `window.dataLayer` the way gtag.js expects: each entry is
 * the `arguments` object of a `gtag("event", name, params)` call. The GA4 or Cloudflare Web
 * Analytics tag is only loaded when its id is set in [vars] (see app/root.tsx); the events
 * are queued in dataLayer either way.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const ANALYTICS_EVENTS = {
  quote: "quote_request",
  contact: "contact_form_submit",
  review: "review_submit",
} as const;

/** gtag-compatible: pushes its own `arguments` object. */
function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

const sent = new Set<string>();

/** Pushes an event once per `onceKey` (e.g. a submission's flash id), however often it renders. */
export function trackEvent(name: string, params: Record<string, string>, onceKey: string): void {
  if (typeof window === "undefined" || sent.has(onceKey)) return;
  sent.add(onceKey);
  gtag("event", name, params);
}
