/**
 * `npm run cron` (scripts/cron.mjs): runs the Worker's daily `scheduled` handler (with `--cron`,
 * another trigger of wrangler.toml: the hourly release of unpaid deposits) against a local
 * state directory, prints each task's log line and the e-mails sent (waiting for the mail queue)
 * and exits 0, or 1 when a task failed (the other tasks still run and log).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bin } from "../../scripts/run.mjs";

const state = mkdtempSync(join(tmpdir(), "cron-state-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/**
 * Runs `command` with `args` to its end without blocking the test's thread (a synchronous spawn
 * held Vitest's worker past its 60 s answer to the runner, "Timeout calling onTaskUpdate"); out:
 * its exit code and what it printed. Killed after `timeoutMs`.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 120_000) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Runs the script as `npm run cron -- …args` would; out: its exit code and everything it printed. */
async function cron(...args: string[]) {
  // The links in e-mails follow PORT, as under `npm start`.
  const done = await run("node", ["scripts/cron.mjs", "--persist-to", state, ...args], { ...process.env, PORT: "8787" });
  return { status: done.status, output: `${done.stdout}\n${done.stderr}` };
}

/** Runs SQL on the state's local D1 with wrangler (as `npm run db:migrate` reaches it); out: its exit code and output. */
function d1(sql: string, extra: string[] = []) {
  return run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql, ...extra], {
    ...process.env,
    CI: "true",
  });
}

/** The Worker's JSON log lines among the script's output. */
const events = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith('{"event"'))
    .map((line) => JSON.parse(line) as { event: string; scheduledTime?: string });

describe("npm run cron", () => {
  it("runs every task of the daily cron at the time given and exits 0", async () => {
    const { status, output } = await cron("--at", "2026-12-01T13:30:00Z");
    expect(status, output).toBe(0);
    const names = events(output).map((line) => line.event);
    for (const task of [
      "orphan_uploads_swept",
      "orphan_gallery_objects_swept",
      "expired_rows_deleted",
      "booking_tasks_done",
      "review_requests_queued",
      "quote_follow_ups_queued",
      "payment_reminders_queued",
      "retention_applied",
    ]) {
      expect(names).toContain(task);
    }
    expect(events(output).find((line) => line.event === "booking_tasks_done")?.scheduledTime).toBe("2026-12-01T13:30:00.000Z");
  });

  it("sends the e-mails its tasks queue before it exits: tomorrow's visit reminder is printed by the console transport and its outbox row is sent", async () => {
    const request = crypto.randomUUID();
    const seeded = await d1(
      `INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference, status_token) VALUES ('${request}', 1, 1, 'Andre Thompson', 'andre@example.com', '876 555 0101', '2 Gloucester Avenue', 'residential', 'quoted', 'MB-CRON1', 'crontoken'); ` +
        `INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES ('${crypto.randomUUID()}', '${request}', 'q', '2026-12-02', '09:00', '11:00', 'scheduled', '2 Gloucester Avenue', 'residential', 14500, 1, 1)`,
    );
    expect(seeded.status, seeded.stderr).toBe(0);
    // 08:30 on Dec 1 in Jamaica: the visit of Dec 2 is tomorrow's.
    const { status, output } = await cron("--at", "2026-12-01T13:30:00Z");
    expect(status, output).toBe(0);
    expect(events(output).find((line) => line.event === "booking_tasks_done")).toMatchObject({ remindersQueued: 1 });
    const mail = output
      .split("\n")
      .filter((line) => line.startsWith("MAIL "))
      .map((line) => JSON.parse(line.slice("MAIL ".length)) as { to: string; links: string[] })
      .find((sent) => sent.to === "andre@example.com");
    expect(mail?.links).toContain("http://localhost:8787/status/crontoken");
    const outbox = await d1("SELECT status FROM mail_deliveries", ["--json"]);
    expect(JSON.parse(outbox.stdout)[0].results).toEqual([{ status: "sent" }]);
  });

  it("exits 1 and names the failed task when one fails, the others still done", async () => {
    expect((await d1("DROP TABLE review_requests")).status).toBe(0);
    const { status, output } = await cron();
    expect(status, output).toBe(1);
    const names = events(output).map((line) => line.event);
    expect(names).toContain("review_requests_failed");
    expect(names).toContain("booking_tasks_done");
  });

  it("with --cron, runs that trigger of wrangler.toml: the hourly one releases unpaid deposits and runs no daily task; a trigger not in wrangler.toml is refused", async () => {
    const { status, output } = await cron("--cron", "0 * * * *", "--at", "2026-12-01T14:00:00Z");
    expect(status, output).toBe(0);
    const names = events(output).map((line) => line.event);
    expect(names).toContain("unpaid_deposits_released");
    expect(names).not.toContain("expired_rows_deleted");
    expect(names).not.toContain("booking_tasks_done");
    expect((await cron("--cron", "5 * * * *")).status).toBe(2);
  });

  it("refuses a time it cannot read", async () => {
    expect((await cron("--at", "tomorrow")).status).toBe(2);
  });
});
