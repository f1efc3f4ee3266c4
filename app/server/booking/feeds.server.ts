/**
 * Private calendar feeds (docs/product.md §11 "Calendar feeds"): one crew's visits, or the whole
 * team's (`calendar_feeds.crew_id` null), as an iCalendar file at /calendar/<token>.ics that
 * Google Calendar or a phone's calendar subscribes to.
 *
 * - A feed's token is 32 random bytes in lower-case base32 (52 characters, 256 bits): lower case
 *   so that the URL gate's canonical path is the link itself (docs/architecture.md §1.2 step 2).
 *   D1 keeps only its SHA-256 (hex), as for sessions and invitations: a feed shows customers'
 *   names, phones, addresses and notes (a gate code), and the database alone cannot make its link.
 * - A target (a crew, or the team) has at most one live feed: making one revokes the old in the
 *   same batch (rotation). Revoking sets `revoked_at`; from then on the URL answers 404.
 * - The body is stable while nothing changes: DTSTAMP is each visit's `updated_at`, the events in
 *   a fixed order, so an ETag of the body lets calendars revalidate cheaply.
 *
 * Functions take the request's Drizzle client first; D1 errors are thrown to the caller.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from "ical-generator";
import { plusDays, windowLabel } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { CUSTOMER_NOTE_LABEL } from "~/domain/schedule";
import { SERVICE_TYPE_LABELS, type ServiceType, type VisitStatus } from "~/domain/enumerations";
import { calendarFeeds, crews, quoteRequests, visits } from "../../../drizzle/schema";
import { type Database, insertWhere, tokenHash } from "~/server/platform";
import { visitEventBase } from "./calendar.server";

/** A feed's token as its URL carries it: 32 random bytes, lower-case base32 without padding. */
const FEED_TOKEN_PATTERN = /^[a-z2-7]{52}$/;

/** The days a feed covers, around today in Jamaica (inclusive). */
export const FEED_DAYS = { back: 30, ahead: 90 } as const;

/** The visits a feed shows: cancelled and skipped ones are left out (a calendar removes an event that leaves its feed). */
const FEED_STATUSES = ["scheduled", "done"] as const satisfies readonly VisitStatus[];

/** What a feed's calendar is called when it is the whole team's. */
export const TEAM_FEED_NAME = "Whole team";

/** What a team feed's event says of a visit no crew has yet. */
const NO_CREW_YET = "No crew yet";

/** The path of a feed, e.g. "/calendar/k3…q.ics"; the origin is SITE_URL's. */
export function feedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

/** A live feed as the admin page lists it: the crew it shows (null: the whole team) and when it was made. */
export interface FeedSummary {
  id: string;
  crewId: string | null;
  crewName: string | null;
  createdAt: Date;
}

/** The live (not revoked) feeds, with their crews' names, the team's first, then by crew position. */
export function listFeeds(db: Database): Promise<FeedSummary[]> {
  return db
    .select({ id: calendarFeeds.id, crewId: calendarFeeds.crewId, crewName: crews.name, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .leftJoin(crews, eq(calendarFeeds.crewId, crews.id))
    .where(isNull(calendarFeeds.revokedAt))
    .orderBy(sql`${calendarFeeds.crewId} IS NOT NULL`, asc(crews.position));
}

/** The live feeds of `crewId` (null: the team's), when the statement runs. */
const liveFeedOf = (crewId: string | null) =>
  and(crewId === null ? isNull(calendarFeeds.crewId) : eq(calendarFeeds.crewId, crewId), isNull(calendarFeeds.revokedAt));

/** The crew exists and is active, when the statement runs (always true for the team). */
const activeCrew = (crewId: string | null) =>
  crewId === null ? sql`1` : sql`EXISTS (SELECT 1 FROM ${crews} WHERE ${crews.id} = ${crewId} AND ${crews.active} = 1)`;

/** What making a feed came to. */
export type CreateFeedOutcome = { status: "created"; id: string; token: string; rotated: boolean } | { status: "no-such-crew" };

/**
 * Makes a new feed for crew `crewId` (null: the whole team), by the staff member `userId`, and
 * revokes the target's live feed, if any, in the same batch (rotation: at most one live feed a
 * target, whatever arrives at once). Out: "created" with the new feed's id, its token (shown
 * once, never stored) and whether an older feed was revoked; "no-such-crew" (unknown or
 * inactive crew), with nothing written.
 */
export async function createFeed(
  db: Database,
  input: { crewId: string | null; userId: string },
  now = new Date(),
): Promise<CreateFeedOutcome> {
  const id = crypto.randomUUID();
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const [revoked, created] = await db.batch([
    db
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(liveFeedOf(input.crewId), activeCrew(input.crewId)))
      .returning({ id: calendarFeeds.id }),
    insertWhere(
      db,
      calendarFeeds,
      { id, crewId: input.crewId, tokenHash: tokenHash(token), createdByUserId: input.userId, createdAt: now, revokedAt: null },
      activeCrew(input.crewId),
    ),
  ]);
  if (created.meta.changes !== 1) return { status: "no-such-crew" };
  return { status: "created", id, token, rotated: revoked.length > 0 };
}

/** Revokes the live feed `id`: its URL answers 404 from now on. Out: false when there is no such live feed (unknown, or revoked already). */
export async function revokeFeed(db: Database, id: string, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.id, id), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return revoked.length === 1;
}

