/**
 * A visit's history (the `visit_changes` table): the one statement that writes a row of it,
 * inside the batch of the change it records (app/server/booking/visits.server.ts, crews.server.ts,
 * series.server.ts).
 */
import type { VisitChangeKind } from "~/domain/enumerations";
import { visitChanges } from "../../../drizzle/schema";
import { type Database, insertWhere, PREVIOUS_CHANGED_ONE } from "~/server/platform";

/** Who changes a visit: a staff member (`userId`), its customer (`userId` null), or the daily cron (`system`). */
export interface VisitActor {
  userId: string | null;
  system?: boolean;
}

/** A visit's day and its whole window (ISO day, "HH:MM" Jamaica). */
export interface BookedWindow {
  day: string;
  windowStart: string;
  windowEnd: string;
}

/**
 * The statement that writes a visit's history row, only if the statement before it in the batch
 * changed one row (the change happened). `to` is the visit's day and window after the change,
 * `from` before it (a move); `crewName` the crew an "assigned" change put it on (null: none).
 */
export function changeStatement(
  db: Database,
  change: { visitId: string; kind: VisitChangeKind; to: BookedWindow; from?: BookedWindow; crewName?: string | null },
  by: VisitActor,
  now: Date,
) {
  return insertWhere(
    db,
    visitChanges,
    {
      id: crypto.randomUUID(),
      visitId: change.visitId,
      kind: change.kind,
      day: change.to.day,
      windowStart: change.to.windowStart,
      windowEnd: change.to.windowEnd,
      fromDay: change.from?.day ?? null,
      fromWindowStart: change.from?.windowStart ?? null,
      fromWindowEnd: change.from?.windowEnd ?? null,
      crewName: change.crewName ?? null,
      actor: by.userId !== null ? "staff" : by.system ? "system" : "customer",
      actorUserId: by.userId,
      createdAt: now,
    },
    PREVIOUS_CHANGED_ONE,
  );
}
