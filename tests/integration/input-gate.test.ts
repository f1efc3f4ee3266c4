/**
 * The input gate against the production Worker in Miniflare: the requests that once answered
 * 500 or a 30 MB reply, on every form and its data URL, answer 400 with a short message and
 * store nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAdminSession, encodeMultipart, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** What a reply may add to its page: the fuzz suite's bound too (tests/integration/fuzz.test.ts). */
const MAX_ADDED_BYTES = 64 * 1024;

const FORMS = ["/auth", "/auth/forgot", "/auth/reset", "/contact", "/quote"];
const HOSTILE: Array<Record<string, string>> = [
  { "token[10000000]": "x", password: "a" },
  { "email[999999]": "x" },
  { "a.b.c": "x", email: "a@b.co" },
  { __intent__: "zz" },
  { __state__: "{" },
  { __intent__: JSON.stringify({ type: "validate", payload: { name: "a[" } }) },
  { __intent__: JSON.stringify({ type: "update", payload: { name: "email", index: 10_000_000, value: "x" } }) },
  { constructor: "x", ["__proto__"]: "y", toString: "z" },
];

async function stored() {
  const rows = await worker.db
    .prepare(
      "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM quote_requests) + (SELECT count(*) FROM contact_messages) + (SELECT count(*) FROM attachments) AS n",
    )
    .first<{ n: number }>();
  return rows!.n + (await worker.listKeys()).length;
}

async function post(path: string, fields: Record<string, string>, multipart: boolean, cookie = "") {
  const pairs = Object.entries(fields);
  let body: BodyInit;
  let contentType: string;
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of pairs) form.append(name, value);
    ({ body, contentType } = await encodeMultipart(form));
  } else {
    body = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
    contentType = "application/x-www-form-urlencoded";
  }
  return worker.fetch(path, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: worker.origin, "Content-Type": contentType, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

describe("hostile form bodies", () => {
  test("every form and its data URL answers 400 with a short reply and stores nothing", async () => {
    const before = await stored();
    for (const path of FORMS) {
      const page = (await (await worker.fetch(path)).arrayBuffer()).byteLength;
      for (const fields of HOSTILE) {
        for (const multipart of [false, true]) {
          for (const url of [path, `${path}.data`]) {
            const label = `${url} ${multipart ? "multipart" : "urlencoded"} ${JSON.stringify(fields).slice(0, 60)}`;
            const started = Date.now();
            const response = await post(url, fields, multipart);
            const size = (await response.arrayBuffer()).byteLength;
            expect(response.status, label).toBe(400);
            expect(size, label).toBeLessThan((url.endsWith(".data") ? 0 : page) + MAX_ADDED_BYTES);
            expect(Date.now() - started, label).toBeLessThan(2000);
          }
        }
      }
    }
    expect(await stored()).toBe(before);
  });

  test("the admin's status step refuses them too", async () => {
    const { cookie } = await createAdminSession(worker);
    for (const fields of HOSTILE) {
      const response = await post("/admin/quotes", { id: crypto.randomUUID(), to: "quoted", ...fields }, false, cookie);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain("Failed to update quote status");
    }
  });

  test("a value far over its limit is refused by the schema with its own message; the reply echoes at most the limit", async () => {
    const page = (await (await worker.fetch("/contact")).arrayBuffer()).byteLength;
    const response = await post("/contact", { name: "Ana", email: "ana@example.com", message: "<".repeat(60_000) }, true);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Message must be at most 5000 characters.");
    expect(html.length).toBeLessThan(page + MAX_ADDED_BYTES);
  });
});
