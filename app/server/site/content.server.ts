/**
 * The owner-edited content in D1 (docs/product.md §13, docs/architecture.md §4.24): reading the
 * live content of every section, with the published reviews and gallery items public pages show
 * and the owner's retention periods the privacy notice states (the public content), in one
 * round trip, kept in the isolate for as long as the content version does not change;
 * publishing a section, or restoring an older version of it, as a new revision in the same batch
 * as the content version's bump; and a section's history.
 */
import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import { contentVersion, siteContentRevisions } from "../../../drizzle/schema";
import { STARTING_CONTENT } from "~/content/starting-content";
import { type ContentRevisionAction, type ContentSection } from "~/domain/enumerations";
import { SECTION_SCHEMAS } from "~/forms/site-content";
import type { SiteContent } from "~/domain/site-content";
import type { Company } from "~/domain/company";
import { e164 } from "~/domain/e164";
import { phoneLabel } from "~/domain/phone";
import { listGalleryItems, type GalleryItemRow } from "~/server/gallery";
import { bumpContentVersion, logFailure, logProblem, readCompanyName, type Database } from "~/server/platform";
import { retentionSettingsFrom, retentionSettingsQuery, type RetentionSettings } from "~/server/retention";
import { publishedReviewQueries, type PublishedReviewRows } from "~/server/reviews";
import { RETENTION_DEFAULTS } from "~/domain/retention";

/** The live content with the content version it was read at, and each section's live revision id. */
export interface LiveContent {
  version: number;
  content: SiteContent;
  revisions: Record<ContentSection, number>;
}

/**
 * What public pages show, as read at one content version: the live site content, the published
 * reviews they may show and the published gallery items. Reviews and gallery items change only
 * in a batch that bumps the content version (§4.18), so a copy read at a version is exact for
 * as long as the version stays. `reviews` and `gallery` are null when D1 could not be read.
 */
export interface PublicContent {
  /**
   * The content version this was read at, or null when D1 could not be read (the content is
   * then a fallback). A page drawn from it may be stored under a cache key of that version only
   * (server.ts): a replica a moment behind the version KV names, or a failed read, is drawn but
   * never shared.
   */
  version: number | null;
  /** The live site content, as `readSiteContent` returns it. */
  content: SiteContent;
  /** For the home and service pages (`publishedReviews`, app/server/reviews/published.server.ts). */
  reviews: PublishedReviewRows | null;
  /** Each kind in its order, for /gallery and `/media` (`isPublishedVariant`, app/server/gallery/media.server.ts). */
  gallery: GalleryItemRow[] | null;
  /**
   * The owner's retention periods, for the privacy notice (saving them bumps the content
   * version: app/server/retention `saveRetentionSettings`). When D1 could not be read, the
   * isolate's last copy, or else the defaults (the page is then not cached).
   */
  retention: RetentionSettings;
}

/** What this isolate last read, and at which content version; every request of the isolate shares it until the version moves. */
let isolateCopy: { version: number; snapshot: PublicContent } | null = null;

/** The latest revision of each section: `id IN (SELECT max(id) … GROUP BY section)`, by the (section, id) index. */
const LATEST = inArray(
  siteContentRevisions.id,
  sql`(SELECT max(${siteContentRevisions.id}) FROM ${siteContentRevisions} GROUP BY ${siteContentRevisions.section})`,
);

/**
 * A stored body as its schema reads it today: the business phone in E.164. Business facts
 * published before the phone was stored so ("+1 876 555 0123", or with text after the number,
 * which the old check let through) are read as the number libphonenumber finds in them (`e164`),
 * and stored so at the next publish; anything else is left for the schema to judge.
 */
function upgraded(section: ContentSection, body: unknown): unknown {
  if (section !== "business" || typeof body !== "object" || body === null || !("phone" in body)) return body;
  const { phone } = body;
  return typeof phone === "string" ? { ...body, phone: e164(phone) ?? phone } : body;
}

