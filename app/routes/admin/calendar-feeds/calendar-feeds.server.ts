/**
 * The server side of /admin/calendar-feeds (docs/product.md §11 "Calendar feeds"; statements:
 * app/server/booking, feeds.server.ts): admins only (`requireAdmin` in both, like the
 * availability page). 'Create feed link' redirects back to the page with the new link in a
 * one-time cookie, so the page shows it once, after a GET (post/redirect/get), and never again;
 * 'Revoke' redirects with a notice. The feed itself is served by app/routes/calendar-feed/.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDateTime } from "~/domain/dates";
import { CALENDAR_FEED_MESSAGES } from "~/domain/texts/staff-messages";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { createFeed, FEED_DAYS, feedPath, findLiveFeed, listCrews, listFeeds, revokeFeed, TEAM_FEED_NAME } from "~/server/booking";
import { logFailure, readSiteUrl } from "~/server/platform";
import { calendarFeedFormSchema, TEAM_FEED } from "./schema";

const PAGE = "/admin/calendar-feeds";

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
