/**
 * /admin/gallery/media/:name: a variant of any gallery photo, published or not, to admins only
 * (the previews of /admin/gallery). The public twin, /media/:name, serves published photos
 * only (app/http/gallery-media.server.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { galleryMediaLoader } from "./gallery-media.server";

export const loader = (args: LoaderFunctionArgs) => galleryMediaLoader(args);