/** A section's body, checked by its schema; the starting content (and a log line) when a stored body does not pass, which only a hand edit of D1 can cause. */
function parseSection<S extends ContentSection>(section: S, body: string): SiteContent[S] {
  try {
    const parsed = SECTION_SCHEMAS[section].safeParse(upgraded(section, JSON.parse(body)));
    if (parsed.success) return parsed.data as SiteContent[S];
    logProblem("site_content_invalid", { section, issues: parsed.error.issues.slice(0, 3) });
  } catch (error) {
    logFailure("site_content_invalid", error, { section });
  }
  return STARTING_CONTENT[section];
}

/** The two statements of `LiveContent`, for a batch: the content version, and each section's live row. */
function liveContentQueries(db: Database) {
  return [
    db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1)),
    db
      .select({ id: siteContentRevisions.id, section: siteContentRevisions.section, body: siteContentRevisions.body })
      .from(siteContentRevisions)
      .where(LATEST),
  ] as const;
}

/** `liveContentQueries`' results as `LiveContent`: each body parsed, a section without a row as the starting content. */
function toLiveContent(
  versionRows: Array<{ version: number }>,
  rows: Array<{ id: number; section: ContentSection; body: string }>,
): LiveContent {
  const content = { ...STARTING_CONTENT };
  const revisions = { business: 0, services: 0, faqs: 0, prices: 0 };
  for (const row of rows) {
    Object.assign(content, { [row.section]: parseSection(row.section, row.body) });
    revisions[row.section] = row.id;
  }
  return { version: versionRows[0]?.version ?? 0, content, revisions };
}

/**
 * The live content and the content version, read from D1 in one batch (one round trip), for
 * the editors. Throws what D1 throws.
 */
export async function readLiveContent(db: Database): Promise<LiveContent> {
  const [versionRows, rows] = await db.batch(liveContentQueries(db));
  return toLiveContent(versionRows, rows);
}

/**
 * The public content, for pages and e-mails. `knownVersion`: the content version this
 * request already read (the page cache's key, server.ts); when the isolate's copy was read at
 * that version, no query is made. Otherwise one round trip: a single batch of the content
 * version, each section's live row, the newest published reviews of each service type with
 * every type's count and rating sum (`publishedReviewQueries`), the published gallery items
 * (`listGalleryItems`) and the owner's retention periods (`retentionSettingsQuery`); the isolate
 * keeps what it read. Never throws: when D1 cannot be read (logged, `site_content_read_failed`),
 * the content and the retention periods are the isolate's last copy, or else the starting
 * content and the defaults, and `reviews` and `gallery` are null, whatever the isolate holds, so the
 * page is not cached and shows nothing a later version may have hidden.
 */
export async function readPublicContent(db: Database, knownVersion?: number | null): Promise<PublicContent> {
  if (isolateCopy && knownVersion != null && isolateCopy.version === knownVersion) return isolateCopy.snapshot;
  try {
    const [versionRows, rows, newest, totals, gallery, retentionRows] = await db.batch([
      ...liveContentQueries(db),
      ...publishedReviewQueries(db),
      listGalleryItems(db, { publishedOnly: true }),
      retentionSettingsQuery(db),
    ]);
    const { version, content } = toLiveContent(versionRows, rows);
    const retention = retentionSettingsFrom(retentionRows);
    isolateCopy = { version, snapshot: { version, content, reviews: { newest, totals }, gallery, retention } };
    return isolateCopy.snapshot;
  } catch (error) {
    logFailure("site_content_read_failed", error);
    const last = isolateCopy?.snapshot;
    return {
      version: null,
      content: last?.content ?? STARTING_CONTENT,
      reviews: null,
      gallery: null,
      retention: last?.retention ?? { ...RETENTION_DEFAULTS },
    };
  }
}

/**
 * The live content alone, with the content version it was read at, for staff pages and e-mails,
 * which show no reviews or gallery: one batch of two small reads (the version, each section's
 * live row), none of the published reviews' counts that `readPublicContent` adds (at five years
 * those read some 20,000 rows: docs/benchmarks.md). Never throws: when D1 cannot be read
 * (logged, `site_content_read_failed`), the isolate's last content, or else the starting
 * content, with version null.
 */
export async function readSiteContent(db: Database): Promise<{ version: number | null; content: SiteContent }> {
  try {
    const { version, content } = await readLiveContent(db);
    return { version, content };
  } catch (error) {
    logFailure("site_content_read_failed", error);
    return { version: null, content: isolateCopy?.snapshot.content ?? STARTING_CONTENT };
  }
}

