/**
 * Property-based fuzzing of the production Worker in Miniflare (real D1, R2, Cache API):
 * random paths (case, encoding, dots, slashes), query strings, methods, headers (Host,
 * Cookie variants, X-Forwarded-*, CF-Connecting-IP, Origin) and bodies (urlencoded,
 * multipart, JSON, garbage) against every public page and form action, every auth route and
 * every admin route and action (the security page and its passkey endpoint among them), and a
 * request with a regular cleaning whose status page skips, pauses and resumes, with
 * an admin session, a non-admin session, a half-finished sign-in (/auth/two-step) or none.
 *
 * Properties of every reply:
 * 1. never a 5xx;
 * 2. a 4xx is bounded: under MAX_ADDED_BYTES, or for an HTML page under the largest page of
 *    the site plus MAX_ADDED_BYTES (pages are 50-100 kB, mostly the inlined stylesheet);
 * 3. a refused request (4xx) wrote no row and no R2 object;
 * 4. a request without the admin's session never sees admin data (the seeded record's
 *    marker text or its photo's bytes);
 * 5. a request with any Cookie header is never stored in the page cache (`X-Cache: BYPASS`);
 * 6. the hidden gallery photo is only ever served (200) on the admin's own URL, to an admin,
 *    privately; its public /media URL never serves it;
 * 7. a revoked calendar feed's link never answers 200 (the live one may; its visits carry no
 *    admin marker).
 *
 * The seeded quote request has a done visit whose review link (/review/<token>) is open: its form
 * is fuzzed like the others, and its page must show none of the request's details (property 4).
 *
 * Two more properties cover the data rights (docs/product.md §2 "Privacy notice", §14):
 * - GET /privacy with random queries, headers and cookies: never a 5xx, a bounded reply, nothing
 *   written, no header or query value echoed as markup, and the next plain visitor's notice free of
 *   anything the request carried (no cache poisoning);
 * - GET/POST/other methods on /admin/customers/<id>/export and /erase (the seeded customer's id,
 *   bent, unknown or junk), signed out, as a non-admin or as the admin, with random bodies (both
 *   confirmations never given right together, oversized fields, bad percent-escapes, UTF-16, files
 *   in text fields, JSON, garbage): never a 5xx, a bounded reply, the customers, requests,
 *   attachments and R2 keys unchanged (an admin's export only notes itself in record_notes), the
 *   seeded customer intact; without the admin's session nothing written at all and none of the
 *   customer's data. Then one erase with both confirmations right shows the checks see an erasure.
 *
 * FUZZ_RUNS cases per run (default 500) from FUZZ_SEED (default: new each run, printed).
 * A failure reproduces with the printed command.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { publicPaths } from "~/content/navigation";
import { STARTING_CONTENT } from "~/content/starting-content";
import { makePng } from "../fixtures";
import { createCookie } from "@remix-run/cloudflare";
import { createAdminSession, encodeMultipart, startWorker, TEST_SESSION_SECRET, type TestWorker } from "./worker";

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const MAX_ADDED_BYTES = 64 * 1024;
/** Text only the seeded admin records carry. */
const MARKER = "Zq7MarkerAdminOnly";
/** Bytes only the seeded photo carries. */
const PHOTO_MARKER = "Zq7PhotoBytesAdminOnly";

let worker: TestWorker;
let admin: { cookie: string; sessionId: string; userId: string };
let user: { cookie: string; sessionId: string; userId: string };
let ids: { quote: string; message: string; attachment: string; statusToken: string; visit: string };
/** A hidden gallery photo (its item's title carries MARKER): never served to the public. */
const HIDDEN_PHOTO = "7".repeat(32);
let largestPage = 0;
/** The seeded done visit's review link token (open: sent, unused, unexpired). */
const REVIEW_TOKEN = "r".repeat(32);
/** A crew with a visit and a live calendar feed, and the team's feed, revoked (fixed ids, so fuzzed forms can name them). */
const FEED_CREW = "c0ffee00-0000-4000-8000-000000000001";
const LIVE_FEED = "c0ffee00-0000-4000-8000-000000000002";
const REVOKED_FEED = "c0ffee00-0000-4000-8000-000000000003";
const LIVE_FEED_TOKEN = "k".repeat(52);
const REVOKED_FEED_TOKEN = "r".repeat(52);
const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");
/** A half-finished sign-in of the admin (the password given, the second step not), for /auth/two-step and /auth/passkey. */
let secondStepCookie: string;

beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker, "admin");
  user = await createAdminSession(worker, "user");
  const pending = createCookie("__two_step", { secrets: [TEST_SESSION_SECRET] });
  secondStepCookie = (await pending.serialize({ u: admin.userId, r: "/admin", e: Date.now() + 3_600_000 })).split(";")[0]!;
  ids = {
    quote: crypto.randomUUID(),
    message: crypto.randomUUID(),
    attachment: crypto.randomUUID(),
    statusToken: "5".repeat(32),
    visit: crypto.randomUUID(),
  };
  const now = Date.now();
  const key = `quote-requests/${ids.quote}/${ids.attachment}`;
  const photo = new Uint8Array([...makePng(), ...new TextEncoder().encode(PHOTO_MARKER)]);
  await worker.bucket.put(key, photo);
  await worker.bucket.put(`gallery/${HIDDEN_PHOTO}/original`, makePng(640, 480));
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, additional_info, status, reference, status_token) VALUES (?, ?, ?, ?, ?, ?, ?, 'residential', ?, 'pending', 'MB-FZZ22', ?)",
      )
      .bind(ids.quote, now, now, `Quote ${MARKER}`, "quote.owner@example.com", "876 555 0100", `1 ${MARKER} Road`, MARKER, ids.statusToken),
    worker.db
      .prepare(
        "INSERT INTO contact_messages (id, created_at, updated_at, name, email, phone, message, status) VALUES (?, ?, ?, ?, ?, NULL, ?, 'unread')",
      )
      .bind(ids.message, now, now, `Message ${MARKER}`, "message.owner@example.com", MARKER),
    worker.db
      .prepare(
        "INSERT INTO attachments (id, owner_kind, owner_id, r2_key, file_name, content_type, size_bytes, created_at) VALUES (?, 'quote', ?, ?, 'p.png', 'image/png', ?, ?)",
      )
      .bind(ids.attachment, ids.quote, key, photo.byteLength, now),
    worker.db
      .prepare(
        "INSERT INTO gallery_photos (id, content_type, width, height, size_bytes, created_at) VALUES (?, 'image/png', 640, 480, 100, ?)",
      )
      .bind(HIDDEN_PHOTO, now),
    worker.db
      .prepare(
        "INSERT INTO gallery_items (id, kind, title, category, alt_text, photo_id, position, published, created_at, updated_at) VALUES (?, 'photo', ?, 'Airbnb', ?, ?, 1, 0, ?, ?)",
      )
      .bind(crypto.randomUUID(), `Gallery ${MARKER}`, MARKER, HIDDEN_PHOTO, now, now),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', '2026-11-20', '09:00', '11:00', 'done', ?, 'residential', 14500, ?, ?)",
      )
      .bind(ids.visit, ids.quote, `1 ${MARKER} Road`, now, now),
    worker.db
      .prepare(
        "INSERT INTO review_requests (id, visit_id, token_hash, send_after, sent_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), ids.visit, sha256Hex(REVIEW_TOKEN), now, now, now + 30 * 86_400_000, now),
    worker.db
      .prepare("INSERT INTO crews (id, name, position, created_at, updated_at) VALUES (?, 'Crew A', 1, ?, ?)")
      .bind(FEED_CREW, now, now),
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status, reference) VALUES ('feed-request', ?, ?, 'Feed Client', 'feed@example.com', '876 555 0102', '3 Feed Road', 'residential', 'quoted', 'MB-FZZ33')",
      )
      .bind(now, now),
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, crew_id, created_at, updated_at) VALUES ('feed-visit', 'feed-request', 'q', ?, '09:00', '11:00', 'scheduled', '3 Feed Road', 'residential', 14500, ?, ?, ?)",
      )
      .bind(new Date(now + 3 * 86_400_000).toISOString().slice(0, 10), FEED_CREW, now, now),
    worker.db
      .prepare("INSERT INTO calendar_feeds (id, crew_id, token_hash, created_at, revoked_at) VALUES (?, ?, ?, ?, NULL), (?, NULL, ?, ?, ?)")
      .bind(LIVE_FEED, FEED_CREW, sha256Hex(LIVE_FEED_TOKEN), now, REVOKED_FEED, sha256Hex(REVOKED_FEED_TOKEN), now, now),
  ]);
  await seedRegularCleaning(now);
  await seedCustomer(now);
  // The largest page any visitor or admin can be shown, the reference for property 2.
  for (const path of [
    ...PAGES,
    "/admin/quotes",
    "/admin/messages",
    `/admin/quotes/${ids.quote}`,
    `/admin/customers/${CUSTOMER}`,
    `/admin/customers/${CUSTOMER}/erase`,
  ]) {
    const response = await worker.fetch(path, { headers: { Cookie: admin.cookie } });
    largestPage = Math.max(largestPage, (await response.arrayBuffer()).byteLength);
  }
  console.log(
    `fuzz: ${RUNS} cases, seed ${SEED}; largest page ${largestPage} bytes. Reproduce: FUZZ_SEED=${SEED} npx vitest run --project integration tests/integration/fuzz.test.ts`,
  );
}, 120_000);
afterAll(() => worker?.dispose());

/** A quoted weekly request with its regular cleaning (a series and two visits a month ahead), whose status page can skip, pause and resume. */
const SERIES_TOKEN = "6".repeat(32);
async function seedRegularCleaning(now: number) {
  const request = crypto.randomUUID();
  const series = crypto.randomUUID();
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  const visit = (offset: number) =>
    worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, series_id, occurrence_day, created_at, updated_at) VALUES (?, ?, 'q', ?, '09:00', '11:00', 'scheduled', '3 Regular Road', 'residential', 12000, ?, ?, ?, ?)",
      )
      .bind(crypto.randomUUID(), request, day(offset), series, day(offset), now, now);
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, frequency, status, reference, status_token) VALUES (?, ?, ?, 'Regular', 'regular@example.com', '876 555 0102', '3 Regular Road', 'residential', 'weekly', 'quoted', 'MB-FZZ44', ?)",
      )
      .bind(request, now, now, SERIES_TOKEN),
    worker.db
      .prepare(
        "INSERT INTO customer_replies (id, kind, entity, entity_id, amount_jmd, valid_days, message, created_at) VALUES (?, 'quote', 'quote_request', ?, 12000, 14, 'Quote', ?)",
      )
      .bind(crypto.randomUUID(), request, now),
    worker.db
      .prepare(
        "INSERT INTO visit_series (id, quote_request_id, quote_id, rrule, dtstart, window_start, window_end, status, generated_through, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, 'q', 'FREQ=WEEKLY', ?, '09:00', '11:00', 'active', ?, '3 Regular Road', 'residential', 12000, ?, ?)",
      )
      .bind(series, request, day(30), day(37), now, now),
    visit(30),
    visit(37),
  ]);
}

const PAGES = [
  ...publicPaths(
    STARTING_CONTENT.services.map((service) => service.slug),
    { pricing: true },
  ),
  "/sitemap.xml",
  "/robots.txt",
  "/no-such-page",
];
const AUTH = ["/auth", "/auth/forgot", "/auth/reset", "/auth/verify", "/auth/sign-out", "/auth/invite", "/auth/two-step", "/auth/passkey"];
/** The seeded quote request's private status page (it must show none of its contact details), and an unknown one. */
const STATUS = [
  `/status/${"5".repeat(32)}`,
  `/status/${"0".repeat(32)}`,
  `/status/${"5".repeat(32)}/book`,
  `/status/${"0".repeat(32)}/book`,
  `/status/${"6".repeat(32)}`,
  `/status/${"6".repeat(32)}/book`,
];
/** The seeded visit's review link (open until a fuzzed post happens to fill its form right), and an unknown one. */
const REVIEW = [`/review/${REVIEW_TOKEN}`, `/review/${"a".repeat(32)}`];
/** The calendar feeds: the live one, the revoked one, and names that are no feed's. */
const CALENDAR = [
  `/calendar/${LIVE_FEED_TOKEN}.ics`,
  `/calendar/${REVOKED_FEED_TOKEN}.ics`,
  `/calendar/${LIVE_FEED_TOKEN}`,
  `/calendar/${"k".repeat(51)}.ics`,
  "/calendar/x.ics",
  "/calendar",
];
/** The hidden gallery photo's public URL (always 404), and names that are not a variant. */
const MEDIA = [
  `/media/${HIDDEN_PHOTO}-480.webp`,
  `/media/${HIDDEN_PHOTO}-640.avif`,
  "/media/x-480.webp",
  `/media/${"8".repeat(32)}-99999.avif`,
];
// ---- The price guide's editor (/admin/content/prices, docs/product.md §13): its page, its fields and their values. ----
const PRICE_GUIDE_PATHS = ["/admin/content/prices"];
const PRICE_GUIDE_NAMES = [
  "basedOn",
  "prices",
  "small-one-time-minJmd",
  "small-one-time-maxJmd",
  "medium-weekly-minUsd",
  "large-monthly-maxUsd",
  "commercial-bi-weekly-maxJmd",
];
const PRICE_GUIDE_VALUES = [
  "preview",
  "edit",
  "residential",
  "[]",
  '[{"service":"residential","size":"small","frequency":"one-time","minJmd":14000,"maxJmd":18000,"minUsd":null,"maxUsd":null}]',
  '[{"service":"residential","size":"small","frequency":"one-time","minJmd":18000,"maxJmd":14000,"minUsd":90,"maxUsd":null}]',
  '[{"service":"nope"}]',
  "18,000",
  "abc",
  "0",
  "10000001",
];
// ---- end of the price guide's block ----

