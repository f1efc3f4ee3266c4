/**
 * /calendar/<token>.ics: a crew's or the whole team's private calendar feed (iCalendar), for
 * Google Calendar or a phone's calendar to subscribe to; 404 once revoked (docs/product.md §11
 * "Calendar feeds").
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { calendarFeedLoader } from "./calendar-feed.server";

export const loader = (args: LoaderFunctionArgs) => calendarFeedLoader(args);
