/**
 * zod settings shared by every schema. `jitless`: zod would otherwise probe `new Function`
 * to compile faster parsers, which the site's Content-Security-Policy (no 'unsafe-eval')
 * refuses and browsers report as a violation (Workers refuse it too). It must run before any
 * schema is built, so the root route imports it first (and every form module imports it, for
 * tests and scripts that load them directly). Only zod's core config is imported: pages
 * without forms stay free of zod.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
