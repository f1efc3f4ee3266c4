/**
 * The gallery staff publish (docs/product.md §10 "Gallery"), against the production Worker in
 * Miniflare with real D1, R2, the Cache API and the IMAGES binding (run locally with sharp):
 * uploads checked by their bytes and pixels, originals and variants in R2 under content
 * hashes, variants served immutable, and nothing hidden ever reaching a public page, the page
 * cache or /media.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GALLERY_ITEMS } from "~/content/gallery";
import { fileTooLargeMessage } from "~/domain/texts/messages";
import { GALLERY_MESSAGES } from "~/domain/texts/staff-messages";
import { makePng } from "../fixtures";
import { ORPHAN_GRACE_MS } from "~/server/uploads";
import { createAdminSession, postFields, postForm, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdminSession(worker);
});
afterAll(() => worker?.dispose());

let shade = 0;
/** A real JPEG of `width` × `height` with a colour of its own, so every photo has its own hash. */
async function jpeg(width = 640, height = 480): Promise<Uint8Array<ArrayBuffer>> {
  shade += 1;
  const background = { r: (shade * 53) % 256, g: (shade * 97) % 256, b: (shade * 31) % 256 };
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** The form of 'Add a photo' (or 'Add a before/after pair' with `before` and `after`). */
function uploadForm(
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(name, new File([file.bytes], file.name, { type: file.type ?? "image/jpeg" }));
  return form;
}

const upload = (form: FormData, cookie = admin.cookie) => postForm(worker, "/admin/gallery", form, undefined, { Cookie: cookie });
const step = (intent: string, id: string) => postFields(worker, "/admin/gallery", { intent, id }, { Cookie: admin.cookie });

/** Adds a photo; out: the item's and the photo's ids. */
async function addPhoto(title: string, { publish = true, bytes }: { publish?: boolean; bytes?: Uint8Array<ArrayBuffer> } = {}) {
  const fields = { intent: "add-photo", title, category: "Deep Clean", altText: `Alt of ${title}`, ...(publish ? { publish: "on" } : {}) };
  const response = await upload(uploadForm(fields, { photo: { bytes: bytes ?? (await jpeg()), name: "IMG_2041.jpg" } }));
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await worker.db
    .prepare("SELECT id, photo_id FROM gallery_items WHERE title = ?")
    .bind(title)
    .first<{ id: string; photo_id: string }>();
  return { id: row!.id, photoId: row!.photo_id };
}

async function addPair(title: string, { publish = true } = {}) {
  const fields = {
    intent: "add-pair",
    title,
    serviceType: "post-construction",
    description: "Dust everywhere, then none.",
    ...(publish ? { publish: "on" } : {}),
  };
  const response = await upload(
    uploadForm(fields, {
      before: { bytes: await jpeg(800, 600), name: "before.jpg" },
      after: { bytes: await jpeg(800, 600), name: "after.jpg" },
    }),
  );
  expect(response.status, await response.clone().text()).toBe(302);
  return worker.db
    .prepare("SELECT id, photo_id AS afterId, before_photo_id AS beforeId FROM gallery_items WHERE title = ?")
    .bind(title)
    .first<{ id: string; afterId: string; beforeId: string }>();
}

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await worker.fetch(path, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    headers: response.headers,
    body: new Uint8Array(await response.arrayBuffer()),
  };
}
const html = async (path: string) => {
  const page = await visit(path);
  return { ...page, html: new TextDecoder().decode(page.body) };
};

const version = () => worker.db.prepare("SELECT version FROM content_version").first<number>("version");
const galleryKeys = async () => (await worker.listKeys()).filter((key) => key.startsWith("gallery/"));
/** The originals in R2: what an upload stores (variants of earlier uploads are still being made after their response). */
const originals = async () => (await galleryKeys()).filter((key) => key.endsWith("/original"));

