/**
 * The status machines (docs/product.md §4; docs/architecture.md, "Rules that cross modules"):
 * quote pending → quoted → completed; contact unread → read → responded. `cancelled` is
 * shown when present but never reached from here. The UI offers only `nextStep`; the server
 * refuses anything else.
 */
import type { ContactStatus, QuoteStatus } from "./enumerations";

export interface Step<S extends string> {
  to: S;
  /** The button's text (docs/product.md §4). */
  label: string;
}

export const QUOTE_STEPS: Partial<Record<QuoteStatus, Step<QuoteStatus>>> = {
  pending: { to: "quoted", label: "Mark Quoted" },
  quoted: { to: "completed", label: "Complete" },
};

export const CONTACT_STEPS: Partial<Record<ContactStatus, Step<ContactStatus>>> = {
  unread: { to: "read", label: "Mark Read" },
  read: { to: "responded", label: "Mark Responded" },
};

/** True when `from → to` is the one allowed next step. */
export function isAllowedStep<S extends string>(steps: Partial<Record<S, Step<S>>>, from: S, to: string): to is S {
  return steps[from]?.to === to;
}

/** Badge styles (docs/product.md §4 "Badge styles"). */
export type BadgeVariant = "outline" | "secondary" | "default" | "destructive";
export const QUOTE_BADGES: Record<QuoteStatus, BadgeVariant> = {
  pending: "outline",
  quoted: "secondary",
  completed: "default",
  cancelled: "destructive",
};
export const CONTACT_BADGES: Record<ContactStatus, BadgeVariant> = {
  unread: "outline",
  read: "secondary",
  responded: "default",
};