/** A live feed found by its token: whose visits it shows (crewId null: the whole team) and the crew's name. */
export interface LiveFeed {
  id: string;
  crewId: string | null;
  crewName: string | null;
}

/**
 * The live feed whose token is `token`, or null: a token not of the feed's form (not looked up),
 * unknown or revoked. One read.
 */
export async function findLiveFeed(db: Database, token: string): Promise<LiveFeed | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const feed = await db
    .select({ id: calendarFeeds.id, crewId: calendarFeeds.crewId, crewName: crews.name })
    .from(calendarFeeds)
    .leftJoin(crews, eq(calendarFeeds.crewId, crews.id))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash(token)), isNull(calendarFeeds.revokedAt)))
    .get();
  return feed ?? null;
}

/** One visit as a feed shows it, with its crew and its request's customer. */
export interface FeedVisit {
  id: string;
  day: string;
  windowStart: string;
  windowEnd: string;
  status: VisitStatus;
  sequence: number;
  address: string;
  serviceType: ServiceType;
  included: string | null;
  notes: string | null;
  updatedAt: Date;
  crewName: string | null;
  quoteRequestId: string;
  customerName: string;
  customerPhone: string;
  /** What the customer wrote in the quote form's 'Additional information' (a gate code, a dog), from the request; null: nothing. */
  customerNote: string | null;
  reference: string | null;
}

/**
 * The visits a feed shows: those of crew `crewId` (null: every visit, any crew or none),
 * scheduled or done, from FEED_DAYS.back days before today in Jamaica to FEED_DAYS.ahead after
 * (inclusive), by day, window and id. One read (through `visits_crew_day_idx` for a crew).
 */
export function feedVisits(db: Database, crewId: string | null, now = new Date()): Promise<FeedVisit[]> {
  const today = todayInJamaica(now);
  return db
    .select({
      id: visits.id,
      day: visits.day,
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      status: visits.status,
      sequence: visits.sequence,
      address: visits.address,
      serviceType: visits.serviceType,
      included: visits.included,
      notes: visits.notes,
      updatedAt: visits.updatedAt,
      crewName: crews.name,
      quoteRequestId: visits.quoteRequestId,
      customerName: quoteRequests.name,
      customerPhone: quoteRequests.phone,
      customerNote: quoteRequests.additionalInfo,
      reference: quoteRequests.reference,
    })
    .from(visits)
    .innerJoin(quoteRequests, eq(visits.quoteRequestId, quoteRequests.id))
    .leftJoin(crews, eq(visits.crewId, crews.id))
    .where(
      and(
        crewId === null ? undefined : eq(visits.crewId, crewId),
        inArray(visits.status, FEED_STATUSES),
        gte(visits.day, plusDays(today, -FEED_DAYS.back)),
        lte(visits.day, plusDays(today, FEED_DAYS.ahead)),
      ),
    )
    .orderBy(asc(visits.day), asc(visits.windowStart), asc(visits.id));
}

