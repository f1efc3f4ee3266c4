/**
 * The server side of the public /gallery (docs/product.md §10 "Gallery"): the published photos
 * and pairs, from the public content (no query when this isolate holds it at the request's
 * content version).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import { publishedGallery } from "~/server/gallery";

/**
 * The loader of /gallery: the published photos and pairs (`publishedGallery`), sent
 * `private, no-store` when D1 could not be read (`incompletePageHeaders`, app/cache-control.ts).
 */
export async function publicGalleryLoader({ context }: LoaderFunctionArgs) {
  const { complete, ...gallery } = publishedGallery((await context.publicContent()).gallery);
  return data(gallery, { headers: incompletePageHeaders(complete) });
}