const adminPaths = () => [
  "/admin",
  "/admin?period=last-12-months",
  "/admin/overview.csv",
  "/admin/quotes",
  "/admin/messages",
  `/admin/quotes/${ids.quote}`,
  `/admin/messages/${ids.message}`,
  `/admin/attachments/${ids.attachment}`,
  `/admin/quotes/${crypto.randomUUID()}`,
  "/admin/quotes.csv",
  "/admin/messages.csv",
  "/admin/team",
  "/admin/templates",
  "/admin/reviews",
  "/admin/gallery",
  `/admin/gallery/media/${HIDDEN_PHOTO}-480.webp`,
  "/admin/security",
  "/admin/security/passkey",
  "/admin/availability",
  "/admin/schedule",
  "/admin/schedule/sheet",
  "/admin/crews",
  "/admin/calendar-feeds",
  ...PRICE_GUIDE_PATHS,
  ...CONTENT_ADMIN_PATHS,
];

// ---- Site content (docs/product.md §13): its admin pages, their form fields and intents. ----
/** The 'Site content' pages: the overview, each editor, an FAQ's and a service's, each section's history and a version. */
const CONTENT_ADMIN_PATHS = [
  "/admin/content",
  "/admin/content/business",
  "/admin/content/services",
  "/admin/content/services/residential",
  "/admin/content/services/no-such-service",
  "/admin/content/faqs",
  "/admin/content/faqs/faq-supplies",
  "/admin/content/faqs/faq-none",
  "/admin/content/business/history",
  "/admin/content/faqs/history",
  "/admin/content/prices/history",
  "/admin/content/faqs/history/3",
  "/admin/content/services/history/2",
  "/admin/content/faqs/history/999",
];
/** The fields the content forms post. */
const CONTENT_ADMIN_NAMES = [
  "basedOn",
  "target",
  "direction",
  "content",
  "phone",
  "whatsapp",
  "socialUrl",
  "day1Opens",
  "day1Closes",
  "day7Note",
  "serviceAreas",
  "serviceAreasNote",
  "homeTrustedBy",
  "heroHeading",
  "heroLead",
  "story",
  "intro",
  "features",
  "idealFor",
  "visit",
  "shown",
  "question",
  "answer",
  "onHome",
];
/** Their intents and values worth trying: revision ids (3 is the seeded FAQs'), slugs, FAQ ids, sections' JSON (a publish that passes answers 302, not a refusal). */
const CONTENT_ADMIN_VALUES = [
  "preview",
  "back",
  "toggle",
  "home",
  "restore",
  "residential",
  "faq-supplies",
  "3",
  "999",
  "18:00",
  "Arrive: we walk through",
  "[]",
  '[{"id":"faq-x","question":"Q","answer":"A","onHome":true}]',
  '{"phone":"+1 876 555 0123"}',
];
// ---- end of site content ----

/** A known path, often bent: case, percent-encoding, doubled or trailing slashes, dot segments, `.data`. */
const pathArb = fc
  .tuple(
    fc.constantFrom(...PAGES, ...AUTH, ...STATUS, ...REVIEW, ...MEDIA, ...CALENDAR, "__admin__", "__admin__", "/__manifest", "/_root.data"),
    fc.nat(100),
    fc.array(fc.constantFrom("upper", "encode", "double", "trailing", "dots", "data", "segment", "none"), { maxLength: 3 }),
    fc.string({ maxLength: 12 }),
  )
  .map(([base, adminIndex, bends, extra]) => {
    let path = base === "__admin__" ? adminPaths()[adminIndex % adminPaths().length]! : base;
    for (const bend of bends) {
      if (bend === "upper") path = path.replace(/[a-z]/, (letter) => letter.toUpperCase());
      if (bend === "encode") path = path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
      if (bend === "double") path = path.replace("/", "//");
      if (bend === "trailing") path = `${path}/`;
      if (bend === "dots") path = `${path}/../${path.split("/").pop()}`;
      if (bend === "data") path = path === "/" ? "/_root.data" : `${path}.data`;
      if (bend === "segment") path = `${path}/${encodeURIComponent(extra)}`;
    }
    return path.startsWith("/") ? path : `/${path}`;
  });

