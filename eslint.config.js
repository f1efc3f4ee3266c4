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

/** Each part of the app and the files it is made of (full paths from the repository's root). */
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
];

/**
 * What each layer may import (docs/architecture.md §2); imports within a layer are free.
 * `types` lists layers it may import types from, and nothing else.
 */
const MAY_IMPORT = {
  entry: { values: ["worker", "http", "server", "document", "domain", "shared"] },
  document: { values: ["components", "seo", "http", "server", "worker", "forms", "content", "shared", "domain"] },
  routes: { values: ["http", "server", "components", "seo", "document", "forms", "content", "shared", "domain"] },
  seo: { values: ["content", "shared", "domain"], types: ["server"] },
  components: { values: ["seo", "forms", "content", "shared", "domain"], types: ["server", "document"] },
  worker: { values: ["http", "server", "shared", "domain"] },
  http: { values: ["server", "schema", "forms", "content", "shared", "domain"] },
  server: { values: ["schema", "forms", "content", "shared", "domain"] },
  forms: { values: ["domain"] },
  content: { values: ["domain"] },
  shared: { values: [] },
  schema: { values: ["domain"] },
  domain: { values: [] },
};

const anyOf = (types) => ({ to: { element: { types: { anyOf: types } } } });

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
    files: ["app/**/*.{ts,tsx}", "server.ts", "drizzle/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true } },
      "boundaries/elements": LAYERS.map(([type, pattern]) => ({ type, pattern, mode: "full" })),
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: "A module of '{{from.type}}' may not import '{{to.type}}' (docs/architecture.md §2, MAY_IMPORT in eslint.config.js).",
          policies: Object.entries(MAY_IMPORT).flatMap(([from, may]) => [
            { from: { element: { type: from } }, allow: anyOf([from, ...may.values]) },
            ...(may.types ? [{ from: { element: { type: from } }, allow: { ...anyOf(may.types), dependency: { kind: "type" } } }] : []),
          ]),
        },
      ],
      "boundaries/no-unknown-files": "error",
    },
  },
);
