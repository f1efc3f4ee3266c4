import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixConfig } from "./remix.config";

export default defineConfig(({ command }) => ({
  plugins: [
    // `npm run dev` only: bindings from wrangler.toml through getPlatformProxy.
    command === "serve" ? remixCloudflareDevProxy() : null,
    remix(remixConfig),
    tailwindcss(),
    tsconfigPaths(),
  ],
  // Dynamic imports (the carousel's engine, the interactive contact form, form validation)
  // fetch their own imports as they run, instead of Vite listing and preloading them: the lists
  // are 0.1 kB of the home page's JavaScript, whose budget has no more room
  // (docs/decisions/005-page-weight.md), against one more round trip for code that loads as a
  // section comes near.
  build: { modulePreload: false },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
}));
