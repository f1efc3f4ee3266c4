import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixConfig } from "./remix.config";

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    // `npm run dev` only: bindings from wrangler.toml through getPlatformProxy.
    command === "serve" ? remixCloudflareDevProxy() : null,
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
  ],
  // The browser's build; the Worker's (isSsrBuild) keeps Vite's defaults: unminified, one file.
  build: isSsrBuild
    ? {}
    : {
        // Dynamic imports (the carousel's engine, the interactive contact form, form validation)
        // fetch their own imports as they run, instead of Vite listing and preloading them: the
        // lists would add to the home page's JavaScript (docs/decisions/005-page-weight.md), against
        // one more round trip for code that loads as a section comes near.
        modulePreload: false,
        // terser: 3.5 kB less than esbuild's minifier on every page, gzipped (decision 005).
        minify: "terser",
      },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