const NAMES = [
  "service",
  "mode",
  "token",
  "status",
  "page",
  "index",
  "_routes",
  "p",
  "version",
  "utm_source",
  "fbclid",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "a[0]",
  "token[10000000]",
  "a.b",
  "__intent__",
  "__state__",
  "email",
  "password",
  "name",
  "message",
  "id",
  "to",
  "scope",
  "photos",
  "returnTo",
  "js",
  "company_website",
  "q",
  "from",
  "to",
  "overdue",
  "period",
  "chart",
  "intent",
  "body",
  "members",
  "day1",
  "day7",
  "active",
  "crewId",
  "visitId",
  "windowStart",
  "view",
  "crew",
  "photo",
  "download",
  "redirectTo",
  "amountJmd",
  "amountUsd",
  "validDays",
  "included",
  "mail",
  "template",
  "kind",
  "author",
  "area",
  "serviceType",
  "rating",
  "reviewedOn",
  "title",
  "category",
  "altText",
  "description",
  "publish",
  "before",
  "after",
  "code",
  "recoveryCode",
  "setup",
  "required",
  "method",
  "credentialId",
  "authenticatorData",
  "clientDataJSON",
  "signature",
  "attestationObject",
  "day",
  "windowStart",
  "notes",
  "day1",
  "day7",
  "start1",
  "end1",
  "start2",
  "end8",
  "start9",
  "remove1",
  "capacity",
  "minNoticeDays",
  "maxDaysAhead",
  "changeCutoffHours",
  "crew",
  "feed",
  "repeat",
  "scope",
  ...PRICE_GUIDE_NAMES,
];
const nameArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES, ...CONTENT_ADMIN_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const valueArb = fc.oneof(
  fc.constantFrom(
    "",
    "airbnb",
    "signup",
    "quoted",
    "read",
    "everywhere",
    "2",
    "-1",
    "1e9",
    "ana@example.com",
    "{",
    '{"type":"validate","payload":{"name":"email"}}',
    '{"type":"update","payload":{"name":"a[","index":99999999}}',
    "<script>alert(1)</script>",
    "\u0000\u202E",
    "x".repeat(3000),
    "note",
    "1",
    "2026-11-23",
    "2026-02-30",
    "custom",
    "last-12-months",
    "revenue",
    "1999-12-31",
    '"jose" NEAR(',
    "*",
    "name:x OR y",
    "14500",
    "J$14,500",
    "quote",
    "reply",
    "resend",
    "save",
    "delete",
    "{nmae}",
    "add",
    "publish",
    "hide",
    "add-photo",
    "add-pair",
    "edit-photo",
    "edit-pair",
    "up",
    "down",
    "Deep Clean",
    "on",
    "authenticator",
    "recovery",
    "options",
    "add-authenticator",
    "remove-authenticator",
    "remove-passkey",
    "renew-codes",
    "two-step-policy",
    "yes",
    "123456",
    "ABCDE-FGHJK",
    "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
    "cancel",
    "move",
    "book",
    "move-visit",
    "cancel-visit",
    "visit-done",
    "visit-notes",
    "09:00",
    "2026-11-27",
    "10:30",
    "24:00",
    "0",
    "50",
    "365",
    "add-day-off",
    "rename-day-off",
    "remove-day-off",
    "fill-holidays",
    "2026-12-25",
    "5",
    "Spotless, thank you.",
    "create-feed",
    "revoke-feed",
    "team",
    FEED_CREW,
    LIVE_FEED,
    REVOKED_FEED,
    "skip",
    "pause",
    "resume",
    "once",
    "weekly",
    "bi-weekly",
    "monthly",
    "this",
    "later",
    ...PRICE_GUIDE_VALUES,
    ...CONTENT_ADMIN_VALUES,
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);
const fieldsArb = fc.array(fc.tuple(nameArb, valueArb), { maxLength: 14 });

const bodyArb = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fieldsArb.map((fields) => ({ kind: "urlencoded" as const, fields })),
  fc
    .tuple(fieldsArb, fc.constantFrom(0, 0, 1, 2), fc.boolean(), fc.constantFrom("photos", "photo", "before", "after"))
    .map(([fields, files, png, fileField]) => ({ kind: "multipart" as const, fields, files, png, fileField })),
  fc.jsonValue({ maxDepth: 3 }).map((json) => ({ kind: "json" as const, json })),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 400 }),
      fc.constantFrom("multipart/form-data; boundary=xyz", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data", ""),
    )
    .map(([bytes, type]) => ({ kind: "garbage" as const, bytes, type })),
);

const sessionArb = fc.constantFrom("none", "none", "admin", "admin", "user", "spaced-admin", "tampered", "flash", "junk", "second-step");
const cookieFor = (session: string): string | null => {
  switch (session) {
    case "admin":
      return admin.cookie;
    case "user":
      return user.cookie;
    case "spaced-admin":
      return `theme=dark; ${admin.cookie.replace("=", " = ")}`;
    case "tampered":
      return `${admin.cookie.slice(0, -3)}abc`;
    case "flash":
      return "flash=eyJmb3JtIjoicXVvdGUifQ%3D%3D; notice=signedOut";
    case "junk":
      return "a=b; ;;=; __session";
    case "second-step":
      return secondStepCookie;
    default:
      return null;
  }
};

const requestArb = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"),
  path: pathArb,
  query: fc.array(fc.tuple(nameArb, valueArb), { maxLength: 4 }),
  host: fc.constantFrom("same", "same", "same", "evil.example", "LOCALHOST", "127.0.0.1:1"),
  session: sessionArb,
  origin: fc.constantFrom("same", "same", "absent", "null", "https://evil.example"),
  forwarded: fc.constantFrom("none", "none", "evil"),
  ip: fc.oneof(fc.ipV4(), fc.constantFrom("", "not-an-ip", "::1")),
  ifNoneMatch: fc.constantFrom(null, null, "*", '"x"', 'W/"x"', "", '"a", "b"', "garbage", `"${"0".repeat(64)}"`),
  body: bodyArb,
});
type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

async function send(request: FuzzRequest): Promise<Response> {
  const base = new URL(worker.origin);
  const host = request.host === "same" ? base.host : request.host;
  const query = request.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  const url = `${base.protocol}//${host}${request.path}${query ? `?${query}` : ""}`;
  const headers = new Headers({ "CF-Connecting-IP": request.ip });
  const cookie = cookieFor(request.session);
  if (cookie !== null) headers.set("Cookie", cookie);
  if (request.ifNoneMatch !== null) headers.set("If-None-Match", request.ifNoneMatch);
  if (request.origin !== "absent") headers.set("Origin", request.origin === "same" ? `${base.protocol}//${host}` : request.origin);
  if (request.forwarded === "evil") {
    headers.set("X-Forwarded-Host", "evil.example");
    headers.set("X-Forwarded-Proto", "https");
    headers.set("X-Forwarded-For", "1.2.3.4");
  }
  let body: BodyInit | undefined;
  const bodyAllowed = request.method !== "GET" && request.method !== "HEAD";
  if (bodyAllowed && request.body.kind === "urlencoded") {
    body = request.body.fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (bodyAllowed && request.body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of request.body.fields) form.append(name, value);
    for (let i = 0; i < request.body.files; i++) {
      form.append(
        request.body.fileField,
        new File([request.body.png ? makePng() : new TextEncoder().encode("not an image")], `f${i}.png`, { type: "image/png" }),
      );
    }
    const encoded = await encodeMultipart(form);
    body = encoded.body;
    headers.set("Content-Type", encoded.contentType);
  } else if (bodyAllowed && request.body.kind === "json") {
    body = JSON.stringify(request.body.json);
    headers.set("Content-Type", "application/json");
  } else if (bodyAllowed && request.body.kind === "garbage") {
    body = request.body.bytes;
    if (request.body.type) headers.set("Content-Type", request.body.type);
  }
  return worker.mf.dispatchFetch(url, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  } as never) as unknown as Promise<Response>;
}

