/**
 * The request side of the calendar feeds (docs/product.md §11 "Calendar feeds"; statements:
 * feeds.server.ts):
 *
 * - `calendarFeedLoader`, GET /calendar/<token>.ics: the feed's iCalendar body for whoever holds
 *   the link, under a per-client limit (429), `private, no-cache` with a strong ETag (304 on a
 *   match), `noindex`, `no-referrer`; 404 with a line of text for a token that is malformed,
 *   unknown or revoked; 503 when D1 fails. Never a 5xx of Remix's: everything is answered here.
 * - `calendarFeedsPageLoader` and `calendarFeedsPageAction`, /admin/calendar-feeds: admins only
 *   (`requireAdmin` in both, like the availability page). 'Create feed link' redirects back to
 *   the page with the new link in a one-time cookie, so the page shows it once, after a GET
 *   (post/redirect/get), and never again; 'Revoke' redirects with a notice.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE_REVALIDATE } from "~/cache-control";
import { formatAdminDateTime } from "~/domain/dates";
import { CALENDAR_FEED_MESSAGES } from "~/domain/staff-messages";
import { calendarFeedFormSchema, TEAM_FEED } from "~/forms/calendar-feeds";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { requireAdmin } from "~/http/permissions.server";
import { readCompanyName, readSiteUrl } from "../platform/env.server";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { logFailure, logProblem } from "../platform/log.server";
import { allowCalendarFeed } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { listCrews } from "./crews.server";
import {
  createFeed,
  FEED_DAYS,
  feedCalendar,
  feedPath,
  feedVisits,
  findLiveFeed,
  listFeeds,
  revokeFeed,
  TEAM_FEED_NAME,
} from "./feeds.server";

const PAGE = "/admin/calendar-feeds";

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
    if (body === null) {
      logProblem("calendar_feed_refused", { feedId: feed.id });
      return feedText(503, CALENDAR_FEED_MESSAGES.unavailable, { "Retry-After": "3600" });
    }
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

/** The new link, carried across the redirect after 'Create feed link' for one GET of the page (60 s at most). */
function newLinkCookie(request: Request) {
  return createCookie("calendar_feed_link", {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    maxAge: 60,
  });
}

const newLinkSchema = z.object({ id: z.uuid(), token: z.string().max(64), rotated: z.boolean() });

/** One row of the page: the team or a crew, and its live feed link, if any. */
export interface FeedTarget {
  /** The form's `crew` value: TEAM_FEED or the crew's id. */
  key: string;
  name: string;
  /** What the feed shows, in a few words. */
  about: string;
  /** False for a crew made inactive that still has a live link (listed so it can be revoked). */
  active: boolean;
  feed: { id: string; createdAt: string } | null;
}

/**
 * The loader of /admin/calendar-feeds: admins only. Out: the rows (the whole team, each active
 * crew in its order, then any inactive crew that still has a live link), whether there are
 * crews at all, the days a feed covers (FEED_DAYS), and the link made just before (its URL, its `webcal://` form, whose it is,
 * whether it replaced one), read once from its cookie and only while it is still that feed's
 * live token; else null. Clears the cookie.
 */
export async function calendarFeedsPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const cookie = newLinkCookie(request);
  const sent = newLinkSchema.safeParse(await cookie.parse(request.headers.get("Cookie")).catch(() => null));
  const [crews, feeds, justMade] = await Promise.all([
    listCrews(context.db),
    listFeeds(context.db),
    sent.success ? findLiveFeed(context.db, sent.data.token) : null,
  ]);
  const feedOf = (crewId: string | null) => {
    const feed = feeds.find((candidate) => candidate.crewId === crewId);
    return feed ? { id: feed.id, createdAt: formatAdminDateTime(feed.createdAt.getTime()) } : null;
  };
  const targets: FeedTarget[] = [
    { key: TEAM_FEED, name: TEAM_FEED_NAME, about: "Every crew's visits, and those with no crew yet.", active: true, feed: feedOf(null) },
    ...crews
      .filter((crew) => crew.active || feedOf(crew.id))
      .map((crew) => ({
        key: crew.id,
        name: crew.name,
        about: crew.members ? `${crew.members}: this crew's visits.` : "This crew's visits.",
        active: crew.active,
        feed: feedOf(crew.id),
      })),
  ];
  let newLink = null;
  if (sent.success && justMade?.id === sent.data.id) {
    const url = `${readSiteUrl(context.cloudflare.env)}${feedPath(sent.data.token)}`;
    newLink = {
      feedId: justMade.id,
      name: justMade.crewName ?? TEAM_FEED_NAME,
      url,
      webcal: url.replace(/^https?:/, "webcal:"),
      rotated: sent.data.rotated,
    };
  }
  const headers = sent.success ? { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } : undefined;
  return data({ targets, hasCrews: crews.some((crew) => crew.active), newLink, days: FEED_DAYS }, { headers });
}

/**
 * POST on /admin/calendar-feeds: 'Create feed link' (intent "create-feed", `crew`: "team" or a
 * crew's id; replaces the target's live link) and 'Revoke' ("revoke-feed", `feed`). Answers a
 * redirect to the page (the new link in its one-time cookie, or the 'revoked' notice), or the
 * form's result with nothing stored, its message the form's own (the fields are hidden): 400
 * malformed, 404 a crew not active or a link revoked already, 503 when D1 fails. Not an admin:
 * the redirect of `requireAdmin`, before the body is read.
 */
export async function calendarFeedsPageAction({ request, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(calendarFeedFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: calendarFeedFormSchema });
  if (submission.status !== "success") {
    // The fields are hidden: their message is the form's own, shown at the top of the page.
    const message = submission.error?.crew?.[0] ?? submission.error?.feed?.[0] ?? CALENDAR_FEED_MESSAGES.notThisPage;
    return data(submission.reply({ formErrors: [message] }), { status: 400 });
  }
  const value = submission.value;
  try {
    if (value.intent === "create-feed") {
      const made = await createFeed(context.db, { crewId: value.crew === TEAM_FEED ? null : value.crew, userId: user.id });
      if (made.status === "no-such-crew")
        return data(submission.reply({ formErrors: [CALENDAR_FEED_MESSAGES.noSuchCrew] }), { status: 404 });
      const cookie = await newLinkCookie(request).serialize({ id: made.id, token: made.token, rotated: made.rotated });
      return redirect(PAGE, { headers: { "Set-Cookie": cookie } });
    }
    if (!(await revokeFeed(context.db, value.feed))) {
      return data(submission.reply({ formErrors: [CALENDAR_FEED_MESSAGES.revokedAlready] }), { status: 404 });
    }
    return redirect(PAGE, { headers: { "Set-Cookie": await commitNotice(request, "calendarFeedRevoked") } });
  } catch (error) {
    logFailure("calendar_feed_change_failed", error);
    return data(submission.reply({ formErrors: [CALENDAR_FEED_MESSAGES.failed] }), { status: 503 });
  }
}
