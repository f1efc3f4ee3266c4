/**
 * `npm run cron` (scripts/cron.mjs): runs the Worker's daily `scheduled` handler against a local
 * state directory, prints each task's log line and exits 0, or 1 when a task failed (the other
 * tasks still run and log).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bin } from "../../scripts/run.mjs";

const state = mkdtempSync(join(tmpdir(), "cron-state-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/** Runs the script as `npm run cron -- …args` would; out: its exit code and everything it printed. */
function cron(...args: string[]) {
  const done = spawnSync("node", ["scripts/cron.mjs", "--persist-to", state, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: done.status, output: `${done.stdout}\n${done.stderr}` };
}

/** The Worker's JSON log lines among the script's output. */
const events = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith('{"event"'))
    .map((line) => JSON.parse(line) as { event: string; scheduledTime?: string });

describe("npm run cron", () => {
  it("runs every task of the daily cron at the time given and exits 0", () => {
    const { status, output } = cron("--at", "2026-12-01T13:30:00Z");
    expect(status, output).toBe(0);
    const names = events(output).map((line) => line.event);
    for (const task of [
      "orphan_uploads_swept",
      "orphan_gallery_objects_swept",
      "expired_rows_deleted",
      "booking_tasks_done",
      "review_requests_queued",
    ]) {
      expect(names).toContain(task);
    }
    expect(events(output).find((line) => line.event === "booking_tasks_done")?.scheduledTime).toBe("2026-12-01T13:30:00.000Z");
  });

  it("exits 1 and names the failed task when one fails, the others still done", () => {
    spawnSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", "DROP TABLE review_requests"], {
      encoding: "utf8",
      env: { ...process.env, CI: "true" },
    });
    const { status, output } = cron();
    expect(status, output).toBe(1);
    const names = events(output).map((line) => line.event);
    expect(names).toContain("review_requests_failed");
    expect(names).toContain("booking_tasks_done");
  });

  it("refuses a time it cannot read", () => {
    expect(cron("--at", "tomorrow").status).toBe(2);
  });
});