/** Puts back the two sessions a fuzzed sign-out may have ended, so later cases still have them. */
async function keepSessions() {
  for (const { sessionId, userId } of [admin, user]) {
    await worker.db
      .prepare("INSERT OR IGNORE INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(sessionId, userId, Date.now(), Date.now() + 30 * 86_400_000)
      .run();
  }
}

/** Rows of every table a submission or an admin action writes, and the R2 objects. */
/** A path with its percent-escapes decoded (the router matches it so, in any case), or the path itself when it does not decode. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function written(): Promise<number> {
  const row = await worker.db
    .prepare(
      "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM sessions) + (SELECT count(*) FROM quote_requests) + (SELECT count(*) FROM contact_messages) + (SELECT count(*) FROM attachments) + (SELECT count(*) FROM status_changes) + (SELECT count(*) FROM record_notes) + (SELECT count(*) FROM invitations) + (SELECT count(*) FROM team_changes) + (SELECT count(*) FROM customer_replies) + (SELECT count(*) FROM mail_deliveries) + (SELECT count(*) FROM reply_templates) + (SELECT count(*) FROM reviews) + (SELECT count(*) FROM gallery_items) + (SELECT count(*) FROM gallery_photos) + (SELECT count(*) FROM passkeys) + (SELECT count(*) FROM totp_credentials) + (SELECT count(*) FROM recovery_codes) + (SELECT count(*) FROM passkey_challenges) + (SELECT count(*) FROM security_policy) + (SELECT count(*) FROM visits) + (SELECT count(*) FROM visit_changes) + (SELECT count(*) FROM days_off) + (SELECT count(*) FROM crews) + (SELECT count(*) FROM review_requests) + (SELECT count(*) FROM review_requests WHERE used_at IS NOT NULL) + (SELECT count(*) FROM calendar_feeds) + coalesce((SELECT sum(revoked_at) FROM calendar_feeds), 0) + (SELECT count(*) FROM visit_series) + (SELECT count(*) FROM visit_series WHERE status = 'paused') + coalesce((SELECT updated_at FROM availability_settings), 0) + (SELECT version FROM content_version) AS n",
    )
    .first<{ n: number }>();
  return row!.n + (await worker.listKeys()).length;
}

test(`fuzz: ${RUNS} random requests never break the Worker`, async () => {
  await fc.assert(
    fc.asyncProperty(requestArb, async (request) => {
      await keepSessions();
      const before = await written();
      const response = await send(request);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const label = `${request.method} ${request.path} → ${response.status}`;
      expect(response.status, label).toBeLessThan(500);
      if (response.status >= 400) {
        const isPage = response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
        expect(bytes.byteLength, label).toBeLessThan((isPage ? largestPage : 0) + MAX_ADDED_BYTES);
        expect(await written(), `${label}: a refused request wrote something`).toBe(before);
      }
      if (request.session !== "admin" && request.session !== "spaced-admin") {
        const text = new TextDecoder().decode(bytes);
        expect(text.includes(MARKER) || text.includes(PHOTO_MARKER), `${label}: admin data without an admin session`).toBe(false);
      }
      if (cookieFor(request.session) !== null) expect(response.headers.get("X-Cache"), label).toBe("BYPASS");
      // The hidden gallery photo: only an admin, on the admin's own URL, ever gets it. The URL is
      // compared as the router reads it: a method other than GET or HEAD is not redirected to the
      // canonical spelling (docs/architecture.md §1.2 step 2), so `/%61dmin/…` is the admin's URL.
      if (response.status === 200 && request.path.toLowerCase().includes(HIDDEN_PHOTO)) {
        const routed = decodedPath(request.path).toLowerCase();
        expect(routed.startsWith("/admin/") && (request.session === "admin" || request.session === "spaced-admin"), label).toBe(true);
        expect(response.headers.get("Cache-Control"), label).toContain("private");
      }
      if (response.status === 200 && request.path.toLowerCase().includes(REVOKED_FEED_TOKEN)) {
        expect.fail(`${label}: a revoked calendar feed answered 200`);
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}, 600_000);

// ---- Data rights (docs/product.md §2 "Privacy notice", §14): /privacy, and a customer's export and erasure. ----
/** A customer with a quote request and its photo (the photo carries PHOTO_MARKER, the name MARKER): the one an erasure would take. */
const CUSTOMER = "c0ffee00-0000-4000-8000-0000000000c1";
const CUSTOMER_NAME = `Erin ${MARKER}`;
const CUSTOMER_REQUEST = "c0ffee00-0000-4000-8000-0000000000c2";
const CUSTOMER_ATTACHMENT = "c0ffee00-0000-4000-8000-0000000000c3";
const CUSTOMER_PHOTO_KEY = `quote-requests/${CUSTOMER_REQUEST}/${CUSTOMER_ATTACHMENT}`;
/** Text a fuzzed /privacy request carries in its headers and query; no reply may ever hold it as markup, no later visitor ever see it. */
const INJECTED = "zq7injected";

async function seedCustomer(now: number) {
  const photo = new Uint8Array([...makePng(), ...new TextEncoder().encode(PHOTO_MARKER)]);
  await worker.bucket.put(CUSTOMER_PHOTO_KEY, photo);
  await worker.db.batch([
    worker.db
      .prepare(
        "INSERT INTO customers (id, created_at, updated_at, name, email, phone) VALUES (?, ?, ?, ?, 'erin.fuzz@example.com', '+18765550177')",
      )
      .bind(CUSTOMER, now, now, CUSTOMER_NAME),
    worker.db
      .prepare(
        "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, additional_info, status, reference, customer_id) VALUES (?, ?, ?, ?, 'erin.fuzz@example.com', '876 555 0177', ?, 'residential', ?, 'pending', 'MB-FZZ55', ?)",
      )
      .bind(CUSTOMER_REQUEST, now, now, CUSTOMER_NAME, `7 ${MARKER} Lane`, MARKER, CUSTOMER),
    worker.db
      .prepare(
        "INSERT INTO attachments (id, owner_kind, owner_id, r2_key, file_name, content_type, size_bytes, created_at) VALUES (?, 'quote', ?, ?, 'erin.png', 'image/png', ?, ?)",
      )
      .bind(CUSTOMER_ATTACHMENT, CUSTOMER_REQUEST, CUSTOMER_PHOTO_KEY, photo.byteLength, now),
  ]);
}

/** Every row of the tables an export or an erasure could touch (customers, quote_requests, attachments) and every R2 key, as one string. */
async function customerData(): Promise<string> {
  const tables = await worker.db.batch(
    ["customers", "quote_requests", "attachments"].map((table) => worker.db.prepare(`SELECT * FROM ${table} ORDER BY id`)),
  );
  return JSON.stringify([tables.map((table) => table.results), (await worker.listKeys()).sort()]);
}

/** The seeded customer as stored: their row, their request, its attachment and the photo's bytes. */
async function seededCustomer(): Promise<string> {
  const [customer, request, attachment] = await worker.db.batch([
    worker.db.prepare("SELECT * FROM customers WHERE id = ?").bind(CUSTOMER),
    worker.db.prepare("SELECT * FROM quote_requests WHERE customer_id = ? ORDER BY id").bind(CUSTOMER),
    worker.db.prepare("SELECT * FROM attachments WHERE owner_id = ?").bind(CUSTOMER_REQUEST),
  ]);
  const photo = await worker.bucket.get(CUSTOMER_PHOTO_KEY);
  const bytes = photo
    ? createHash("sha256")
        .update(new Uint8Array(await photo.arrayBuffer()))
        .digest("hex")
    : "missing";
  return JSON.stringify([customer!.results, request!.results, attachment!.results, bytes]);
}

/** Sends one request to the Worker as a browser's HTTP client would (no redirects followed). */
function dispatch(url: string, init: { method: string; headers: Headers; body?: BodyInit }): Promise<Response> {
  return worker.mf.dispatchFetch(url, { ...init, redirect: "manual" } as never) as unknown as Promise<Response>;
}

/** Header names an HTTP client refuses to send or sets itself (a fuzzed header never takes one of them). */
const CLIENT_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "expect",
  "content-length",
  "te",
  "trailer",
  "host",
]);
const headerNameArb = fc
  .stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,24}$/)
  .filter((name) => !CLIENT_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith("proxy-"));
