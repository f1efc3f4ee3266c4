/**
 * Crews (app/server/booking/crews.server.ts) on real D1 in Miniflare: a crew is in one place at a
 * time, whatever assignments arrive at once.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { addCrew, assignCrew, listCrews, updateCrew } from "~/server/booking";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(["visit_changes", "visits", "crews", "quote_requests"].map((table) => worker.db.prepare(`DELETE FROM ${table}`)));
});

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];
const staff = { userId: null, system: true };

/** The visit row with id `id`. */
async function row(id: string) {
  const visit = await db.query.visits.findFirst({ where: (visits, { eq }) => eq(visits.id, id) });
  if (!visit) throw new Error(`no visit ${id}`);
  return visit;
}

/** A scheduled visit on 2026-12-03 in the window `start`-`end`; out: its id. */
async function visit(start = "09:00", end = "11:00"): Promise<string> {
  const request = crypto.randomUUID();
  const id = crypto.randomUUID();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, 1, 1, 'Client', 'c@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', 'quoted')",
      )
      .bind(request),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', '2026-12-03', ?, ?, 'scheduled', 'x', 'residential', 1, 1, 1)",
      )
      .bind(id, request, start, end),
  ]);
  return id;
}

describe("crews", () => {
  test("a crew's name is unique; crews list in the order they were added", async () => {
    expect(await addCrew(db, { name: "Crew A", members: "Keisha and Andre", workingDays: ALL_WEEK })).toMatchObject({ status: "added" });
    expect(await addCrew(db, { name: "Crew B", members: null, workingDays: ALL_WEEK })).toMatchObject({ status: "added" });
    expect(await addCrew(db, { name: "Crew A", members: null, workingDays: ALL_WEEK })).toEqual({ status: "name-taken" });
    expect((await listCrews(db)).map((crew) => [crew.name, crew.position])).toEqual([
      ["Crew A", 1],
      ["Crew B", 2],
    ]);
  });

  test("20 visits of one window assigned to one crew at once: one is assigned, 19 find the crew busy", async () => {
    const crew = await addCrew(db, { name: "Crew A", members: null, workingDays: ALL_WEEK });
    if (crew.status !== "added") throw new Error("no crew");
    const ids = await Promise.all(Array.from({ length: 20 }, () => visit()));
    const outcomes = await Promise.all(ids.map(async (id) => assignCrew(db, await row(id), crew.id, staff)));
    expect(outcomes.filter((outcome) => outcome === "assigned")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "crew-busy")).toHaveLength(19);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visits WHERE crew_id = ?").bind(crew.id).first()).toEqual({ n: 1 });
  });

  test("an overlapping window is busy too; a back-to-back one and 'no crew' are not", async () => {
    const crew = await addCrew(db, { name: "Crew A", members: null, workingDays: ALL_WEEK });
    if (crew.status !== "added") throw new Error("no crew");
    const first = await visit("09:00", "11:00");
    expect(await assignCrew(db, await row(first), crew.id, staff)).toBe("assigned");
    expect(await assignCrew(db, await row(await visit("10:00", "12:00")), crew.id, staff)).toBe("crew-busy");
    expect(await assignCrew(db, await row(await visit("11:00", "13:00")), crew.id, staff)).toBe("assigned");
    expect(await assignCrew(db, await row(first), null, staff)).toBe("assigned");
    expect(await assignCrew(db, await row(first), "no-such-crew", staff)).toBe("no-such-crew");
    const history = await worker.db
      .prepare("SELECT kind, crew_name, actor FROM visit_changes WHERE visit_id = ? ORDER BY created_at")
      .bind(first)
      .all();
    expect(history.results).toEqual([
      { kind: "assigned", crew_name: "Crew A", actor: "system" },
      { kind: "assigned", crew_name: null, actor: "system" },
    ]);
  });

  test("a crew that does not work the visit's weekday, or is inactive, takes no visit", async () => {
    // 2026-12-03 is a Thursday (ISO 4).
    const crew = await addCrew(db, { name: "Crew A", members: null, workingDays: [1, 2, 3, 5, 6] });
    if (crew.status !== "added") throw new Error("no crew");
    const id = await visit();
    expect(await assignCrew(db, await row(id), crew.id, staff)).toBe("crew-busy");
    expect(await updateCrew(db, crew.id, { name: "Crew A", members: null, workingDays: [4], active: false })).toBe("saved");
    expect(await assignCrew(db, await row(id), crew.id, staff)).toBe("no-such-crew");
    expect(await updateCrew(db, crew.id, { name: "Crew A", members: null, workingDays: [4], active: true })).toBe("saved");
    expect(await assignCrew(db, await row(id), crew.id, staff)).toBe("assigned");
  });
});
