import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixConfig } from "./remix.config";

/** How the Remix plugin marks a route module's client entry (its module id ends with it). */
const CLIENT_ROUTE = "?__remix-build-client-route";

/** React, React DOM, Remix and React Router: what every page runs. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

/** The route modules the home page is made of, besides the root (app/routes.ts). */
const HOME_ROUTES = ["/app/routes/public/layout/route.tsx", "/app/routes/public/home/route.tsx"].map((file) => file + CLIENT_ROUTE);

/**
 * Groups the client's modules into fewer files (docs/decisions/005-page-weight.md, "Fewer
 * files"). Rollup's default makes one chunk per set of pages sharing some code: 29 files for
 * the home page, most under 1 kB, each gzipped on its own (the budget's measure, and each a
 * request the start script makes one task at a time, app/worker/hydration-after-paint.ts).
 *
 * In: a module id and Rollup's module graph. Out: the chunk's name, or undefined for Rollup's
 * default. `framework` holds React, React DOM, Remix, React Router and what the client entry
 * and the root route import (every page runs them); `public` the modules the home page shares
 * with other public pages; `public-shared` those it shares with staff pages too (the site
 * content's previews draw public components). A module only one page uses stays in that
 * page's chunk, and a dynamic import (the carousel's engine, the home page's contact section,
 * validation) keeps its own.
 */
function chunkFor(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  // Entries keep their own chunk: Remix lists the client entry's module apart from its imports
  // and would hint a shared file twice.
  if (id.endsWith(CLIENT_ROUTE) || id.endsWith("/app/entry.client.tsx")) return undefined;
  const entries = entriesReaching(id, getModuleInfo);
  if (entries.some((entry) => entry.endsWith("/app/entry.client.tsx") || entry.endsWith("/app/root.tsx" + CLIENT_ROUTE)))
    return "framework";
  if (entries.length < 2 || !entries.some((entry) => HOME_ROUTES.some((route) => entry.endsWith(route)))) return undefined;
  return entries.every((entry) => entry.includes("/app/routes/public/")) ? "public" : "public-shared";
}

/** The entries (the client entry, route modules) that import `id` through static imports. */
function entriesReaching(id: string, getModuleInfo: Rollup.GetModuleInfo): string[] {
  const entries = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    const info = getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entries.add(current);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return [...entries];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // `npm run dev` only: bindings from wrangler.toml through getPlatformProxy.
    command === "serve" ? remixCloudflareDevProxy() : null,
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
  ],
  build: isSsrBuild
    ? // The Worker's: Vite's defaults (unminified), in one file. Split, its shared part would be
      // imported along with each of its dependencies, which wrangler's bundler then includes
      // whole (the home page's contact section is a dynamic import, deferred-contact-section.tsx).
      { rollupOptions: { output: { inlineDynamicImports: true } } }
    : {
        // Dynamic imports (the carousel's engine, the home page's contact section, form validation)
        // fetch their own imports as they run, instead of Vite listing and preloading them: the
        // lists would add to the home page's JavaScript (docs/decisions/005-page-weight.md), against
        // one more round trip for code that loads as a section comes near.
        modulePreload: false,
        // terser: 3.5 kB less than esbuild's minifier on every page, gzipped (decision 005); three
        // passes and ES2020 output (Vite's default target; Vite itself tells terser the chunks
        // are ES modules) another 0.6 kB on the home page.
        minify: "terser",
        terserOptions: { ecma: 2020, compress: { passes: 3 } },
        rollupOptions: { output: { manualChunks: chunkFor } },
      },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
