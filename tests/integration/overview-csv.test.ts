/**
 * /admin/overview.csv (app/routes/admin/overview-csv/) against the production Worker in
 * Miniflare with real D1: one chart's numbers as a CSV file named by the chart and the period,
 * never cached; the period read as the page reads it (one it cannot use gives this month); a
 * crew's name guarded against CSV injection; 404 in plain words for an unknown chart; admins
 * only (a signed-in non-admin and a visitor are sent away).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayInJamaica } from "~/domain/dates";
import { resolvePeriod, weekBuckets } from "~/domain/overview";
import { createAdminSession, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
  const now = Date.now();
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES ('ocsv-request', ?, ?, 'Marcia Count', 'c@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', 'pending')",
      )
      .bind(now, now),
    worker.db
      .prepare("INSERT INTO crews (id, name, position, created_at, updated_at) VALUES ('ocsv-crew', '=SUM(A1)', 99, ?, ?)")
      .bind(now, now),
  ]);
});
afterAll(() => worker?.dispose());

const get = (path: string, cookie = admin.cookie) => worker.fetch(path, { headers: { Cookie: cookie }, redirect: "manual" });

/** The CSV's lines without the byte order mark and the final line break. */
const linesOf = async (response: Response) =>
  (await response.text())
    .replace(/^\uFEFF/, "")
    .replace(/\r\n$/, "")
    .split("\r\n");

describe("/admin/overview.csv", () => {
  test("a chart's 12 weeks as CSV, named by the chart and this month, never cached, the request of today counted", async () => {
    const today = todayInJamaica(new Date());
    const { period } = resolvePeriod({}, today);
    const response = await get("/admin/overview.csv?chart=requests");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="overview-requests-${period.from}-to-${period.to}.csv"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = await linesOf(response);
    expect(lines[0]).toBe("Week starting,Requests");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(weekBuckets(today).map((week) => week.from));
    expect(Number(lines.at(-1)!.split(",")[1])).toBeGreaterThanOrEqual(1);
  });

  test("last month's period names the file; a period it cannot use gives this month, as the page", async () => {
    const today = todayInJamaica(new Date());
    const lastMonth = resolvePeriod({ period: "last-month" }, today).period;
    const thisMonth = resolvePeriod({}, today).period;
    const last = await get("/admin/overview.csv?chart=revenue&period=last-month");
    expect(last.status).toBe(200);
    expect(last.headers.get("Content-Disposition")).toBe(
      `attachment; filename="overview-revenue-${lastMonth.from}-to-${lastMonth.to}.csv"`,
    );
    expect((await linesOf(last))[0]).toBe("Month,Booked (J$),Collected (J$)");
    for (const query of ["period=decade", "period=custom&from=2026-02-30&to=2026-03-01", "period=custom&from=2026-03-01&to=2026-02-01"]) {
      const response = await get(`/admin/overview.csv?chart=rating&${query}`);
      expect(response.status, query).toBe(200);
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="overview-rating-${thisMonth.from}-to-${thisMonth.to}.csv"`,
      );
    }
  });

  test("a crew's name starting with = is written as text", async () => {
    const response = await get("/admin/overview.csv?chart=crew-load");
    expect(response.status).toBe(200);
    const lines = await linesOf(response);
    expect(lines[0]).toBe("Crew,Booked visits,Places,Load (%)");
    expect(lines.some((line) => line.startsWith("'=SUM(A1),"))).toBe(true);
  });

  test.each([
    ["an unknown chart", "?chart=profit"],
    ["no chart", ""],
  ])("%s answers 404 in plain words", async (_what, query) => {
    const response = await get(`/admin/overview.csv${query}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toContain("There is no such chart.");
  });

  test("admins only: a signed-in non-admin is sent home, a visitor to sign in", async () => {
    const user = await createAdminSession(worker, "user");
    const refused = await get("/admin/overview.csv?chart=requests", user.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
    const visitor = await get("/admin/overview.csv?chart=requests", "");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
  });
});
