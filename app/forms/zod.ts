/**
 * zod, configured for the whole app: import `z` from here, never from "zod" directly.
 *
 * `jitless`: zod would otherwise probe `new Function` when it builds an object schema, to
 * compile faster parsers. The site's Content-Security-Policy (no 'unsafe-eval') refuses it and
 * browsers report a violation even though zod catches the error; Workers refuse eval too.
 * Setting it here, in the module that hands out `z`, guarantees it runs before any schema is
 * built. package.json lists this file as the app's one module with side effects, so the
 * bundler keeps the call even though `z` itself is re-exported from zod.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export { z } from "zod";
