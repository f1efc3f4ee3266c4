/**
 * Crews: the named teams that clean (docs/product.md §12), each day's capacity, and the
 * assignment of a visit to one. A crew is in one place at a time: a visit goes on a crew only if
 * none of that crew's scheduled visits overlaps its window on that day, checked by the statement
 * that writes it (and, for the same window start, by the partial unique index
 * `visits_crew_slot_unique`), so assignments and bookings sent at once cannot double-book a crew.
 *
 * Functions take the request's Drizzle client first and return outcomes; D1 errors are thrown.
 */
import { and, asc, count, eq, gte, isNotNull, max, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { crewCapacity, isoWeekday, type AvailabilitySettings, type Capacity } from "~/domain/booking";
import { crews, visits, type Crew, type Visit } from "../../../drizzle/schema";
import type { Database } from "~/server/platform";
import { changeStatement, type BookedWindow, type VisitActor } from "./history.server";

/** Every crew, active ones first, each group in its order. */
export function listCrews(db: Database): Promise<Crew[]> {
  return db
    .select()
    .from(crews)
    .orderBy(sql`${crews.active} DESC`, asc(crews.position), asc(crews.name));
}

/** How many scheduled visits each crew has from `today` (ISO, Jamaica) on, by crew id (crews with none are not listed). */
export async function crewsWithVisitsAhead(db: Database, today: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ crewId: visits.crewId, n: count() })
    .from(visits)
    .where(and(eq(visits.status, "scheduled"), gte(visits.day, today), isNotNull(visits.crewId)))
    .groupBy(visits.crewId);
  return new Map(rows.map((row) => [row.crewId ?? "", row.n]));
}

/** The capacity of each day (app/domain/booking.ts `crewCapacity`): the active crews' working days, or the settings' figure with no crew. */
export async function readCapacity(db: Database, settings: AvailabilitySettings): Promise<Capacity> {
  return crewCapacity(settings, await db.select({ workingDays: crews.workingDays, active: crews.active }).from(crews));
}

/** What staff set for a crew. */
export interface CrewInput {
  name: string;
  members: string | null;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  workingDays: number[];
}

/** Adds a crew at the end of the list. Out: "added" with its id, or "name-taken". */
export async function addCrew(
  db: Database,
  input: CrewInput,
  now = new Date(),
): Promise<{ status: "added"; id: string } | { status: "name-taken" }> {
  const id = crypto.randomUUID();
  const [last] = await db.select({ position: max(crews.position) }).from(crews);
  const added = await db
    .insert(crews)
    .values({ id, ...input, active: true, position: (last?.position ?? 0) + 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: crews.name })
    .returning({ id: crews.id });
  return added.length === 1 ? { status: "added", id } : { status: "name-taken" };
}

/**
 * Changes a crew's name, members, working days and whether it is active (an inactive crew takes
 * no new visit and no share of the capacity; its visits keep it). Out: "saved", "name-taken" or
 * "none" (no such crew).
 */
export async function updateCrew(
  db: Database,
  id: string,
  input: CrewInput & { active: boolean },
  now = new Date(),
): Promise<"saved" | "name-taken" | "none"> {
  const clash = await db.select({ id: crews.id }).from(crews).where(eq(crews.name, input.name)).get();
  if (clash && clash.id !== id) return "name-taken";
  try {
    const saved = await db
      .update(crews)
      .set({ ...input, updatedAt: now })
      .where(eq(crews.id, id))
      .returning({ id: crews.id });
    return saved.length === 1 ? "saved" : "none";
  } catch (error) {
    // Another crew took the name between the read and the write.
    if (String(error).includes("UNIQUE constraint failed")) return "name-taken";
    throw error;
  }
}

/**
 * The crew `crewId` (SQL: a value or a column) is active, works the day's weekday and has no
 * scheduled visit but `exceptVisitId` overlapping the window that day, when the statement runs.
 */
export function crewFree(crewId: SQLWrapper | string, slot: BookedWindow, exceptVisitId = ""): SQL {
  const other = sql.raw("other");
  return sql`EXISTS (SELECT 1 FROM ${crews} WHERE ${crews.id} = ${crewId} AND ${crews.active} = 1 AND EXISTS (SELECT 1 FROM json_each(${crews.workingDays}) WHERE value = ${isoWeekday(slot.day)}))
    AND NOT EXISTS (SELECT 1 FROM ${visits} AS ${other} WHERE ${other}.crew_id = ${crewId} AND ${other}.status = 'scheduled' AND ${other}.id <> ${exceptVisitId} AND ${other}.day = ${slot.day} AND ${other}.window_start < ${slot.windowEnd} AND ${other}.window_end > ${slot.windowStart})`;
}

/** SQL for the first crew in order free for the window (`crewFree`; `exceptVisitId` is the visit moving), or NULL: a visit's crew when booked or moved. */
export function firstFreeCrew(slot: BookedWindow, exceptVisitId = ""): SQL {
  const candidate = sql.raw("candidate");
  return sql`(SELECT ${candidate}.id FROM ${crews} AS ${candidate} WHERE ${crewFree(sql`${candidate}.id`, slot, exceptVisitId)} ORDER BY ${candidate}.position LIMIT 1)`;
}

/** What assigning a visit to a crew came to. */
export type AssignOutcome = "assigned" | "crew-busy" | "no-such-crew" | "not-scheduled";

/**
 * Puts the scheduled visit on crew `crewId` (null: on no crew), with its history row. The
 * UPDATE applies only while the crew is active, works that weekday and has no other scheduled
 * visit overlapping the window. Out: "assigned" (also when it is on that crew already);
 * "crew-busy" (or not working that day); "no-such-crew" (unknown or inactive); "not-scheduled"
 * (no such visit, or it is not scheduled).
 */
export async function assignCrew(
  db: Database,
  visit: Visit,
  crewId: string | null,
  by: VisitActor,
  now = new Date(),
): Promise<AssignOutcome> {
  if (visit.status !== "scheduled") return "not-scheduled";
  if (visit.crewId === crewId) return "assigned";
  const crew = crewId === null ? null : await db.select().from(crews).where(eq(crews.id, crewId)).get();
  if (crewId !== null && !crew?.active) return "no-such-crew";
  try {
    const [changed] = await db.batch([
      db
        .update(visits)
        .set({ crewId, updatedAt: now })
        .where(and(eq(visits.id, visit.id), eq(visits.status, "scheduled"), crewId === null ? sql`1` : crewFree(crewId, visit, visit.id)))
        .returning({ id: visits.id }),
      changeStatement(db, { visitId: visit.id, kind: "assigned", to: visit, crewName: crew?.name ?? null }, by, now),
    ]);
    if (changed.length === 1) return "assigned";
  } catch (error) {
    // The partial unique index: another visit of the crew took that window start meanwhile.
    if (String(error).includes("UNIQUE constraint failed")) return "crew-busy";
    throw error;
  }
  const now_ = await db.select({ status: visits.status }).from(visits).where(eq(visits.id, visit.id)).get();
  return now_?.status === "scheduled" ? "crew-busy" : "not-scheduled";
}
