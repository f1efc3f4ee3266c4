/**
 * A service card: image, title, description, (optionally) its feature list and 'Learn More'
 * to the service's page (docs/product.md §2 "Services overview"). The card carries the product's
 * page id as its element id.
 */
import { Link } from "@remix-run/react";
import type { PhotoId } from "~/content/photos";
import type { ServiceContent } from "~/domain/site-content";
import { CheckList } from "~/components/public/highlights";
import { Icon } from "~/components/icon";
import { Picture } from "~/components/picture";

/** A shown service as its card reads it (app/server/site `shownServices` gives them so): a photo of the library. */
export type ServiceCardData = Pick<ServiceContent, "slug" | "pageId" | "serviceType" | "title" | "description" | "features"> & {
  photo: PhotoId;
};

export function ServiceCard({
  service,
  compact = false,
  heading: Heading = "h3",
  priority = false,
}: {
  service: ServiceCardData;
  compact?: boolean;
  /** The title's heading level: one below the section's heading. */
  heading?: "h2" | "h3";
  /** The first card on a page that opens with cards: its photo is the largest paint. */
  priority?: boolean;
}) {
  return (
    <article
      id={service.pageId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="aspect-[3/2] overflow-hidden bg-brand-100">
        <Picture
          photo={service.photo}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          priority={priority}
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-xl font-semibold text-slate-900">{service.title}</Heading>
        <p className="mt-2 leading-relaxed text-slate-700">{service.description}</p>
        {compact ? null : <CheckList items={service.features} className="mt-4 space-y-2" />}
        <Link
          to={`/services/${service.slug}`}
          className="mt-auto inline-flex items-center gap-1.5 self-start pt-6 font-semibold text-brand-700 hover:text-brand-900"
        >
          Learn More<span className="sr-only"> about {service.title}</span>
          <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
