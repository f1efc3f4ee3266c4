/**
 * `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs), rehearsed on
 * temporary local states: records made through the production Worker (a quote request with two
 * photos, a contact message, an admin and their session), backed up, the state wiped, restored
 * into a fresh one, and the Worker started on it serves the same records (its admin pages, the
 * admin search's FTS5 index, the session) and the same photo bytes. A damaged archive restores
 * nothing and exits 1; a restored state that differs from its manifest exits 1 and says how.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALID_CONTACT, VALID_QUOTE, formOf, makePng } from "../fixtures";
import { createAdminSession, postForm, startWorker, type TestWorker } from "./worker";

const root = mkdtempSync(join(tmpdir(), "backup-restore-"));
const source = join(root, "source");
const backups = join(root, "backups");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs `node script args…` to its end without blocking the test's thread; out: its exit code and output. */
function node(script: string, ...args: string[]) {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn("node", [script, ...args], { env: { ...process.env, CI: "true" } });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

const restore = (archive: string, target: string, ...args: string[]) =>
  node("scripts/restore.mjs", archive, "--persist-to", target, ...args);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every object of the Worker's bucket: key → SHA-256 of its bytes and its content type. */
async function objectsOf(worker: TestWorker) {
  const objects: Record<string, { sha256: string; type?: string }> = {};
  for (const key of (await worker.listKeys()).sort()) {
    const object = (await worker.bucket.get(key))!;
    objects[key] = { sha256: sha256(new Uint8Array(await object.arrayBuffer())), type: object.httpMetadata?.contentType };
  }
  return objects;
}

const photos = [makePng(16, 12), makePng(24, 20)];
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let quoteId: string;
let messageId: string;
let attachments: Array<{ id: string; size_bytes: number }>;
let objects: Awaited<ReturnType<typeof objectsOf>>;
let archive: string;

beforeAll(async () => {
  expect((await node("scripts/db-migrate.mjs", "--persist-to", source)).status).toBe(0);
  const worker = await startWorker({ persistTo: source });
  try {
    admin = await createAdminSession(worker);
    const quote = formOf({ ...VALID_QUOTE, name: "Marcia Campbell", address: "7 Sunset Boulevard, Montego Bay" });
    photos.forEach((bytes, i) => quote.append("photos", new File([bytes], `room ${i + 1}.png`, { type: "image/png" })));
    expect((await postForm(worker, "/quote", quote)).status).toBe(303);
    expect((await postForm(worker, "/contact", formOf({ ...VALID_CONTACT, message: "Do you wash louvre windows?" }))).status).toBe(303);
    quoteId = (await worker.db.prepare("SELECT id FROM quote_requests").first<string>("id"))!;
    messageId = (await worker.db.prepare("SELECT id FROM contact_messages").first<string>("id"))!;
    attachments = (
      await worker.db.prepare("SELECT id, size_bytes FROM attachments ORDER BY size_bytes").all<{ id: string; size_bytes: number }>()
    ).results;
    objects = await objectsOf(worker);
  } finally {
    await worker.dispose();
  }
  expect(attachments).toHaveLength(2);
  expect(Object.keys(objects).length).toBeGreaterThanOrEqual(2);
  const backup = await node("scripts/backup.mjs", "--persist-to", source, "--out", backups);
  expect(backup.status, backup.output).toBe(0);
  archive = backup.output.trim().split("\n").at(-1)!;
  expect(archive.startsWith(backups)).toBe(true);
});

describe("npm run backup, then npm run restore", () => {
  it("writes a dated archive whose manifest counts the rows and hashes the objects", () => {
    expect(archive).toMatch(/\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const manifest = JSON.parse(readFileSync(join(archive, "manifest.json"), "utf8"));
    const rows = Object.fromEntries(manifest.d1.tables.map((table: { name: string; rows: number }) => [table.name, table.rows]));
    expect(rows).toMatchObject({ quote_requests: 1, attachments: 2, contact_messages: 1, users: 1, sessions: 1, quote_requests_search: 1 });
    expect(Object.keys(rows)).not.toContain("quote_requests_search_data");
    const archived = Object.fromEntries(
      manifest.r2.objects.map((object: { key: string; sha256: string; httpMetadata: { contentType?: string } }) => [
        object.key,
        { sha256: object.sha256, type: object.httpMetadata.contentType },
      ]),
    );
    expect(archived).toEqual(objects);
  });

  it("restores into a fresh state that the Worker serves as before: records, search, session and photo bytes", async () => {
    rmSync(source, { recursive: true, force: true });
    const target = join(root, "restored");
    const restored = await restore(archive, target);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain("row counts and checksums verified");

    const worker = await startWorker({ persistTo: target });
    try {
      const page = (path: string) => worker.fetch(path, { redirect: "manual", headers: { Cookie: admin.cookie } });
      const quote = await page(`/admin/quotes/${quoteId}`);
      expect(quote.status).toBe(200);
      const html = await quote.text();
      expect(html).toContain("Marcia Campbell");
      expect(html).toContain("7 Sunset Boulevard, Montego Bay");
      // The admin search reads the FTS5 table, restored with its rows.
      expect(await (await page("/admin/quotes?q=Sunset")).text()).toContain("Marcia Campbell");
      expect(await (await page(`/admin/messages/${messageId}`)).text()).toContain("Do you wash louvre windows?");
      for (const [i, attachment] of attachments.entries()) {
        const photo = await page(`/admin/attachments/${attachment.id}`);
        expect(photo.status).toBe(200);
        expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(photos[i]!))).toBe(true);
      }
      expect(await objectsOf(worker)).toEqual(objects);
    } finally {
      await worker.dispose();
    }
  });

  it("refuses a damaged archive (one byte changed): exits 1, names the file, restores nothing", async () => {
    const damaged = join(root, "damaged");
    cpSync(archive, damaged, { recursive: true });
    const file = join("r2", readdirSync(join(damaged, "r2"))[0]!);
    const bytes = readFileSync(join(damaged, file));
    const last = bytes.length - 1;
    bytes[last] = bytes[last]! ^ 1;
    writeFileSync(join(damaged, file), bytes);
    const target = join(root, "from-damaged");
    const { status, output } = await restore(damaged, target);
    expect(status, output).toBe(1);
    expect(output).toContain(`${file}: SHA-256 differs`);
    expect(existsSync(join(target, "v3"))).toBe(false);
  });

  it("exits 1 and prints the difference when the restored state does not match the manifest; refuses a state not empty without --force", async () => {
    const edited = join(root, "edited");
    cpSync(archive, edited, { recursive: true });
    const manifestPath = join(edited, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.d1.tables.find((table: { name: string }) => table.name === "quote_requests").rows = 2;
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    writeFileSync(manifestPath, text);
    // SHA256SUMS made to agree, so that only the check of the restored state can tell.
    const sums = readFileSync(join(edited, "SHA256SUMS"), "utf8").replace(
      /^\w{64} {2}manifest\.json$/m,
      `${sha256(Buffer.from(text))}  manifest.json`,
    );
    writeFileSync(join(edited, "SHA256SUMS"), sums);
    const target = join(root, "from-edited");
    const { status, output } = await restore(edited, target);
    expect(status, output).toBe(1);
    expect(output).toContain("table quote_requests: 1 rows, 2 in the archive");

    const refused = await restore(archive, target);
    expect(refused.status, refused.output).toBe(2);
    expect(refused.output).toContain("--force");
  });
});
