/**
 * What the server keeps to itself never reaches a visitor: no value of a private setting (the
 * staff's notification address, the session secret, the sender address of e-mails) appears in
 * any public page's HTML or in its data for a client-side navigation (`.data`).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publicPaths } from "~/content/navigation";
import { STARTING_CONTENT } from "~/content/starting-content";
import { startWorker, TEST_SESSION_SECRET, type TestWorker } from "./worker";

/** Each private setting with a value no page could show by chance. */
const PRIVATE_SETTINGS = {
  NOTIFY_EMAIL: "staff-inbox-5c1e9a@private.example",
  MAIL_FROM: "sender-77d2f0@private.example",
  SESSION_SECRET: TEST_SESSION_SECRET,
};

/** Every public page, a query a page reads, the account pages, a status link and a 404. */
const PAGES = [
  ...publicPaths(
    STARTING_CONTENT.services.map((service) => service.slug),
    { pricing: true },
  ),
  "/quote?service=residential",
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot",
  "/status/0123456789abcdef0123456789abcdef",
  "/no-such-page",
];

/** Remix's data URL of a page: `/_root.data` for the home page, `<path>.data` otherwise, query kept. */
function dataUrl(page: string): string {
  const [path, query] = page.split("?");
  return `${path === "/" ? "/_root" : path}.data${query ? `?${query}` : ""}`;
}

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker({ bindings: { NOTIFY_EMAIL: PRIVATE_SETTINGS.NOTIFY_EMAIL, MAIL_FROM: PRIVATE_SETTINGS.MAIL_FROM } });
});
afterAll(() => worker?.dispose());

describe("private settings", () => {
  test.each(PAGES)("%s: neither its HTML nor its .data carries a private setting", async (page) => {
    for (const url of [page, dataUrl(page)]) {
      const response = await worker.fetch(url);
      expect(response.status, url).toBeLessThan(500);
      const body = await response.text();
      expect(body.length, `${url} answered nothing`).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(PRIVATE_SETTINGS)) {
        expect(body.includes(value), `${url} carries ${name}`).toBe(false);
      }
    }
  });
});
