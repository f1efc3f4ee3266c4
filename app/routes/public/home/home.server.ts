/** The server side of the home page (docs/product.md §2 "Home"). */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { incompletePageHeaders } from "~/cache-control";
import { takeFlash } from "~/http/flash.server";
import { publishedReviews } from "~/server/reviews";
import { shownServices } from "~/server/site";
import { CONTACT_CONSTRAINT } from "~/server/visitor-forms";

/**
 * / : the contact section's one-time success message after a message sent from here, the
 * contact form's HTML constraints, the hero's texts, the shown services, the home page's FAQs
 * and the published reviews, all from the public content (`publicContent`: no query of its
 * own); a page drawn without its reviews (D1 failed) is not shared by caches (`incompletePageHeaders`).
 */
export async function homePageLoader({ request, context }: LoaderFunctionArgs) {
  const [{ flash, headers }, snapshot] = await Promise.all([takeFlash(request, "contact"), context.publicContent()]);
  const { content } = snapshot;
  const reviews = publishedReviews(snapshot.reviews);
  const { heroHeading, heroLead, stats } = content.business;
  return data(
    {
      flash,
      contactConstraint: CONTACT_CONSTRAINT,
      reviews,
      hero: { heading: heroHeading, lead: heroLead, trustedBy: stats.homeTrustedBy },
      services: shownServices(content),
      faqs: content.faqs.filter((faq) => faq.onHome),
    },
    { headers: { ...headers, ...incompletePageHeaders(reviews.complete) } },
  );
}
