/**
 * Crews: the named teams that clean (docs/product.md §11), and the assignment of a visit to one.
 * A crew is in one place at a time: assigning a visit puts it on a crew only if none of that
 * crew's scheduled visits overlaps its window on that day, checked by the UPDATE itself (and,
 * for the same window start, by the partial unique index `visits_crew_slot_unique`), so
 * assignments sent at once cannot double-book a crew.
 *
 * Functions take the request's Drizzle client first and return outcomes; D1 errors are thrown.
 */
import { and, asc, eq, max, sql } from "drizzle-orm";
import { crews, visits, type Crew } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";

/** Every crew, active ones first, each group in its order. */
export function listCrews(db: Database): Promise<Crew[]> {
  return db
    .select()
    .from(crews)
    .orderBy(sql`${crews.active} DESC`, asc(crews.position));
}

/**
 * Adds a crew at the end of the list. In: its name (unique) and who is in it. Out: "added" with
 * its id, or "name-taken".
 */
export async function addCrew(
  db: Database,
  input: { name: string; members: string | null },
  now = new Date(),
): Promise<{ status: "added"; id: string } | { status: "name-taken" }> {
  const id = crypto.randomUUID();
  const [last] = await db.select({ position: max(crews.position) }).from(crews);
  const added = await db
    .insert(crews)
    .values({
      id,
      name: input.name,
      members: input.members,
      active: true,
      position: (last?.position ?? 0) + 1,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: crews.name })
    .returning({ id: crews.id });
  return added.length === 1 ? { status: "added", id } : { status: "name-taken" };
}

/** What assigning a visit to a crew came to. */
export type AssignOutcome = "assigned" | "crew-busy" | "no-such-crew" | "not-scheduled";

/**
 * Puts the scheduled visit `visitId` on crew `crewId` (null: on no crew). The UPDATE applies
 * only while the crew is active and none of its other scheduled visits that day overlaps the
 * visit's window. Out: "assigned"; "crew-busy"; "no-such-crew" (unknown or inactive);
 * "not-scheduled" (no such visit, or done or cancelled).
 */
export async function assignCrew(db: Database, visitId: string, crewId: string | null, now = new Date()): Promise<AssignOutcome> {
  if (crewId !== null) {
    const crew = await db.select({ active: crews.active }).from(crews).where(eq(crews.id, crewId)).get();
    if (!crew?.active) return "no-such-crew";
  }
  const other = sql.raw("other");
  const free =
    crewId === null
      ? sql`1`
      : sql`NOT EXISTS (SELECT 1 FROM ${visits} AS ${other} WHERE ${other}.crew_id = ${crewId} AND ${other}.status = 'scheduled' AND ${other}.id <> ${visits.id} AND ${other}.day = ${visits.day} AND ${other}.window_start < ${visits.windowEnd} AND ${other}.window_end > ${visits.windowStart})`;
  const active = crewId === null ? sql`1` : sql`EXISTS (SELECT 1 FROM ${crews} WHERE ${crews.id} = ${crewId} AND ${crews.active} = 1)`;
  try {
    const changed = await db
      .update(visits)
      .set({ crewId, updatedAt: now })
      .where(and(eq(visits.id, visitId), eq(visits.status, "scheduled"), free, active))
      .returning({ id: visits.id });
    if (changed.length === 1) return "assigned";
  } catch (error) {
    // The partial unique index: another visit of the crew took that window start meanwhile.
    if (String(error).includes("UNIQUE constraint failed")) return "crew-busy";
    throw error;
  }
  const visit = await db.select({ status: visits.status }).from(visits).where(eq(visits.id, visitId)).get();
  return visit?.status === "scheduled" ? "crew-busy" : "not-scheduled";
}