/**
 * The business identity pages and e-mails show: the name from wrangler.toml [vars], the rest
 * from the business facts, the phone as people read it ("+1 876-555-0123", `phoneLabel`).
 * Everything here may reach any visitor.
 */
export function companyOf(env: CloudflareBindings, content: SiteContent): Company {
  const { phone, email, whatsapp, socialUrl } = content.business;
  return { name: readCompanyName(env), phone: phoneLabel(e164(phone) ?? phone), email, whatsapp, socialUrl: socialUrl || null };
}

/** `companyOf` with the content read for it (`readSiteContent`), for e-mails and other work outside a page. */
export async function readCompany(env: CloudflareBindings, db: Database): Promise<Company> {
  return companyOf(env, (await readSiteContent(db)).content);
}

/** Who publishes: the signed-in admin. */
export interface ContentAuthor {
  userId: string;
  email: string;
}

/** A published change's outcome: its new revision, or `stale` when the section changed since the editor was opened (nothing is written). */
export type PublishResult = { ok: true; revisionId: number } | { ok: false; reason: "stale" };

/**
 * Publish `body` (already checked by the section's schema) as the section's live content, in
 * one batch with the content version's bump, only while the section's live revision is still
 * `basedOn` (the one the editor showed), so two admins never overwrite each other unseen.
 * `restoredFrom`: the revision a restore copies.
 */
export async function publishSection<S extends ContentSection>(
  db: Database,
  section: S,
  body: SiteContent[S],
  {
    author,
    basedOn,
    restoredFrom = null,
    now = new Date(),
  }: { author: ContentAuthor; basedOn: number; restoredFrom?: number | null; now?: Date },
): Promise<PublishResult> {
  const action: ContentRevisionAction = restoredFrom === null ? "publish" : "restore";
  const latest = db
    .select({ id: max(siteContentRevisions.id) })
    .from(siteContentRevisions)
    .where(eq(siteContentRevisions.section, section));
  const [inserted] = await db.batch([
    db
      .insert(siteContentRevisions)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            section: sql<string>`${section}`.as("section"),
            body: sql<string>`${JSON.stringify(body)}`.as("body"),
            action: sql<string>`${action}`.as("action"),
            restoredFrom: sql<number | null>`${restoredFrom}`.as("restored_from"),
            authorUserId: sql<string>`${author.userId}`.as("author_user_id"),
            authorEmail: sql<string>`${author.email}`.as("author_email"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(contentVersion)
          .where(and(eq(contentVersion.id, 1), sql`(${latest}) = ${basedOn}`)),
      )
      .returning({ id: siteContentRevisions.id }),
    bumpContentVersion(db, { onlyIfChanged: true }),
  ]);
  const revisionId = inserted[0]?.id;
  return revisionId === undefined ? { ok: false, reason: "stale" } : { ok: true, revisionId };
}

/** One entry of a section's history. */
export interface ContentRevision {
  id: number;
  action: ContentRevisionAction;
  restoredFrom: number | null;
  /** The author's e-mail address; null for the starting content. */
  authorEmail: string | null;
  createdAt: Date;
}

/** A section's revisions, newest first (at most `limit`). */
export async function readSectionHistory(db: Database, section: ContentSection, limit = 50): Promise<ContentRevision[]> {
  return db
    .select({
      id: siteContentRevisions.id,
      action: siteContentRevisions.action,
      restoredFrom: siteContentRevisions.restoredFrom,
      authorEmail: siteContentRevisions.authorEmail,
      createdAt: siteContentRevisions.createdAt,
    })
    .from(siteContentRevisions)
    .where(eq(siteContentRevisions.section, section))
    .orderBy(desc(siteContentRevisions.id))
    .limit(limit);
}

/** A revision of `section` with its content (checked by the section's schema), or null when there is no such revision of that section. */
export async function readRevision<S extends ContentSection>(
  db: Database,
  section: S,
  id: number,
): Promise<{ revision: ContentRevision; body: SiteContent[S] } | null> {
  const row = await db
    .select()
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.id, id), eq(siteContentRevisions.section, section)))
    .get();
  if (!row) return null;
  const { body, ...revision } = row;
  return { revision, body: parseSection(section, body) };
}