/** How often a subscribed calendar should fetch the feed again: REFRESH-INTERVAL (RFC 7986 §5.7) and X-PUBLISHED-TTL, in seconds; Google Calendar keeps its own pace. */
const REFRESH_SECONDS = 60 * 60;

/**
 * The event of one visit in a feed: its summary ('Residential Cleaning: Andre Thompson
 * (MB-HNE7B)', after the crew's name or 'No crew yet' in the team's feed), the address as its
 * location, and in its description the window (Jamaica time), the crew, the customer's phone,
 * what is included, the customer's note from the quote form, the notes for the crew and the
 * request's admin page. ical-generator escapes the text (RFC 5545 §3.3.11: backslash, comma,
 * semicolon, line breaks as `\n`).
 */
function feedEvent(
  visit: FeedVisit,
  team: boolean,
  site: { host: string; origin: string },
  window: (start: string, end: string) => string,
): ICalEventData {
  const crew = visit.crewName ?? NO_CREW_YET;
  const customer = `${SERVICE_TYPE_LABELS[visit.serviceType]}: ${visit.customerName}${visit.reference ? ` (${visit.reference})` : ""}`;
  const lines = [
    `Arrival window: ${window(visit.windowStart, visit.windowEnd)} (Jamaica time)`,
    `Crew: ${crew}`,
    `Customer: ${visit.customerName}, phone ${visit.customerPhone}`,
    visit.included ? `Included: ${visit.included}` : null,
    visit.customerNote?.trim() ? `${CUSTOMER_NOTE_LABEL}: ${visit.customerNote.trim()}` : null,
    visit.notes ? `Notes for the crew: ${visit.notes}` : null,
    visit.status === "done" ? "Marked done." : null,
    `Record: ${site.origin}/admin/quotes/${visit.quoteRequestId}`,
  ];
  return {
    ...visitEventBase(visit, site.host),
    stamp: visit.updatedAt,
    summary: team ? `${crew} – ${customer}` : customer,
    description: lines.filter((line) => line !== null).join("\n"),
    location: visit.address,
    status: ICalEventStatus.CONFIRMED,
  };
}

/**
 * The .ics body of a feed: VCALENDAR named '<company> – <crew>' (or '– Whole team', X-WR-CALNAME)
 * with REFRESH-INTERVAL and X-PUBLISHED-TTL of an hour, and one VEVENT per visit of `rows`
 * (feedVisits), each with the visit's UID and SEQUENCE (the same event as the customer's
 * visit.ics, calendar.server.ts), DTSTART/DTEND in UTC and DTSTAMP its `updated_at`, written by
 * ical-generator (lines folded at 75 octets of UTF-8). The same rows give the same bytes. About
 * 25 ms for 1,000 visits in Node (docs/benchmarks.md, "Calendar feeds").
 * In: the feed, its visits, the company's name and the site's origin (SITE_URL). Out: the
 * text (CRLF lines).
 */
export function feedCalendar(
  feed: Pick<LiveFeed, "crewId" | "crewName">,
  rows: FeedVisit[],
  site: { company: string; origin: string },
): string {
  const team = feed.crewId === null;
  const host = new URL(site.origin).host;
  // Each window's label once: a feed repeats a few windows many times.
  const labels = new Map<string, string>();
  const window = (start: string, end: string) => {
    const key = `${start}-${end}`;
    if (!labels.has(key)) labels.set(key, windowLabel({ start, end }));
    return labels.get(key)!;
  };
  const calendar = ical({
    prodId: `//${host}//calendar-feed//EN`,
    method: ICalCalendarMethod.PUBLISH,
    name: `${site.company} – ${team ? TEAM_FEED_NAME : feed.crewName}`,
    ttl: REFRESH_SECONDS,
  });
  for (const visit of rows) calendar.createEvent(feedEvent(visit, team, { host, origin: site.origin }, window));
  return calendar.toString();
}
