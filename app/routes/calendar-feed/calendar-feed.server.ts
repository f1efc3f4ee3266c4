/**
 * The server side of GET /calendar/<token>.ics, a calendar feed (docs/product.md §11 "Calendar
 * feeds"; statements: app/server/booking, feeds.server.ts): the feed's iCalendar body for whoever
 * holds the link, under a per-client limit (429), `private, no-cache` with a strong ETag (304 on
 * a match), `noindex`, `no-referrer`; 404 with a line of text for a token that is malformed,
 * unknown or revoked; 503 when D1 fails. Never a 5xx of Remix's: everything is answered here.
 * The links are made on /admin/calendar-feeds.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE_REVALIDATE } from "~/cache-control";
import { CALENDAR_FEED_MESSAGES } from "~/domain/texts/staff-messages";
import { allowCalendarFeed } from "~/http/rate-limit.server";
import { feedCalendar, feedVisits, findLiveFeed } from "~/server/booking";
import { logFailure, readCompanyName, readSiteUrl } from "~/server/platform";

/** The headers of every answer of /calendar/…: no shared cache, no search index, no Referer to links in it. */
const FEED_HEADERS = { "Cache-Control": PRIVATE_REVALIDATE, "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/** A short plain-text answer of /calendar/… (a 404, 429 or 503). */
function feedText(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...FEED_HEADERS, "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** A strong ETag of `body`: its SHA-256, hex, quoted. */
async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  return `"${[...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("")}"`;
}

/**
 * GET (and HEAD) /calendar/:file, `file` being "<token>.ics". In: Remix's args. Out: 200
 * text/calendar (inline, `team-schedule.ics` or `crew-schedule.ics`) with ETag; 304 when
 * If-None-Match names that ETag; 404 (malformed, unknown or revoked token), 429 (over the
 * client's limit), 503 (D1 or the calendar failed), each a line of text. Never throws.
 */
export async function calendarFeedLoader({ request, params, context }: LoaderFunctionArgs): Promise<Response> {
  const { env } = context.cloudflare;
  if (!(await allowCalendarFeed(env.STATUS_RATE_LIMITER, request))) {
    return feedText(429, CALENDAR_FEED_MESSAGES.tooMany, { "Retry-After": "60" });
  }
  const file = params.file ?? "";
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  try {
    const feed = await findLiveFeed(context.db, token);
    if (!feed) return feedText(404, CALENDAR_FEED_MESSAGES.notFound);
    const body = feedCalendar(feed, await feedVisits(context.db, feed.crewId), {
      company: readCompanyName(env),
      origin: readSiteUrl(env),
    });
    const etag = await etagOf(body);
    const headers = {
      ...FEED_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${feed.crewId === null ? "team" : "crew"}-schedule.ics"`,
      ETag: etag,
    };
    const match = request.headers.get("If-None-Match");
    if (match?.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { status: 200, headers });
  } catch (error) {
    logFailure("calendar_feed_failed", error);
    return feedText(503, CALENDAR_FEED_MESSAGES.unavailable, { "Retry-After": "60" });
  }
}
