/** The server side of /services/:slug (docs/product.md §2 "Service detail pages"). */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import type { ServiceContent } from "~/domain/site-content";
import { publishedReviews } from "~/server/reviews";
import { servicePhoto, shownServices } from "~/server/site";

/**
 * /services/:slug: the service's content, the other shown services and its published reviews,
 * from the public content (`publicContent`: no query of its own); an unknown or hidden
 * service's slug throws a 404 (its URL is kept for when it is shown again).
 */
export async function servicePageLoader({ params, context }: LoaderFunctionArgs) {
  const snapshot = await context.publicContent();
  const { content } = snapshot;
  const service: ServiceContent | undefined = content.services.find((entry) => entry.slug === params.slug && entry.shown);
  if (!service) throw data(null, { status: 404 });
  const reviews = publishedReviews(snapshot.reviews, service.serviceType);
  const others = shownServices(content).filter((other) => other.slug !== service.slug);
  return data(
    { service: { ...service, photo: servicePhoto(service) }, others, reviews },
    { headers: incompletePageHeaders(reviews.complete) },
  );
}
