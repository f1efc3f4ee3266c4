/**
 * /status/:token/visit.ics: 'Add to calendar' on the customer's status page (docs/product.md §10
 * "Status page"): the next booked visit as the same iCalendar event its booking confirmation
 * attaches (app/server/customer `statusCalendarEvent`), so a calendar that has both keeps one
 * event. A resource route: found by the status page's token alone, under its per-client limit,
 * never cached or indexed (STATUS_HEADERS).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { allowStatusView } from "~/http/rate-limit.server";
import { statusCalendarEvent } from "~/server/customer";
import { logFailure, readSiteUrl } from "~/server/platform";
import { readCompany } from "~/server/site";

/** A refusal as a line of text, never cached or indexed. */
const refusal = (status: number, text: string) =>
  new Response(text, { status, headers: { ...STATUS_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /status/:token/visit.ics. Out: 200 `text/calendar` attachment `visit.ics` (no-store,
 * noindex); 404 when the token names no quote request or nothing is booked; 429 past the
 * status page's per-client limit; 503 when D1 fails. Never throws.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<Response> {
  const { env } = context.cloudflare;
  if (!(await allowStatusView(env.STATUS_RATE_LIMITER, request))) return refusal(429, "Too many requests. Please try again in a minute.");
  try {
    const company = await readCompany(env, context.db);
    const event = await statusCalendarEvent(context.db, params.token ?? "", company, new URL(readSiteUrl(env)).host);
    if (!event) return refusal(404, "No visit is booked for this link.");
    return new Response(event, {
      status: 200,
      headers: {
        ...STATUS_HEADERS,
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'attachment; filename="visit.ics"',
      },
    });
  } catch (error) {
    logFailure("status_calendar_failed", error);
    return refusal(503, "The calendar file could not be made. Please try again.");
  }
}