/** A header value as a client can send it (visible ASCII and spaces), sometimes carrying INJECTED as markup. */
const headerValueArb = fc.oneof(
  fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,198}[\x21-\x7e])?$/),
  fc.constantFrom(
    `<${INJECTED}>`,
    `"><${INJECTED} onload=alert(1)>`,
    `${INJECTED}.example`,
    "x".repeat(8000),
    "bytes=0-10",
    "bytes=abc",
    "bytes=99999999-",
    "gzip, br",
    "identity;q=0, *;q=0",
    "application/json",
    "text/x-component",
    "*/*",
    "Thu, 01 Jan 1970 00:00:00 GMT",
    "not a date",
    "fr-CA,fr;q=0.9,*;q=0.1",
    "max-age=0",
    "no-cache",
  ),
);

/**
 * The query's pairs, the last ones dropped until it is at most 8,000 characters encoded: longer
 * URLs never reach a Worker (the edge answers 414), and the canonical redirect's Location repeats
 * the query, which past 16 KiB of headers the test's HTTP client cannot read.
 */
function withinUrlLimit(pairs: Array<[string, string]>): Array<[string, string]> {
  const kept = [...pairs];
  const length = () => kept.reduce((sum, [name, value]) => sum + encodeURIComponent(name).length + encodeURIComponent(value).length + 2, 0);
  while (kept.length && length() > 8000) kept.pop();
  return kept;
}

const privacyRequestArb = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
  path: fc.constantFrom(
    "/privacy",
    "/privacy",
    "/privacy",
    "/Privacy",
    "/privacy/",
    "//privacy",
    "/%70rivacy",
    "/privacy.data",
    "/_root.data",
  ),
  query: fc.oneof(
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("utm_source", "fbclid", "gclid", "_data", "index", "lang", "q", "__proto__", "a[0]"),
            fc.string({ maxLength: 12 }),
          ),
          fc.oneof(valueArb, fc.constantFrom(`<${INJECTED}>`, "routes/public/privacy/route", "root", "x".repeat(5000))),
        ),
        { maxLength: 5 },
      )
      .map(withinUrlLimit),
    // A raw query: stray or broken percent-escapes, empty pairs.
    fc.constantFrom(
      "%",
      "%%",
      "a=%E0%A4",
      "%FF%FE=1",
      "&&&",
      "=",
      "utm_source=%00",
      `utm_source=%3C${INJECTED}%3E`,
      "_data=routes%2Fpublic%2Fprivacy%2Froute",
    ),
  ),
  host: fc.constantFrom("same", "same", "same", `${INJECTED}.example`, "LOCALHOST"),
  session: sessionArb,
  headers: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "Accept",
          "Accept-Encoding",
          "Accept-Language",
          "User-Agent",
          "Range",
          "If-None-Match",
          "If-Modified-Since",
          "Cache-Control",
          "Pragma",
          "X-Forwarded-Host",
          "X-Forwarded-Proto",
          "X-Forwarded-For",
          "Forwarded",
          "X-Original-URL",
          "X-Rewrite-URL",
          "X-HTTP-Method-Override",
          "CF-Connecting-IP",
          "Origin",
          "Referer",
          "Sec-Fetch-Site",
          "Sec-Purpose",
          "Purpose",
        ),
        headerNameArb,
      ),
      headerValueArb,
    ),
    { maxLength: 6 },
  ),
});

