/**
 * /gallery: photos with title and category badge, a before/after section, 'Get Free Quote' and
 * 'View More Work' (docs/product.md §2 "Gallery"). The photos and before/after pairs staff
 * publish on /admin/gallery replace the stock default of each section (app/content/gallery.ts)
 * as soon as there is one (gallery.server.ts). Photos load when 10% is visible.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { publicPageHeaders } from "~/cache-control";
import { BeforeAfter } from "./before-after";
import { PageHero, SectionHeading } from "~/components/public/page-hero";
import { LazyPicture, Picture } from "~/components/picture";
import { buttonStyles } from "~/components/ui";
import { BEFORE_AFTER, GALLERY_ITEMS } from "~/content/gallery";
import type { PhotoId, ResponsiveImage } from "~/content/photos";
import { pageMeta } from "~/seo";
import { publicGalleryLoader } from "./gallery.server";
import { usePublicSite } from "~/components/hooks/site-data";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gallery",
    description: "Homes, offices, rentals and new builds: the kind of work our Montego Bay cleaning team does every week.",
    image: "tidySuite",
  });

export const loader = (args: LoaderFunctionArgs) => publicGalleryLoader(args);

export const headers = publicPageHeaders;

/** How many photos are above the fold on a large screen (loaded at once, not lazily). */
const EAGER_COUNT = 3;
const PHOTO_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

export default function Gallery() {
  const site = usePublicSite();
  const { photos, pairs } = useLoaderData<typeof loader>();
  const moreWork = site?.company.socialUrl ?? null;
  const shown: Array<{ key: string; photo: PhotoId | ResponsiveImage; title: string; category: string }> =
    photos.length > 0
      ? photos.map((item) => ({ key: item.id, photo: item.image, title: item.title, category: item.category }))
      : GALLERY_ITEMS.map((item) => ({ key: item.photo, ...item }));
  return (
    <>
      <PageHero eyebrow="Gallery" title="Our work" lead="Homes, offices, rentals and new builds: the kind of cleaning we do every week." />

      <section aria-label="Photos" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((item, index) => {
            const Image = index < EAGER_COUNT ? Picture : LazyPicture;
            return (
              <li key={item.key} className="overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm">
                <figure>
                  <div className="relative aspect-[4/3] overflow-hidden">
                    <Image
                      photo={item.photo}
                      sizes={PHOTO_SIZES}
                      className="size-full object-cover"
                      // The first photo is in view on arrival and the page's largest paint.
                      priority={index === 0}
                    />
                    <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold text-brand-900 shadow">
                      {item.category}
                    </span>
                  </div>
                  <figcaption className="px-5 py-4 font-semibold text-slate-900">{item.title}</figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="before-after-heading" className="below-fold bg-sand-100 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="before-after-heading"
            eyebrow="Before & After"
            title="What changes when we clean"
            lead={
              pairs.length > 0
                ? "Real jobs of ours, photographed when we arrived and when we left. Drag the slider, or use the arrow keys, to compare."
                : "What a typical room looks like before we arrive, and what you walk back into."
            }
          />
          {pairs.length > 0 ? (
            <ul className="mt-10 grid gap-8 lg:grid-cols-2">
              {pairs.map((pair) => (
                <li key={pair.id} className="overflow-hidden rounded-2xl bg-white p-4 shadow-sm sm:p-5">
                  <BeforeAfter title={pair.title} before={pair.before} after={pair.after} sizes="(min-width: 1024px) 600px, 100vw" />
                  <div className="px-1 pt-4">
                    <h3 className="text-lg font-semibold text-slate-900">{pair.title}</h3>
                    <p className="mt-1 text-sm font-semibold text-brand-700">{pair.service}</p>
                    <p className="mt-2 break-words whitespace-pre-line text-slate-700">{pair.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-10 grid gap-8 lg:grid-cols-3">
              {BEFORE_AFTER.map((block) => (
                <li key={block.title} className="overflow-hidden rounded-2xl bg-white shadow-sm">
                  <div className="aspect-[4/3] overflow-hidden">
                    <LazyPicture photo={block.photo} sizes="(min-width: 1024px) 400px, 100vw" className="size-full object-cover" />
                  </div>
                  <div className="p-6">
                    <h3 className="text-lg font-semibold text-slate-900">{block.title}</h3>
                    <dl className="mt-4 space-y-3">
                      <div>
                        <dt className="text-sm font-semibold tracking-wide text-red-800 uppercase">Before</dt>
                        <dd className="mt-1 text-slate-700">{block.before}</dd>
                      </div>
                      <div>
                        <dt className="text-sm font-semibold tracking-wide text-brand-700 uppercase">After</dt>
                        <dd className="mt-1 text-slate-700">{block.after}</dd>
                      </div>
                    </dl>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-12 flex flex-wrap justify-center gap-4">
            <Link to="/quote" className={buttonStyles.primary}>
              Get Free Quote
            </Link>
            {moreWork ? (
              <a href={moreWork} className={buttonStyles.outline} rel="noopener">
                View More Work
              </a>
            ) : (
              <Link to="/contact" className={buttonStyles.outline}>
                View More Work
              </Link>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
