/**
 * What the customer reads of their request's stage (app/domain/lifecycle.ts; read by
 * app/server/lifecycle, never worked out here): the status page's headline and what happens
 * next (docs/product.md §10 "Status page"), and why the booking page cannot book, with what to
 * do instead (§11 "For the customer"). A quote marked quoted without a price is never called
 * ready: the price comes by phone or e-mail, and then it can be booked online.
 */
import type { JobStage, StageFacts } from "~/domain/lifecycle";

/** The status page's headline for a quote request at each stage ("quoted" is split by whether a price was sent). */
export const STATUS_HEADLINES: Record<Exclude<JobStage, "quoted"> | "quoted-priced" | "quoted-unpriced", string> = {
  new: "We have your request and are preparing your quote.",
  "quoted-priced": "Your quote is ready.",
  "quoted-unpriced": "We will give you your price by phone or e-mail.",
  expired: "Your quote has expired.",
  booked: "Your visit is booked.",
  visit_done: "Your visit is done. Thank you for choosing us!",
  reviewed: "Your visit is done. Thank you for your review!",
  closed: "The job is done. Thank you for choosing us!",
  cancelled: "This request was cancelled. Call or WhatsApp us if that is a surprise.",
};

/** The status page's sentence under the headline for a quote without a price. */
export const UNPRICED_NEXT =
  "Once your price is here, it shows on this page and you can pick a day online. Or call or WhatsApp us to book now.";

/** The status page's sentence under the headline for an expired quote (`validUntil`: its last day, as the page says it). */
export const expiredNext = (validUntil: string | null) =>
  `${validUntil ? `This quote expired on ${validUntil}.` : "This quote has expired."} Call or WhatsApp us and we will send you a new one, which you can then book online.`;

/** The headline key of a quote request's stage. */
export function headlineOf(stage: StageFacts): keyof typeof STATUS_HEADLINES {
  if (stage.stage !== "quoted") return stage.stage;
  return stage.priced ? "quoted-priced" : "quoted-unpriced";
}

/** Why the booking page offers no booking: the request's stage, or a regular cleaning that is paused. */
export type NotOpenReason = keyof typeof STATUS_HEADLINES | "paused" | "taken";

/** The booking page's title and lead for each reason it cannot book (`validUntil`: an expired quote's last day). */
export function notOpenTexts(reason: NotOpenReason, validUntil: string | null): [title: string, lead: string] {
  switch (reason) {
    case "new":
      return ["Your quote is not ready yet", "We are preparing it. Once it is on your page, you can book a day here."];
    case "quoted-unpriced":
      return [
        "Your price is not here yet",
        "We will give you the price by phone or e-mail. Once it is on your page, you can book a day here; or call or WhatsApp us to book now.",
      ];
    case "expired":
      return ["This quote has expired", expiredNext(validUntil)];
    case "booked":
      return ["Your visit is already booked", "See it on your page, where you can change the day or cancel it."];
    case "paused":
      return ["Your regular cleaning is paused", "Resume it on your page: we book your visits again from the next day we can."];
    case "visit_done":
    case "reviewed":
    case "closed":
      return ["This quote was used", "Your visit is done. To book another one, call or WhatsApp us for a new quote."];
    case "cancelled":
      return ["This request was cancelled", "Call or WhatsApp us if you would like us to come: we will send you a new quote."];
    case "quoted-priced":
    case "taken":
      return ["This quote is already booked", "See your visits on your page. To book more, call or WhatsApp us for a new quote."];
  }
}