test(`fuzz: ${RUNS} random GETs of /privacy (queries, headers, cookies) are answered, store nothing and poison no cache`, async () => {
  await fc.assert(
    fc.asyncProperty(privacyRequestArb, async (request) => {
      await keepSessions();
      const before = await written();
      const base = new URL(worker.origin);
      const host = request.host === "same" ? base.host : request.host;
      const query =
        typeof request.query === "string"
          ? request.query
          : request.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
      const headers = new Headers();
      for (const [name, value] of request.headers) headers.append(name, value);
      const cookie = cookieFor(request.session);
      if (cookie !== null) headers.set("Cookie", cookie);
      const response = await dispatch(`${base.protocol}//${host}${request.path}${query ? `?${query}` : ""}`, {
        method: request.method,
        headers,
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const label = `${request.method} ${request.path}?${query} → ${response.status}`;
      expect(response.status, label).toBeLessThan(500);
      expect(bytes.byteLength, label).toBeLessThan(largestPage + MAX_ADDED_BYTES);
      expect(await written(), `${label}: a read of the privacy notice wrote something`).toBe(before);
      expect(text.includes(MARKER) || text.includes(PHOTO_MARKER), `${label}: admin data on the privacy notice`).toBe(false);
      expect(text.toLowerCase().includes(`<${INJECTED}`), `${label}: a header or query value echoed as markup`).toBe(false);
      // workerd itself answers 415 "Unsupported Media Type" (without the page cache's header) when
      // Accept-Encoding refuses every encoding it has, identity included; the site never answers 415.
      const runtime415 = response.status === 415 && headers.has("Accept-Encoding");
      if (cookie !== null && !runtime415) expect(response.headers.get("X-Cache"), label).toBe("BYPASS");
      // The next plain visitor gets the notice, untouched by what this request carried (no cache poisoning).
      const plain = await worker.fetch("/privacy", { redirect: "manual" });
      const plainText = await plain.text();
      expect(plain.status, `${label}: then a plain GET /privacy`).toBe(200);
      expect(plainText.toLowerCase().includes(INJECTED), `${label}: a later visitor's notice carries this request's text`).toBe(false);
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}, 600_000);

/**
 * The erase form's fields (app/routes/admin/customer-erase/schema.ts): the typed confirmation
 * `confirm` (the customer's name or the word ERASE), the box `understood` ("on"), and names around
 * them. A fuzzed body never carries both a typed value that could confirm and the box (see
 * `cannotConfirm`), so no fuzzed erase may succeed.
 */
const ERASE_TYPED_NAMES = ["confirm", "confirmation", "typed", "name"];
const ERASE_CHECKBOX_NAMES = ["understood"];
const ERASE_NAMES = [...ERASE_TYPED_NAMES, ...ERASE_CHECKBOX_NAMES, "intent", "__intent__", "id", "customerId", "__state__", "email"];
const ERASE_VALUES = [
  "",
  "ERASE",
  "erase",
  " ERASE ",
  "Erase",
  "ＥＲＡＳＥ",
  "\uFEFFERASE",
  "ERASE\u0000",
  "ERASED",
  CUSTOMER_NAME,
  CUSTOMER_NAME.toUpperCase(),
  ` ${CUSTOMER_NAME}\n`,
  "Erased customer",
  "on",
  "ON",
  "on ",
  "off",
  "true",
  "false",
  "1",
  "0",
  "yes",
  "export",
  "delete",
  "cancel",
  "preview",
  CUSTOMER,
  crypto.randomUUID(),
  '{"type":"validate","payload":{"name":"confirmation"}}',
  "<script>alert(1)</script>",
  // Oversized (written short, see `expand`): past any field's limit and past the small forms' 16 KiB cap.
  "x".repeat(3000),
  "@@big:5000:é",
  "@@big:30000:E",
];
/**
 * A value as sent: the short form `@@big:<count>:<character>` (kept short so a failure prints
 * readably) made the character repeated. Bodies stay near 64 kB: a Worker that refuses a body before
 * reading it (Origin, session) may reset the loopback connection while the client still writes a
 * bigger one (see `sendDataRights`).
 */
const expand = (value: string) => {
  const big = /^@@big:(\d+):(.)$/su.exec(value);
  return big ? big[2]!.repeat(Number(big[1])) : value;
};
/** Folded for comparison: NFKC, no spaces or controls or invisible marks, lower case. */
const folded = (value: string) =>
  value
    .normalize("NFKC")
    .replace(/[\s\p{Cc}\p{Cf}]/gu, "")
    .toLowerCase();
/** Could this value pass a typed confirmation (the word ERASE or the customer's name, however spelled)? Generous on purpose. */
const couldConfirm = (value: string) => {
  const text = folded(value);
  return text.includes("erase") || text.includes(folded(CUSTOMER_NAME)) || text.includes(folded(MARKER));
};
/** The fields without the checkbox whenever some value could confirm: both confirmations are never given together. */
const cannotConfirm = (fields: Array<[string, string]>): Array<[string, string]> =>
  fields.some(([, value]) => couldConfirm(value)) ? fields.filter(([name]) => !ERASE_CHECKBOX_NAMES.includes(name)) : fields;
const eraseFieldsArb = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ERASE_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }),
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ERASE_VALUES) },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
        { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
      ),
    ),
    { maxLength: 8 },
  )
  .map(cannotConfirm);

/** Bodies of every kind a client can send, with bad encodings among them. */
const eraseBodyArb = fc.oneof(
  fc.constant({ kind: "none" as const }),
  eraseFieldsArb.map((fields) => ({ kind: "urlencoded" as const, fields })),
  fc
    .tuple(eraseFieldsArb, fc.constantFrom("%", "%G1", "%C3%28", "%FF%FE", "%ED%A0%80", "+%", "%00"))
    .map(([fields, junk]) => ({ kind: "bad-escapes" as const, fields, junk })),
  fc
    .tuple(eraseFieldsArb, fc.constantFrom("", "; charset=iso-8859-1", "; charset=utf-16", "; charset=nonsense"), fc.boolean())
    .map(([fields, charset, file]) => ({ kind: "multipart" as const, fields, charset, file })),
  eraseFieldsArb.map((fields) => ({ kind: "utf16" as const, fields })),
  fc.jsonValue({ maxDepth: 3 }).map((json) => ({ kind: "json" as const, json })),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 400 }),
      fc.constantFrom("multipart/form-data; boundary=xyz", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data", ""),
    )
    .map(([bytes, type]) => ({ kind: "garbage" as const, bytes, type })),
);

/** The customer an export or erase URL names: the seeded one (as written, or bent), another record's id, an unknown one, or junk. */
const customerIdArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(CUSTOMER) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      CUSTOMER.toUpperCase(),
      `${CUSTOMER} `,
      `${CUSTOMER}.data`,
      "c0ffee00-0000-4000-8000-0000000000c9",
      CUSTOMER_REQUEST,
      "feed-request",
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("", "..", "%2e%2e", "%00", "%FF", "'; DROP TABLE customers; --", "x".repeat(3000), "null", "undefined", "__proto__"),
    ),
  },
);

