/**
 * Publishes content for the benchmark's "with published content" Lighthouse runs, as staff
 * would have it after a few weeks: six gallery photos, two before/after pairs and six
 * reviews, written straight into the bench's local D1 and R2 (the rows and R2 keys of
 * docs/architecture.md §3 and §4.19), with the content version bumped. The "staff photos" are
 * the stock photos of app/assets/photos, re-encoded as a phone upload would arrive (JPEG, at
 * most 2,000 px); each pair's "before" is its "after" darkened and yellowed with sharp.
 *
 * Then every variant the gallery page names is requested once, so Lighthouse measures served
 * files, not the first (slow, local sharp) transform.
 *
 * In: the site's base URL and the wrangler state folder. Out: what was published.
 */
import { createHash, randomUUID } from "node:crypto";
import sharp from "sharp";
import { getPlatformProxy } from "wrangler";

const PHOTOS = [
  ["residential-deep-clean-oven.jpg", "Oven degreased, Rose Hall villa", "Deep Clean"],
  ["airbnb-tidy-bedroom-suite.jpg", "Guest suite ready for check-in", "Airbnb"],
  ["office-cleaning-dusting.jpg", "Office shelves, Fairview", "Commercial"],
  ["bathroom-shower-squeegee.jpg", "Shower screen, Ironshore", "Residential"],
  ["apartment-window-cleaning.jpg", "Tower glass, Montego Freeport", "Strata"],
  ["commercial-disinfecting-surfaces.jpg", "Clinic counters disinfected", "Specialized"],
];
const PAIRS = [
  ["post-construction-move-out-empty-room.jpg", "New build hand-over, Coral Gardens", "post-construction"],
  ["kitchen-counter-wipe-down.jpg", "Kitchen after a party, Reading", "deep-clean"],
];
const REVIEWS = [
  ["Marcia P.", "Rose Hall", "residential", 5, "Spotless after the party, and they were on time."],
  ["K. Brown", "Ironshore", "airbnb", 5, "Our guests mention how clean the villa is."],
  ["D. Reid", "Fairview", "commercial", 4, "Reliable every week; the office has never looked better."],
  ["S. Campbell", "Coral Gardens", "post-construction", 5, "Plaster dust gone from every corner."],
  ["A. Thompson", "Reading", "deep-clean", 5, "The oven and grout look new."],
  ["J. Williams", "Montego Bay", "strata", 4, "The lobby glass shines."],
];

/**
 * The photo as an upload from the admin would arrive: JPEG, at most 2,000 px on its long side.
 * A plain Uint8Array: the platform proxy cannot pass Node's pooled Buffers to R2.
 */
const asUpload = async (image) =>
  Uint8Array.from(await image.resize(2000, 2000, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer());

export async function publishBenchContent({ base, state }) {
  const proxy = await getPlatformProxy({ persist: { path: `${state}/v3` } });
  try {
    await seed(proxy.env);
  } finally {
    await proxy.dispose();
  }
  // Every variant the gallery names, made once (the local IMAGES stand-in takes seconds each).
  const started = Date.now();
  const html = await (await fetch(`${base}/gallery`)).text();
  const urls = [...new Set(html.match(/\/media\/[0-9a-f]{32}-\d+\.(?:avif|webp)/g) ?? [])];
  for (const url of urls) {
    const response = await fetch(base + url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  }
  return {
    photos: PHOTOS.length,
    pairs: PAIRS.length,
    reviews: REVIEWS.length,
    variants: urls.length,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** Writes the rows and R2 objects, and bumps the content version, in one D1 batch after the puts. */
async function seed({ DB: db, UPLOADS: bucket }) {
  const now = Date.now();
  const statements = [];
  /** Stores one photo's original; out: its row's values. */
  async function store(bytes) {
    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const { width, height } = await sharp(bytes).metadata();
    await bucket.put(`gallery/${id}/original`, bytes, { httpMetadata: { contentType: "image/jpeg" } });
    statements.push(
      db
        .prepare(
          "INSERT OR IGNORE INTO gallery_photos (id, content_type, width, height, size_bytes, created_at) VALUES (?, 'image/jpeg', ?, ?, ?, ?)",
        )
        .bind(id, width, height, bytes.length, now),
    );
    return id;
  }
  const item = (fields) =>
    db
      .prepare(
        `INSERT INTO gallery_items (id, kind, title, category, alt_text, service_type, description, photo_id, before_photo_id, position, published, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      )
      .bind(randomUUID(), ...fields, now, now);
  for (const [index, [file, title, category]] of PHOTOS.entries()) {
    const id = await store(await asUpload(sharp(`app/assets/photos/${file}`)));
    statements.push(item(["photo", title, category, `${title}: the finished job`, null, null, id, null, index + 1]));
  }
  for (const [index, [file, title, service]] of PAIRS.entries()) {
    const after = await store(await asUpload(sharp(`app/assets/photos/${file}`)));
    const before = await store(
      await asUpload(sharp(`app/assets/photos/${file}`).modulate({ brightness: 0.7, saturation: 0.6 }).tint({ r: 170, g: 140, b: 90 })),
    );
    statements.push(
      item(["pair", title, null, null, service, "Dust and grime when we arrived; ready to use when we left.", after, before, index + 1]),
    );
  }
  for (const [author, area, service, rating, body] of REVIEWS) {
    statements.push(
      db
        .prepare(
          "INSERT INTO reviews (id, author, area, service_type, rating, body, reviewed_on, published, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '2026-11-01', 1, ?, ?)",
        )
        .bind(randomUUID(), author, area, service, rating, body, now, now),
    );
  }
  statements.push(db.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1"));
  await db.batch(statements);
}
