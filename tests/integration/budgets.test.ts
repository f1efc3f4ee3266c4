/**
 * Byte budgets, deterministic for a given build (targets from docs/decisions/005-page-weight.md): the JavaScript a visitor's
 * browser loads for the home page, the site's CSS (inlined in every page, app/document-inlines.tsx),
 * and the production Worker bundle produced by `wrangler deploy --dry-run` (global setup), all
 * gzipped. Figures are printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startWorker, WORKER_BUNDLE_DIR, type TestWorker } from "./worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const CLIENT = "build/client";
const KB = 1024;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

function readManifest(): Manifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => name.startsWith("manifest-"))!;
  const source = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** Every JS file the browser loads to hydrate a page made of these routes. */
function jsFor(manifest: Manifest, routeIds: string[]): string[] {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** The static imports of a built file, as paths like the manifest's ("/assets/…"), followed through. */
function importsOf(file: string, seen = new Set<string>()): string[] {
  const source = readFileSync(join(CLIENT, file), "utf8");
  for (const [, name] of source.matchAll(/from"\.\/([^"]+\.js)"/g)) {
    const path = `/assets/${name}`;
    if (!seen.has(path)) {
      seen.add(path);
      importsOf(path, seen);
    }
  }
  return [...seen];
}

/** What the home page's JavaScript held on 2026-11-28 (100.3 KiB), rounded up to the next KiB: a change that adds more than 0.7 KiB fails here. */
const HOME_JS_TARGET = 101 * KB;
/** Where the home page's JavaScript should get to (docs/benchmarks.md, "Lighthouse and the home page's JavaScript"): printed beside the figure, not yet asserted. */
const HOME_JS_AIM = 95 * KB;

test("home page JavaScript, every script it names and carries inline, ≤ 101 kB; CSS ≤ 20 kB and Worker bundle ≤ 1 MB (gzipped)", async () => {
  const manifest = readManifest();
  const home = jsFor(manifest, ["root", "routes/public/layout/route", "routes/public/home/route"]);
  const homeJs = home.reduce((sum, file) => sum + gz(join(CLIENT, file)), 0);
  // The carousel's embla chunk loads only when the carousel nears the viewport.
  const carousel = readdirSync(join(CLIENT, "assets")).filter((name) => /^service-carousel-embla-.*\.js$/.test(name));
  expect(carousel).toHaveLength(1);
  expect(home).not.toContain(`/assets/${carousel[0]}`);
  expect(home.every((file) => !file.includes("embla"))).toBe(true);
  const carouselJs = gz(join(CLIENT, "assets", carousel[0]!));
  // So does the contact section's (app/components/public/deferred-contact-section.tsx), with the files it imports that the page has not.
  const section = readdirSync(join(CLIENT, "assets")).filter((name) => /^home-contact-.*\.js$/.test(name));
  expect(section).toHaveLength(1);
  expect(home).not.toContain(`/assets/${section[0]}`);
  const sectionFiles = [`/assets/${section[0]}`, ...importsOf(`/assets/${section[0]}`)].filter((file) => !home.includes(file));
  const sectionJs = sectionFiles.reduce((sum, file) => sum + gz(join(CLIENT, file)), 0);
  const html = await (await worker.fetch("/")).text();
  // The scripts the page carries inline (the route manifest, the data, the module loader), all
  // but structured data, count too: gzipped together, as the document carries them.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
  expect(inline.some((script) => script.includes("__remixManifest"))).toBe(true);
  const inlineJs = gzipSync(inline.join("\n"), { level: 9 }).length;
  const pageJs = homeJs + inlineJs;
  const styles = html.match(/<style data-site-styles="">([\s\S]*?)<\/style>/)?.[1] ?? "";
  expect(styles).toContain(".flex{display:flex}"); // the real stylesheet, not an empty element
  const css = gzipSync(styles, { level: 9 }).length;
  const bundle = gz(join(WORKER_BUNDLE_DIR, "server.js"));
  console.log(
    `Budgets (gzipped): home JS ${(pageJs / KB).toFixed(1)} kB (${(homeJs / KB).toFixed(1)} kB in ${home.length} files and ${(inlineJs / KB).toFixed(1)} kB inline; target ${HOME_JS_TARGET / KB}, aim ${HOME_JS_AIM / KB}), then ${(carouselJs / KB).toFixed(1)} kB for the carousel and ${(sectionJs / KB).toFixed(1)} kB in ${sectionFiles.length} files for the contact section near the viewport; CSS ${(css / KB).toFixed(1)} kB; Worker bundle ${(bundle / KB).toFixed(0)} kB`,
  );
  expect(pageJs).toBeLessThanOrEqual(HOME_JS_TARGET);
  expect(css).toBeLessThanOrEqual(20 * KB);
  expect(bundle).toBeLessThanOrEqual(1024 * KB);
});
