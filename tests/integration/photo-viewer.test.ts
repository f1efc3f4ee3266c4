/**
 * A record's photo as a download (`/admin/attachments/<id>?download=1`, the viewer's
 * 'Download'), against the production Worker in Miniflare with real D1 and R2: the file comes
 * as an attachment under its own name with the photo route's other headers unchanged, any
 * other value of `download` shows it inline as before, and only admins get it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRIVATE } from "~/cache-control";
import { makePng } from "../fixtures";
import { makeHeic } from "../photo-fixtures";
import { createAdminSession, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let admin = "";
const quoteId = crypto.randomUUID();
const png = { id: crypto.randomUUID(), fileName: "Küche (1) 'neu'.png", contentType: "image/png", bytes: makePng(12, 9) };
const heic = { id: crypto.randomUUID(), fileName: "IMG_0042.HEIC", contentType: "image/heic", bytes: makeHeic() };

beforeAll(async () => {
  worker = await startWorker();
  const now = Date.now();
  const statements = [
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, ?, ?, 'Photo Owner', 'owner@example.com', '876-555-0100', '1 Main Street', 'residential', 'pending')",
      )
      .bind(quoteId, now, now),
  ];
  for (const photo of [png, heic]) {
    const key = `quote-requests/${quoteId}/${photo.id}`;
    await worker.bucket.put(key, photo.bytes, { httpMetadata: { contentType: photo.contentType } });
    statements.push(
      worker.db
        .prepare(
          "INSERT INTO attachments (id, owner_kind, owner_id, r2_key, file_name, content_type, size_bytes, created_at) VALUES (?, 'quote', ?, ?, ?, ?, ?, ?)",
        )
        .bind(photo.id, quoteId, key, photo.fileName, photo.contentType, photo.bytes.byteLength, now),
    );
  }
  await worker.db.batch(statements);
  admin = (await createAdminSession(worker)).cookie;
});
afterAll(() => worker?.dispose());

const get = (path: string, cookie?: string) => worker.fetch(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** The headers that say what the response is and who may keep it (not the per-request ones). */
function describedBy(response: Response) {
  const names = ["Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options", "Content-Security-Policy"];
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
}

describe("a photo's download", () => {
  test("?download=1 sends the photo as an attachment under its own name, with the photo route's other headers", async () => {
    const inline = await get(`/admin/attachments/${png.id}`, admin);
    const download = await get(`/admin/attachments/${png.id}?download=1`, admin);
    expect(inline.status).toBe(200);
    expect(download.status).toBe(200);
    expect(inline.headers.get("Content-Disposition")).toBe("inline; filename*=UTF-8''K%C3%BCche%20%281%29%20%27neu%27.png");
    expect(download.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''K%C3%BCche%20%281%29%20%27neu%27.png");
    expect(describedBy(download)).toEqual({
      "Content-Type": "image/png",
      "Content-Length": String(png.bytes.byteLength),
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    expect(describedBy(download)).toEqual(describedBy(inline));
    expect(download.headers.get("X-Cache")).toBe("BYPASS");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png.bytes);
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(png.bytes);
  });

  test("a HEIC photo downloads with its recorded type", async () => {
    const response = await get(`/admin/attachments/${heic.id}?download=1`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/heic");
    expect(response.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''IMG_0042.HEIC");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(heic.bytes);
  });

  test("any other value of download is ignored: the photo is shown inline", async () => {
    for (const value of ["", "0", "true", "yes", "01", "1 ", "attachment"]) {
      const response = await get(`/admin/attachments/${png.id}?download=${encodeURIComponent(value)}`, admin);
      expect(response.status, value).toBe(200);
      expect(response.headers.get("Content-Disposition"), value).toMatch(/^inline; /);
      await response.arrayBuffer();
    }
  });

  test("an unknown photo is 404 and an unread query name 400, with or without download", async () => {
    const unknown = await get(`/admin/attachments/${crypto.randomUUID()}?download=1`, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Content-Disposition")).toBeNull();
    expect((await get(`/admin/attachments/${png.id}?dl=1`, admin)).status).toBe(400);
    expect((await get(`/admin/attachments/${png.id}?download=1&photo=1`, admin)).status).toBe(400);
  });
});

describe("only admins download", () => {
  test("a signed-in account without the admin role is sent away with 'Access denied', not the photo", async () => {
    const { cookie } = await createAdminSession(worker, "user");
    const response = await get(`/admin/attachments/${png.id}?download=1`, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(response.headers.get("Content-Type")).not.toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).not.toEqual(png.bytes);
  });

  test("a visitor without a session is sent to sign in, and back to the download after", async () => {
    for (const cookie of [undefined, "__session=forged"]) {
      const response = await get(`/admin/attachments/${heic.id}?download=1`, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/admin/attachments/${heic.id}?download=1`)}`);
      expect(response.headers.get("Content-Disposition")).toBeNull();
      await response.arrayBuffer();
    }
  });
});
