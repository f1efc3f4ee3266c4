/**
 * ESLint (flat config): TypeScript, React, hooks and accessibility rules for the app, the
 * Worker, scripts and tests, and the layers of docs/architecture.md §2 (eslint-plugin-boundaries:
 * `LAYERS` says what each part of the app is, `MAY_IMPORT` what it may import). `npm run lint`
 * runs it with zero warnings allowed; formatting is Prettier's job (.prettierrc.json), so no
 * stylistic rules here.
 */
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Each part of the app and the files it is made of (full paths from the repository's root). Each
 * is a file category of eslint-plugin-boundaries (`boundaries/files`, matched on the full path);
 * `tests` may import any part.
 */
const LAYERS = [
  ["entry", "server.ts"],
  [
    "document",
    "app/{root.tsx,entry.server.tsx,entry.client.tsx,document-inlines.tsx,speculation-rules.server.ts,routes.ts,load-context.ts}",
  ],
  ["routes", "app/routes/**"],
  ["seo", "app/seo.ts"],
  ["components", "app/components/**"],
  ["worker", "app/worker/**"],
  ["http", "app/http/**"],
  ["server", "app/server/**"],
  ["forms", "app/forms/**"],
  ["content", "app/content/**"],
  ["shared", "app/{cache-control,analytics}.ts"],
  ["schema", "drizzle/schema.ts"],
  ["domain", "app/domain/**"],
  ["tests", "tests/**"],
];

/**
 * What each layer may import (docs/architecture.md §2); imports within a layer are free.
 * `types` lists layers it may import types from, and nothing else. Nothing but the routes and the
 * document imports app/routes; app/components imports nothing from app/server, types included.
 */
const MAY_IMPORT = {
  entry: { values: ["worker", "http", "server", "document", "domain", "shared"] },
  document: { values: ["components", "seo", "http", "server", "worker", "forms", "content", "shared", "domain"] },
  routes: { values: ["http", "server", "components", "seo", "document", "forms", "content", "shared", "domain"] },
  seo: { values: ["content", "shared", "domain"], types: ["server"] },
  components: { values: ["seo", "forms", "content", "shared", "domain"], types: ["document"] },
  worker: { values: ["http", "server", "shared", "domain"] },
  http: { values: ["server", "schema", "forms", "content", "shared", "domain"] },
  server: { values: ["schema", "forms", "content", "shared", "domain"] },
  forms: { values: ["domain"] },
  content: { values: ["domain"] },
  shared: { values: [] },
  schema: { values: ["domain"] },
  domain: { values: [] },
  tests: { values: LAYERS.map(([layer]) => layer) },
};

/**
 * A feature of app/server is an element (`app/server/<feature>/`): code outside it reaches it
 * through its index only (`~/server/<feature>`), whatever the layer; inside it, anything goes.
 */
const FEATURE = { type: "feature", pattern: "app/server/*", partialMatch: false, capture: ["feature"] };

const layer = (categories) => ({ file: { categories } });

export default tseslint.config(
  { ignores: ["build/", ".cache/", ".wrangler/", "public/", "test-results/", "playwright-report/", "worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server.ts", "drizzle/**/*.ts", "tests/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true } },
      "boundaries/files": LAYERS.map(([category, pattern]) => ({ category, pattern })),
      "boundaries/elements": [FEATURE],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "A module of '{{from.file.categories}}' may not import '{{to.file.categories}}' (docs/architecture.md §2, MAY_IMPORT in eslint.config.js).",
          policies: [
            ...Object.entries(MAY_IMPORT).flatMap(([from, may]) => [
              { from: layer(from), allow: { to: layer([from, ...may.values]) } },
              ...(may.types ? [{ from: layer(from), allow: { to: layer(may.types), dependency: { kind: "type" } } }] : []),
            ]),
            {
              disallow: { to: { element: { type: "feature", fileInternalPath: "!index.ts" } } },
              message:
                "Outside app/server/{{to.element.captured.feature}}/, import that feature through its index only: '~/server/{{to.element.captured.feature}}' (docs/architecture.md §2).",
            },
            { from: { element: { type: "feature" } }, allow: { dependency: { relationship: { to: "internal" } } } },
          ],
        },
      ],
      "boundaries/no-unknown-files": "error",
    },
  },
  {
    // Inside a feature of app/server, its own files by relative path; another feature by its index.
    files: ["app/server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/*/*"],
              message:
                "Within app/server, import a file of the same feature by relative path, and another feature by its index: '~/server/<feature>'.",
            },
          ],
        },
      ],
    },
  },
);
