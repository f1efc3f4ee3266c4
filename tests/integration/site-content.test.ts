/**
 * The admin's 'Site content' area (docs/product.md §13) against the production Worker in
 * Miniflare with real D1: a change goes through its preview and then live (a new revision, the
 * content version moved, the public pages showing it); refused input gets its message and
 * stores nothing; only admins may open or post; a stale `basedOn` is refused; restoring an
 * earlier version publishes it again; markup typed into a field is stored and shown as text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { STARTING_CONTENT } from "~/content/starting-content";
import { CONTENT_ADMIN_MESSAGES, businessValues, faqValues, serviceValues } from "~/forms/content-admin";
import { createAdminSession, followRedirect, postFields, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: { cookie: string; email: string };
let user: { cookie: string };
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker, "admin");
  user = await createAdminSession(worker, "user");
});
afterAll(() => worker?.dispose());
// Every test starts from the starting content: only the seeded revisions are kept.
beforeEach(async () => {
  await worker.db.prepare("DELETE FROM site_content_revisions WHERE action != 'seed'").run();
});

/** HTML's escapes undone, so a page's text can be compared with what was typed. */
const unescape = (html: string) =>
  html
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const post = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
  postFields(worker, path, fields, cookie ? { Cookie: cookie } : {});
const get = (path: string, cookie = admin.cookie) => worker.fetch(path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** The number of revisions of `section` (or of all sections). */
async function revisionCount(section?: string): Promise<number> {
  const row = await worker.db
    .prepare(`SELECT count(*) AS n FROM site_content_revisions${section ? " WHERE section = ?" : ""}`)
    .bind(...(section ? [section] : []))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The live revision id of `section`. */
async function liveId(section: string): Promise<number> {
  const row = await worker.db
    .prepare("SELECT max(id) AS id FROM site_content_revisions WHERE section = ?")
    .bind(section)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** The live body of `section`, parsed. */
async function liveBody<T>(section: string): Promise<T> {
  const row = await worker.db
    .prepare("SELECT body FROM site_content_revisions WHERE id = (SELECT max(id) FROM site_content_revisions WHERE section = ?)")
    .bind(section)
    .first<{ body: string }>();
  return JSON.parse(row!.body) as T;
}

async function contentVersion(): Promise<number> {
  return (await worker.db.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>())!.version;
}

/** The 'Publish' form's hidden fields in a preview page. */
function publishFields(html: string): Record<string, string> {
  const field = (name: string) => {
    const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
    if (!match) throw new Error(`no hidden ${name} in the preview`);
    return unescape(match[1]!);
  };
  return { intent: "publish", content: field("content"), basedOn: field("basedOn"), target: field("target") };
}

/** Posts an editor's form for its preview (200), then the preview's 'Publish'; out: the publish's answer. */
async function previewThenPublish(path: string, fields: Record<string, string>) {
  const preview = await post(path, fields);
  const html = await preview.text();
  expect(preview.status, html.slice(0, 300)).toBe(200);
  expect(html).toContain("Preview: not published yet");
  return post(path, publishFields(html));
}

const business = () => ({ ...businessValues(STARTING_CONTENT.business), basedOn: "" });

describe("site content: publishing through the preview", () => {
  test("a changed phone number: the preview stores nothing, 'Publish' makes it live in E.164 with a notice, and the home page shows it", async () => {
    const before = await revisionCount();
    const version = await contentVersion();
    const fields = { ...business(), basedOn: String(await liveId("business")), intent: "preview", phone: "876-555-0199" };
    const preview = await post("/admin/content/business", fields);
    const html = unescape(await preview.text());
    expect(preview.status).toBe(200);
    expect(html).toContain("+1 876-555-0199");
    expect(await revisionCount()).toBe(before);

    const published = await post("/admin/content/business", publishFields(await (await post("/admin/content/business", fields)).text()));
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe("/admin/content");
    const page = await followRedirect(worker, published);
    expect(await page.text()).toContain("Published. The site shows the change now.");
    expect(await revisionCount()).toBe(before + 1);
    expect((await liveBody<{ phone: string }>("business")).phone).toBe("+18765550199");
    expect(await contentVersion()).toBeGreaterThan(version);
    const revision = await worker.db
      .prepare("SELECT action, author_email FROM site_content_revisions WHERE id = ?")
      .bind(await liveId("business"))
      .first();
    expect(revision).toEqual({ action: "publish", author_email: admin.email });

    // The home page, its structured data (JSON-LD) included, reads the new number.
    const home = unescape(await (await worker.fetch("/")).text());
    expect(home).toContain("+1 876-555-0199");
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(home)?.[1] ?? "";
    expect(jsonLd).toContain("+1 876-555-0199");
    expect(home).not.toContain("+1 876-555-0123");

    // The editor shows the stored number as people read it; posted again, it is the same number.
    const editor = unescape(await (await get("/admin/content/business")).text());
    expect(editor).toContain('value="+1 876-555-0199"');
  });

  test("a new FAQ: previewed, published, on /faq at its anchor made from the question", async () => {
    const version = await contentVersion();
    const response = await previewThenPublish("/admin/content/faqs", {
      intent: "add",
      basedOn: String(await liveId("faqs")),
      question: "Do you clean on public holidays?",
      answer: "Yes, by appointment.",
      onHome: "on",
    });
    expect(response.status).toBe(302);
    const faqs = await liveBody<Array<{ id: string; question: string; onHome: boolean }>>("faqs");
    expect(faqs.at(-1)).toMatchObject({
      id: "faq-do-you-clean-on-public-holidays",
      question: "Do you clean on public holidays?",
      onHome: true,
    });
    expect(faqs).toHaveLength(STARTING_CONTENT.faqs.length + 1);
    expect(await contentVersion()).toBeGreaterThan(version);
    const page = unescape(await (await worker.fetch("/faq")).text());
    expect(page).toContain('id="faq-do-you-clean-on-public-holidays"');
    expect(page).toContain("Do you clean on public holidays?");
  });

  test("a service hidden from the list: after 'Publish' its page answers 404; shown again, 200", async () => {
    expect((await worker.fetch("/services/strata")).status).toBe(200);
    const hide = await previewThenPublish("/admin/content/services", {
      intent: "toggle",
      target: "strata",
      basedOn: String(await liveId("services")),
    });
    expect(hide.status).toBe(302);
    expect((await worker.fetch("/services/strata")).status).toBe(404);
    const show = await previewThenPublish("/admin/content/services", {
      intent: "toggle",
      target: "strata",
      basedOn: String(await liveId("services")),
    });
    expect(show.status).toBe(302);
    expect((await worker.fetch("/services/strata")).status).toBe(200);
  });

  test("a service's texts: its slug and type stay; a reorder moves it", async () => {
    const service = STARTING_CONTENT.services[0]!;
    const edited = await previewThenPublish(`/admin/content/services/${service.slug}`, {
      ...serviceValues(service),
      intent: "preview",
      basedOn: String(await liveId("services")),
      title: "Deep Home Cleaning",
      visit: "Arrive: we walk through the home\nClean: room by room",
    });
    expect(edited.status).toBe(302);
    const moved = await previewThenPublish("/admin/content/services", {
      intent: "move",
      direction: "down",
      target: service.slug,
      basedOn: String(await liveId("services")),
    });
    expect(moved.status).toBe(302);
    const services = await liveBody<Array<{ slug: string; serviceType: string; title: string; visit: unknown[] }>>("services");
    expect(services[1]).toMatchObject({ slug: service.slug, serviceType: service.serviceType, title: "Deep Home Cleaning" });
    expect(services[1]!.visit).toEqual([
      { step: "Arrive", detail: "we walk through the home" },
      { step: "Clean", detail: "room by room" },
    ]);
  });
});

describe("site content: refused input stores nothing", () => {
  test.each([
    ["an invalid phone", { phone: "12" }, "Enter a phone number that can be dialled"],
    ["a phone with markup after the number", { phone: "+1 876 555 0123 <script>" }, "Enter a phone number that can be dialled"],
    ["a WhatsApp number with markup after it", { whatsapp: "+1 876 555 0123 <b>" }, "Enter the WhatsApp number with its country code"],
    ["hours closing before they open", { day1Opens: "18:00", day1Closes: "08:00" }, "A day's hours must close after they open."],
    ["one time without the other", { day2Opens: "08:00", day2Closes: "" }, "Give a day both an opening and a closing time, or neither."],
    ["a social profile over http", { socialUrl: "http://example.com/x" }, "The social profile must be an https:// address."],
  ])("business facts with %s: 400 with the message, the typed values kept", async (_, change, message) => {
    const before = await revisionCount();
    const response = await post("/admin/content/business", {
      ...business(),
      ...change,
      intent: "preview",
      basedOn: String(await liveId("business")),
    });
    expect(response.status).toBe(400);
    const html = unescape(await response.text());
    expect(html).toContain(message);
    expect(html).toContain(`value="${Object.values(change)[0]}"`);
    expect(await revisionCount()).toBe(before);
  });

  test("an FAQ with an empty question, and a service step without its name: 400, nothing stored", async () => {
    const before = await revisionCount();
    const faq = await post("/admin/content/faqs", { intent: "add", basedOn: "1", question: "  ", answer: "An answer." });
    expect(faq.status).toBe(400);
    expect(unescape(await faq.text())).toContain("Enter the question.");
    const service = STARTING_CONTENT.services[0]!;
    const step = await post(`/admin/content/services/${service.slug}`, {
      ...serviceValues(service),
      intent: "preview",
      basedOn: "1",
      visit: "just a detail",
      photo: "notAPhoto",
    });
    expect(step.status).toBe(400);
    const html = unescape(await step.text());
    expect(html).toContain(CONTENT_ADMIN_MESSAGES.visitLine);
    expect(html).toContain(CONTENT_ADMIN_MESSAGES.photo);
    expect(await revisionCount()).toBe(before);
  });

  test("a 'Publish' whose content does not pass its schema is refused", async () => {
    const before = await revisionCount();
    const bad = { ...STARTING_CONTENT.business, phone: "12" };
    const response = await post("/admin/content/business", {
      intent: "publish",
      content: JSON.stringify(bad),
      basedOn: String(await liveId("business")),
    });
    expect(response.status).toBe(400);
    expect(await revisionCount()).toBe(before);
  });
});

describe("site content: who may change it", () => {
  test.each([
    ["/admin/content", false],
    ["/admin/content/business", true],
    ["/admin/content/faqs", true],
    ["/admin/content/services/residential", true],
    ["/admin/content/faqs/history", false],
    ["/admin/content/faqs/history/1", true],
  ] as const)("%s: anonymous is sent to sign in, a non-admin to / (GET and POST), nothing stored", async (path, hasAction) => {
    const before = await revisionCount();
    expect((await get(path, "")).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await get(path, user.cookie)).headers.get("Location")).toBe("/");
    const fields = { intent: "restore", content: JSON.stringify(STARTING_CONTENT.faqs), basedOn: String(await liveId("faqs")) };
    if (hasAction) {
      expect((await post(path, fields, "")).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
      expect((await post(path, fields, user.cookie)).headers.get("Location")).toBe("/");
    } else {
      // A page without an action refuses a POST before anything runs.
      expect((await post(path, fields, user.cookie)).status).toBe(405);
    }
    expect(await revisionCount()).toBe(before);
  });

  test("an admin opens every page of the area; an unknown section, service or revision is 404", async () => {
    for (const path of [
      "/admin/content",
      "/admin/content/business",
      "/admin/content/services",
      "/admin/content/services/residential",
      "/admin/content/faqs",
      `/admin/content/faqs/${STARTING_CONTENT.faqs[0]!.id}`,
      "/admin/content/prices/history",
      `/admin/content/faqs/history/${await liveId("faqs")}`,
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
    for (const path of [
      "/admin/content/pages/history",
      "/admin/content/services/cars",
      "/admin/content/faqs/faq-none",
      "/admin/content/faqs/history/999999",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get(`/admin/content/business/history/${await liveId("faqs")}`)).status).toBe(404);
  });
});

describe("site content: stale changes and restoring", () => {
  test("a publish based on an older revision is refused with the stale message; nothing stored", async () => {
    const opened = String(await liveId("faqs"));
    const faq = STARTING_CONTENT.faqs[0]!;
    const first = await previewThenPublish(`/admin/content/faqs/${faq.id}`, {
      ...faqValues(faq),
      intent: "preview",
      basedOn: opened,
      answer: "First.",
    });
    expect(first.status).toBe(302);
    const before = await revisionCount();
    const second = await previewThenPublish(`/admin/content/faqs/${faq.id}`, {
      ...faqValues(faq),
      intent: "preview",
      basedOn: opened,
      answer: "Second.",
    });
    expect(second.status).toBe(409);
    expect(unescape(await second.text())).toContain(CONTENT_ADMIN_MESSAGES.stale);
    expect(await revisionCount()).toBe(before);
    expect((await liveBody<Array<{ answer: string }>>("faqs"))[0]!.answer).toBe("First.");
  });

  test("restoring the starting FAQs after a deletion: a new revision 'Restored from #N', the FAQ back; a stale restore is refused", async () => {
    const seed = await liveId("faqs");
    const faq = STARTING_CONTENT.faqs[1]!;
    const deleted = await previewThenPublish("/admin/content/faqs", { intent: "delete", target: faq.id, basedOn: String(seed) });
    expect(deleted.status).toBe(302);
    expect((await liveBody<Array<{ id: string }>>("faqs")).map((item) => item.id)).not.toContain(faq.id);

    const history = unescape(await (await get("/admin/content/faqs/history")).text());
    expect(history).toContain("Starting content");
    expect(history).toContain(`by ${admin.email}`);
    const stale = await post(`/admin/content/faqs/history/${seed}`, { intent: "restore", basedOn: String(seed) });
    expect(stale.status).toBe(409);

    const restored = await post(`/admin/content/faqs/history/${seed}`, { intent: "restore", basedOn: String(await liveId("faqs")) });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toBe("/admin/content/faqs/history");
    expect(await liveBody("faqs")).toEqual(STARTING_CONTENT.faqs);
    const row = await worker.db
      .prepare("SELECT action, restored_from FROM site_content_revisions WHERE id = ?")
      .bind(await liveId("faqs"))
      .first();
    expect(row).toEqual({ action: "restore", restored_from: seed });
    expect(unescape(await (await get("/admin/content/faqs/history")).text())).toContain(`Restored from #${seed}`);
  });
});

describe("site content: markup is text", () => {
  test("<script> typed as an FAQ answer is stored as typed and shown escaped, in the preview and after publishing", async () => {
    const answer = "<script>alert(1)</script>";
    const preview = await post("/admin/content/faqs", {
      intent: "add",
      basedOn: String(await liveId("faqs")),
      question: "Is markup shown as text?",
      answer,
    });
    const html = await preview.text();
    expect(preview.status).toBe(200);
    expect(html).not.toContain(answer);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect((await post("/admin/content/faqs", publishFields(html))).status).toBe(302);
    expect((await liveBody<Array<{ answer: string }>>("faqs")).at(-1)!.answer).toBe(answer);
    const list = await (await get("/admin/content/faqs")).text();
    expect(list).not.toContain(answer);
    expect(list).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const page = await (await worker.fetch("/faq")).text();
    expect(page).not.toContain(answer);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