describe("the gallery", () => {
  test("a published photo replaces the stock photos; its variants are made once, stored in R2 and served immutable", async () => {
    expect((await html("/gallery")).html).toContain(GALLERY_ITEMS[0]!.title);
    const { photoId } = await addPhoto("Kitchen after a deep clean");
    expect(await galleryKeys()).toContain(`gallery/${photoId}/original`);
    expect(photoId).toMatch(/^[0-9a-f]{32}$/);

    const page = await html("/gallery");
    expect(page.html).toContain("Kitchen after a deep clean");
    expect(page.html).toContain('alt="Alt of Kitchen after a deep clean"');
    expect(page.html).toContain(`/media/${photoId}-480.avif 480w, /media/${photoId}-640.avif 640w`);
    expect(page.html).toContain('width="640" height="480"');
    for (const stock of GALLERY_ITEMS) expect(page.html).not.toContain(`>${stock.title}<`);

    for (const [format, magic] of [
      ["avif", "ftypavif"],
      ["webp", "WEBP"],
    ] as const) {
      const media = await visit(`/media/${photoId}-480.${format}`);
      expect(media.status).toBe(200);
      expect(media.headers.get("Content-Type")).toBe(`image/${format}`);
      expect(media.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(new TextDecoder("latin1").decode(media.body.slice(0, 16))).toContain(magic);
      const { width } = await sharp(media.body).metadata();
      expect(width).toBe(480);
      expect(await galleryKeys()).toContain(`gallery/${photoId}/480.${format}`);
      const again = await visit(`/media/${photoId}-480.${format}`, { "If-None-Match": media.headers.get("ETag")! });
      expect(again.status).toBe(304);
    }
    // Only the widths of its srcset exist; other names are unknown.
    for (const path of [
      `/media/${photoId}-800.avif`,
      `/media/${photoId}-640.png`,
      `/media/${"0".repeat(32)}-480.avif`,
      "/media/x",
      "/media/-480.avif",
    ]) {
      expect((await visit(path)).status, path).toBe(404);
    }
  });

  test("a cached page changes after a publish; a hidden photo or pair never reaches a public page, the page cache or /media", async () => {
    const title = `Hidden villa ${crypto.randomUUID().slice(0, 8)}`;
    await html("/gallery");
    expect((await html("/gallery")).cache).toBe("HIT");
    const before = await version();
    const { id, photoId } = await addPhoto(title, { publish: false });
    const pair = (await addPair(`${title} pair`, { publish: false }))!;
    expect(await version()).toBe(before! + 2);
    const hiddenNames = [photoId, pair.beforeId, pair.afterId];
    for (let visitNumber = 0; visitNumber < 2; visitNumber++) {
      const page = await html("/gallery");
      expect(page.html).not.toContain(title);
      for (const name of hiddenNames) expect(page.html).not.toContain(name);
    }
    for (const name of hiddenNames) {
      expect((await visit(`/media/${name}-480.webp`)).status).toBe(404);
      // Admins see it on their own page, never cached for others; anonymous visitors are sent to sign in.
      const preview = await visit(`/admin/gallery/media/${name}-480.webp`, { Cookie: admin.cookie });
      expect(preview.status).toBe(200);
      expect(preview.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
      expect((await visit(`/admin/gallery/media/${name}-480.webp`)).status).toBe(302);
    }

    // Published: the very next anonymous request gets the photo and the pair, with its slider.
    expect((await step("publish", id)).status).toBe(302);
    expect((await step("publish", pair.id)).status).toBe(302);
    const published = await html("/gallery");
    expect(published.cache).toBe("MISS");
    expect(published.html).toContain(title);
    expect(published.html).toContain(`aria-label="Before and after: ${title} pair"`);
    expect(published.html).toContain(`/media/${pair.beforeId}-480.avif`);
    expect((await visit(`/media/${photoId}-480.webp`)).status).toBe(200);
    expect((await html("/gallery")).cache).toBe("HIT");

    // Hidden again: gone from the next request and from /media.
    expect((await step("hide", id)).status).toBe(302);
    expect((await step("hide", pair.id)).status).toBe(302);
    for (let visitNumber = 0; visitNumber < 2; visitNumber++) {
      const page = await html("/gallery");
      expect(page.html).not.toContain(title);
      for (const name of hiddenNames) expect(page.html).not.toContain(name);
    }
    for (const name of hiddenNames) expect((await visit(`/media/${name}-480.webp`)).status).toBe(404);
  });

  test("bad uploads are refused with a clear message and store nothing (R2 included)", async () => {
    const keys = await originals();
    const rows = await worker.db.prepare("SELECT count(*) AS n FROM gallery_items").first<number>("n");
    const before = await version();
    const fields = { intent: "add-photo", title: "Porch", category: "Residential", altText: "A clean porch", publish: "on" };
    const pair = { intent: "add-pair", title: "Porch", serviceType: "residential", description: "Before and after", publish: "on" };
    const whole = await jpeg();
    const truncated = whole.slice(0, Math.floor(whole.byteLength * 0.4));
    const twice = await jpeg();
    const cases: Array<[string, FormData, number, string]> = [
      [
        "text called .jpg",
        uploadForm(fields, { photo: { bytes: new TextEncoder().encode("not a photo at all"), name: "porch.jpg" } }),
        400,
        GALLERY_MESSAGES.notPhoto("porch.jpg"),
      ],
      [
        "too narrow",
        uploadForm(fields, { photo: { bytes: await jpeg(300, 200), name: "small.jpg" } }),
        400,
        GALLERY_MESSAGES.tooNarrow("small.jpg"),
      ],
      [
        "over 5 MB",
        uploadForm(fields, { photo: { bytes: makePng(8, 8, 5 * 1024 * 1024 + 1), name: "huge.png", type: "image/png" } }),
        400,
        fileTooLargeMessage("huge.png"),
      ],
      [
        "no alt text",
        uploadForm({ ...fields, altText: " " }, { photo: { bytes: await jpeg(), name: "porch.jpg" } }),
        400,
        "Alt text is required.",
      ],
      ["no photo", uploadForm(fields, {}), 400, GALLERY_MESSAGES.choosePhoto("Photo")],
      [
        "a pair with one photo",
        uploadForm(
          { intent: "add-pair", title: "T", serviceType: "airbnb", description: "D" },
          { before: { bytes: await jpeg(), name: "b.jpg" } },
        ),
        400,
        GALLERY_MESSAGES.choosePhoto("After photo"),
      ],
      [
        "a truncated JPEG (its header reads, its pixels do not)",
        uploadForm(fields, { photo: { bytes: truncated, name: "cut.jpg" } }),
        400,
        GALLERY_MESSAGES.unreadable("cut.jpg"),
      ],
      [
        "a pair of one photo twice",
        uploadForm(pair, { before: { bytes: twice, name: "b.jpg" }, after: { bytes: twice, name: "a.jpg" } }),
        400,
        GALLERY_MESSAGES.samePhoto,
      ],
      [
        "a pair whose after photo is refused",
        uploadForm(pair, { before: { bytes: await jpeg(), name: "b.jpg" }, after: { bytes: await jpeg(300, 200), name: "a.jpg" } }),
        400,
        GALLERY_MESSAGES.tooNarrow("a.jpg"),
      ],
      [
        "unknown category",
        uploadForm({ ...fields, category: "Pools" }, { photo: { bytes: await jpeg(), name: "porch.jpg" } }),
        400,
        "Please choose a valid category.",
      ],
    ];
    for (const [what, form, status, message] of cases) {
      const response = await upload(form);
      expect(response.status, what).toBe(status);
      expect(await response.text(), what).toContain(message);
    }
    // Not an admin: sent away, nothing stored.
    const user = await createAdminSession(worker, "user");
    expect((await upload(uploadForm(fields, { photo: { bytes: await jpeg(), name: "porch.jpg" } }), user.cookie)).status).toBe(302);
    expect((await upload(uploadForm(fields, { photo: { bytes: await jpeg(), name: "porch.jpg" } }), "")).status).toBe(302);
    expect(await originals()).toEqual(keys);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM gallery_items").first<number>("n")).toBe(rows);
    expect(await version()).toBe(before);
  });

  test("move, edit and delete: the page follows, and a deleted photo's objects leave R2 unless another item shows it", async () => {
    await worker.db.batch([worker.db.prepare("DELETE FROM gallery_items"), worker.db.prepare("DELETE FROM gallery_photos")]);
    const shared = await jpeg();
    const first = await addPhoto("First photo", { bytes: shared });
    const second = await addPhoto("Second photo");
    const twin = await addPhoto("Same photo again", { bytes: shared });
    expect(twin.photoId).toBe(first.photoId);
    const order = async () => {
      const page = (await html("/gallery")).html;
      return ["First photo", "Second photo", "Same photo again"].sort((a, b) => page.indexOf(a) - page.indexOf(b));
    };
    expect(await order()).toEqual(["First photo", "Second photo", "Same photo again"]);
    expect((await step("down", first.id)).status).toBe(302);
    expect(await order()).toEqual(["Second photo", "First photo", "Same photo again"]);
    expect((await step("up", twin.id)).status).toBe(302);
    expect(await order()).toEqual(["Second photo", "Same photo again", "First photo"]);

    const edited = await postFields(
      worker,
      "/admin/gallery",
      { intent: "edit-photo", id: second.id, title: "Second photo, renamed", category: "Strata", altText: "New words" },
      { Cookie: admin.cookie },
    );
    expect(edited.status).toBe(302);
    const page = (await html("/gallery")).html;
    expect(page).toContain("Second photo, renamed");
    expect(page).toContain('alt="New words"');

    await visit(`/media/${first.photoId}-480.avif`);
    expect((await galleryKeys()).filter((key) => key.includes(first.photoId)).length).toBeGreaterThan(1);
    // The twin still shows the same bytes: deleting one item keeps them.
    expect((await step("delete", first.id)).status).toBe(302);
    expect((await galleryKeys()).some((key) => key.includes(first.photoId))).toBe(true);
    expect((await visit(`/media/${first.photoId}-480.avif`)).status).toBe(200);
    expect((await step("delete", twin.id)).status).toBe(302);
    await expect.poll(async () => (await galleryKeys()).filter((key) => key.includes(first.photoId))).toEqual([]);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM gallery_photos WHERE id = ?").bind(first.photoId).first<number>("n")).toBe(0);
    expect((await visit(`/media/${first.photoId}-480.avif`)).status).toBe(404);
    expect((await step("delete", twin.id)).status).toBe(404);
  });

  test("the daily sweep deletes gallery objects whose photo has no row, once they are an hour old, and keeps the rest", async () => {
    const kept = await addPhoto(`Kept ${crypto.randomUUID().slice(0, 8)}`);
    // What a delete whose R2 step failed after its D1 batch would leave behind.
    const orphan = "ab".repeat(16);
    await worker.bucket.put(`gallery/${orphan}/original`, await jpeg());
    await worker.bucket.put(`gallery/${orphan}/480.avif`, "x");
    const handler = await worker.mf.getWorker();
    const sweep = async (scheduledTime: Date) => {
      expect((await handler.scheduled({ scheduledTime, cron: "30 13 * * *" })).outcome).toBe("ok");
      const line = await waitFor(
        () => worker.output().find((text) => text.includes("orphan_gallery_objects_swept") && text.includes(scheduledTime.toISOString())),
        "the sweep's log line",
      );
      return JSON.parse(line.slice(line.indexOf("{"))) as { deleted: number };
    };
    expect((await sweep(new Date())).deleted).toBe(0);
    expect(await galleryKeys()).toContain(`gallery/${orphan}/original`);
    // Earlier tests emptied gallery_photos by hand, so their objects are orphans too.
    const rows = new Set((await worker.db.prepare("SELECT id FROM gallery_photos").all<{ id: string }>()).results.map((row) => row.id));
    const orphans = (await galleryKeys()).filter((key) => !rows.has(key.split("/")[1]!));
    expect(orphans).toContain(`gallery/${orphan}/480.avif`);
    expect((await sweep(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).deleted).toBe(orphans.length);
    const left = await galleryKeys();
    expect(left.filter((key) => key.includes(orphan))).toEqual([]);
    expect(left).toContain(`gallery/${kept.photoId}/original`);
  });

  test("a gallery drawn while D1 fails to read it is not cached: the next visitor gets the real one", async () => {
    const { id } = await addPhoto(`Still here ${crypto.randomUUID().slice(0, 8)}`);
    const title = await worker.db.prepare("SELECT title FROM gallery_items WHERE id = ?").bind(id).first<string>("title");
    await worker.db.exec("ALTER TABLE gallery_items RENAME TO gallery_items_away;");
    try {
      const degraded = await visit("/gallery");
      expect(degraded.status).toBe(200);
      expect(degraded.headers.get("Cache-Control")).toBe("private, no-store");
      expect(degraded.cache).toBe("BYPASS");
      expect(new TextDecoder().decode(degraded.body)).toContain(GALLERY_ITEMS[0]!.title);
    } finally {
      await worker.db.exec("ALTER TABLE gallery_items_away RENAME TO gallery_items;");
    }
    const page = await html("/gallery");
    expect(page.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(page.html).toContain(title);
  });

  test("a step or an edit that changes nothing leaves the content version alone; a refused edit comes back open, as sent", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    await worker.db.batch([worker.db.prepare("DELETE FROM gallery_items"), worker.db.prepare("DELETE FROM gallery_photos")]);
    const first = await addPhoto(`Only ${suffix}`);
    const before = await version();
    // Already published, no neighbour above, an item that is gone, an edit of the wrong kind.
    expect((await step("publish", first.id)).status).toBe(302);
    expect((await step("up", first.id)).status).toBe(302);
    expect((await step("down", first.id)).status).toBe(302);
    const edit = (fields: Record<string, string>) => postFields(worker, "/admin/gallery", fields, { Cookie: admin.cookie });
    const words = { title: "Renamed", category: "Strata", altText: "Words" };
    const gone = await edit({ intent: "edit-photo", id: crypto.randomUUID(), ...words });
    expect(gone.status).toBe(404);
    expect((await gone.text()).replaceAll("&#x27;", "'")).toContain(GALLERY_MESSAGES.gone);
    const wrongKind = await edit({ intent: "edit-pair", id: first.id, title: "Renamed", serviceType: "airbnb", description: "D" });
    expect(wrongKind.status).toBe(404);
    expect((await step("delete", crypto.randomUUID())).status).toBe(404);
    expect(await version()).toBe(before);

    const refused = await edit({ intent: "edit-photo", id: first.id, ...words, title: `Kept as sent ${suffix}`, altText: " " });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Alt text is required.");
    expect(page).toMatch(new RegExp(`<details open=""[^>]*>(?:(?!</details>).)*value="Kept as sent ${suffix}"`, "s"));
    expect(await version()).toBe(before);

    const second = await addPhoto(`Second ${suffix}`);
    expect(await version()).toBe(before! + 1);
    expect((await step("up", second.id)).status).toBe(302);
    expect((await step("hide", second.id)).status).toBe(302);
    expect((await step("hide", second.id)).status).toBe(302);
    expect(await version()).toBe(before! + 3);
  });

  test("AVIF variants stay within 1,200 px on their long side; larger sizes are WebP only", async () => {
    const { photoId } = await addPhoto(`Tall ${crypto.randomUUID().slice(0, 8)}`, { bytes: await jpeg(600, 1400) });
    const page = (await html("/gallery")).html;
    expect(page).toContain(`srcSet="/media/${photoId}-480.avif 480w"`);
    expect(page).toContain(`/media/${photoId}-480.webp 480w, /media/${photoId}-600.webp 600w`);
    expect((await visit(`/media/${photoId}-600.avif`)).status).toBe(404);
    const webp = await visit(`/media/${photoId}-600.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
  });
});
