/**
 * The status machines (docs/product.md §4; docs/architecture.md, "Rules that cross modules"):
 * quote pending → quoted → completed; contact unread → read → responded. The UI offers only
 * the next step; the server refuses anything else. Beside the steps, a quote request can be
 * cancelled (with a reason) while it is open, and reopened once completed or cancelled
 * (`QUOTE_CANCEL_FROM`, `QUOTE_REOPEN_FROM`, `reopenStatus`).
 */
import type { AuditedEntity, ContactStatus, QuoteStatus } from "./enumerations";
import { QUOTE_REPLY_HOURS } from "./limits";

export interface Step<S extends string> {
  to: S;
  /** The button's text (docs/product.md §4). */
  label: string;
  /**
   * Asked for on the record before it is taken (`?confirm=<this>`): the list's and the record's
   * button leads to the record's confirmation panel instead of posting the step.
   */
  confirm?: "complete";
}

export const QUOTE_STEPS: Partial<Record<QuoteStatus, Step<QuoteStatus>>> = {
  pending: { to: "quoted", label: "Mark Quoted" },
  quoted: { to: "completed", label: "Complete", confirm: "complete" },
};

/** The statuses from which staff may cancel a quote request (with a reason): the open ones. */
export const QUOTE_CANCEL_FROM: readonly QuoteStatus[] = ["pending", "quoted"];

/** The statuses from which staff may reopen a quote request. */
export const QUOTE_REOPEN_FROM: readonly QuoteStatus[] = ["completed", "cancelled"];

/**
 * The status a reopened quote request goes back to: quoted when a quote was sent or staff
 * marked it quoted before (`wasQuoted`), else pending.
 */
export function reopenStatus(wasQuoted: boolean): QuoteStatus {
  return wasQuoted ? "quoted" : "pending";
}

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

/**
 * The status that needs a reply (docs/product.md §10 "New and overdue"): a pending quote
 * request, an unread contact message. Counted beside each tab.
 */
export const ATTENTION_STATUS = {
  quote_request: "pending",
  contact_message: "unread",
} as const satisfies { quote_request: QuoteStatus; contact_message: ContactStatus };

/**
 * The status that says the customer has heard back (docs/product.md §10 "Time to first
 * reply"): reaching it, by 'Send quote', 'Send reply' or the status step, sets the record's
 * first reply time once.
 */
export const REPLIED_STATUS = {
  quote_request: "quoted",
  contact_message: "responded",
} as const satisfies { quote_request: QuoteStatus; contact_message: ContactStatus };

/** Quote request statuses in which a quote may be sent (a second one replaces the first). */
export const QUOTABLE_STATUSES: readonly QuoteStatus[] = ["pending", "quoted"];

/** How long a record may wait in its attention status before it is overdue: the reply promise. */
export const OVERDUE_AFTER_MS = QUOTE_REPLY_HOURS * 60 * 60 * 1000;

/**
 * True when a record still waits for a reply `OVERDUE_AFTER_MS` after it arrived.
 * In: the record's kind, status and arrival (ms since the epoch), and now. Elapsed time is
 * the same in every zone; the dates shown with it are Jamaica's (app/domain/dates.ts).
 */
export function isOverdue(entity: AuditedEntity, status: string, createdAtMs: number, now: Date = new Date()): boolean {
  return status === ATTENTION_STATUS[entity] && now.getTime() - createdAtMs >= OVERDUE_AFTER_MS;
}
