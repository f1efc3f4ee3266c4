/**
 * Writes every photo of app/content/photos.ts as AVIF and WebP at each of its widths to
 * public/photos/ (served as static assets). Runs before `remix vite:build`; a variant newer
 * than its source photo and than the settings (app/content/photos.ts, this script) is kept,
 * so rebuilds are quick.
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { AVIF_QUALITY, PHOTOS, photoUrl, photoWidths, type Photo } from "../app/content/photos";

const SOURCE_DIR = "app/assets/photos";
const OUT_DIR = "public";
mkdirSync(join(OUT_DIR, "photos"), { recursive: true });

/** Encoding settings live in these files: a change to either makes every variant stale. */
const settingsTime = Math.max(statSync("app/content/photos.ts").mtimeMs, statSync(new URL(import.meta.url)).mtimeMs);
const jobs: Array<() => Promise<unknown>> = [];
for (const photo of Object.values(PHOTOS) as Photo[]) {
  const source = join(SOURCE_DIR, `${photo.file}.jpg`);
  const sourceTime = Math.max(statSync(source).mtimeMs, settingsTime);
  for (const width of photoWidths(photo)) {
    for (const format of ["avif", "webp"] as const) {
      const target = join(OUT_DIR, photoUrl(photo, width, format));
      if (existsSync(target) && statSync(target).mtimeMs >= sourceTime) continue;
      jobs.push(() => {
        const image = sharp(source).resize({ width, withoutEnlargement: true });
        return (
          format === "avif" ? image.avif({ quality: photo.avifQuality ?? AVIF_QUALITY, effort: 3 }) : image.webp({ quality: 72, effort: 4 })
        ).toFile(target);
      });
    }
  }
}

// One encode per core: AVIF encoding is mostly single-threaded.
const started = Date.now();
const written = jobs.length;
sharp.concurrency(1);
await Promise.all(
  Array.from({ length: availableParallelism() }, async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  }),
);
console.log(`Photos: ${written} variants written in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