const dataRightsRequestArb = fc.record({
  action: fc.constantFrom("export", "export", "erase", "erase", "erase"),
  id: customerIdArb,
  bend: fc.constantFrom("none", "none", "none", "trailing", "upper", "data", "index"),
  method: fc.constantFrom("GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE"),
  session: fc.constantFrom("none", "user", "user", "admin", "admin", "admin", "spaced-admin", "tampered", "second-step", "junk"),
  origin: fc.constantFrom("same", "same", "same", "absent", "null", "https://evil.example"),
  secFetchSite: fc.constantFrom(null, null, "same-origin", "cross-site"),
  body: eraseBodyArb,
});
type DataRightsRequest = typeof dataRightsRequestArb extends fc.Arbitrary<infer T> ? T : never;

/** A string as UTF-16LE bytes. */
const utf16 = (text: string) => {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    bytes[2 * i] = text.charCodeAt(i) & 255;
    bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
  }
  return bytes;
};

/** Sends a fuzzed export or erase request. Out: the reply, or null when the connection was reset while an oversized body was still being written. */
async function sendDataRights(request: DataRightsRequest): Promise<Response | null> {
  const segment = request.id.includes("%") ? request.id : encodeURIComponent(request.id);
  let path = `/admin/customers/${segment}/${request.action}`;
  if (request.bend === "trailing") path = `${path}/`;
  if (request.bend === "upper") path = path.replace("customers", "Customers");
  if (request.bend === "data") path = `${path}.data`;
  if (request.bend === "index") path = `${path}?index`;
  const headers = new Headers();
  const cookie = cookieFor(request.session);
  if (cookie !== null) headers.set("Cookie", cookie);
  if (request.origin !== "absent") headers.set("Origin", request.origin === "same" ? worker.origin : request.origin);
  if (request.secFetchSite !== null) headers.set("Sec-Fetch-Site", request.secFetchSite);
  const encode = (fields: Array<[string, string]>) =>
    fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
  let body: BodyInit | undefined;
  const sent =
    "fields" in request.body
      ? { ...request.body, fields: request.body.fields.map(([name, value]): [string, string] => [name, expand(value)]) }
      : request.body;
  if (request.method !== "GET" && request.method !== "HEAD") {
    if (sent.kind === "urlencoded" || sent.kind === "bad-escapes") {
      body =
        sent.kind === "urlencoded"
          ? encode(sent.fields)
          : sent.fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}${sent.junk}`).join("&");
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (sent.kind === "utf16") {
      body = utf16(encode(sent.fields));
      headers.set("Content-Type", "application/x-www-form-urlencoded; charset=utf-16");
    } else if (sent.kind === "multipart") {
      const form = new FormData();
      for (const [name, value] of sent.fields) {
        // A file where a text field belongs: its content is the value.
        if (sent.file && !couldConfirm(value)) form.append(name, new File([value], "f.txt", { type: "text/plain" }));
        else form.append(name, value);
      }
      const encoded = await encodeMultipart(form);
      body = encoded.body;
      headers.set("Content-Type", `${encoded.contentType}${sent.charset}`);
    } else if (sent.kind === "json") {
      body = JSON.stringify(sent.json);
      headers.set("Content-Type", "application/json");
    } else if (sent.kind === "garbage") {
      body = sent.bytes;
      if (sent.type) headers.set("Content-Type", sent.type);
    }
  }
  try {
    return await dispatch(`${worker.origin}${path}`, { method: request.method, headers, body });
  } catch (error) {
    // A body past the forms' 16 KiB cap that the Worker refused without reading it: the
    // connection was reset while the client still wrote it. No reply to check; what was stored is.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const size = typeof body === "string" ? body.length : body instanceof Uint8Array ? body.byteLength : 0;
    if ((code === "ECONNRESET" || code === "EPIPE") && size > 16 * 1024) return null;
    throw error;
  }
}

test(`fuzz: ${RUNS} random requests to a customer's export and erase URLs break nothing, store nothing and never erase`, async () => {
  const seeded = await seededCustomer();
  expect(seeded).toContain("erin.fuzz@example.com");
  await fc.assert(
    fc.asyncProperty(dataRightsRequestArb, async (request) => {
      await keepSessions();
      const before = await written();
      const data = await customerData();
      const response = await sendDataRights(request);
      // Read at once, as Miniflare asks of dispatchFetch's bodies: a reply left unread while the
      // checks below query D1 can be cancelled under it when workerd closes the connection.
      const bytes = response ? new Uint8Array(await response.arrayBuffer()) : null;
      const label = `${request.method} /admin/customers/${request.id.slice(0, 60)}/${request.action} (${request.session}, ${request.body.kind}) → ${response?.status ?? "reset while the body was written"}`;
      // Nothing stored: an export only notes itself in the customer's history (record_notes); no fuzzed erase ever erases.
      expect(await customerData(), `${label}: a customer, request, attachment or photo changed`).toBe(data);
      expect(await seededCustomer(), `${label}: the seeded customer is no longer intact`).toBe(seeded);
      const isAdmin = request.session === "admin" || request.session === "spaced-admin";
      if (!isAdmin) expect(await written(), `${label}: a request without the admin's session wrote something`).toBe(before);
      if (!response || !bytes) return;
      expect(response.status, label).toBeLessThan(500);
      expect(bytes.byteLength, label).toBeLessThan(largestPage + MAX_ADDED_BYTES);
      if (!isAdmin) {
        const text = new TextDecoder().decode(bytes);
        expect(text.includes(MARKER) || text.includes(PHOTO_MARKER), `${label}: the customer's data without an admin session`).toBe(false);
        expect(response.headers.get("Content-Type") ?? "", label).not.toContain("zip");
      }
      if (response.status >= 400 && request.method !== "GET" && request.method !== "HEAD") {
        expect(await written(), `${label}: a refused write wrote something`).toBe(before);
      }
      if (cookieFor(request.session) !== null) expect(response.headers.get("X-Cache"), label).toBe("BYPASS");
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  // The control: both confirmations given right do erase, so the checks above could see an erasure.
  await keepSessions();
  const control = await sendDataRights({
    action: "erase",
    id: CUSTOMER,
    bend: "none",
    method: "POST",
    session: "admin",
    origin: "same",
    secFetchSite: null,
    body: {
      kind: "urlencoded",
      fields: [
        ["confirm", "ERASE"],
        ["understood", "on"],
      ],
    },
  });
  expect(control?.status, "both confirmations").toBe(302);
  expect(await seededCustomer()).not.toBe(seeded);
}, 600_000);
