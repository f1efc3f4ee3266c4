/**
 * Published customer reviews on a public page (docs/product.md §10 "Reviews"): the average
 * and count, then the newest reviews as cards ('Verified customer' on those written through a
 * review link), and their schema.org `Review` / `AggregateRating` data. Rendered only when
 * there are published reviews.
 */
import type { PublishedReviews } from "~/domain/reviews";
import { reviewsJsonLd } from "~/seo";
import { Icon } from "~/components/icon";
import { SectionHeading } from "~/components/public/page-hero";
import { StructuredData } from "~/components/public/structured-data";

/** "★★★★☆" with the rating for screen readers. */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-sun-500" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export function ReviewsSection({ published, origin, title }: { published: PublishedReviews; origin: string; title: string }) {
  if (published.count === 0 || published.average === null) return null;
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="reviews-heading"
        eyebrow="Reviews"
        title={title}
        lead={`Rated ${published.average} out of 5 by ${published.count} ${published.count === 1 ? "customer" : "customers"}.`}
      />
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {published.reviews.map((review) => (
          <li key={review.id} className="flex flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm" data-review>
            <Stars rating={review.rating} />
            <blockquote className="mt-3 flex-1 leading-relaxed break-words whitespace-pre-line text-slate-800">{review.body}</blockquote>
            <p className="mt-4 text-sm font-semibold text-slate-900">
              {review.author}
              {review.area ? <span className="font-normal text-slate-600">, {review.area}</span> : null}
            </p>
            {review.verified ? (
              <p className="flex items-center gap-1 text-sm font-semibold text-brand-700">
                <Icon name="check" className="size-4" />
                Verified customer
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              {review.service} · {review.date}
            </p>
          </li>
        ))}
      </ul>
      <StructuredData data={import.meta.env.SSR ? reviewsJsonLd(origin, published) : null} />
    </section>
  );
}
