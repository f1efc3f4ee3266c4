/**
 * The home page carousel of service photos (docs/product.md §2 "Home", §9 "Carousel"), on
 * embla-carousel-react: 3 slides per view on large screens, 2 on medium, 1 on small; drag
 * threshold 10 px; previous/next buttons and arrow keys. Without JavaScript, and until embla
 * is running, it is a horizontally scrolling row that snaps to each slide.
 *
 * embla (about 11 kB gzipped, see docs/decisions/005-page-weight.md) is in its own chunk
 * (./service-carousel-embla.tsx) with everything that needs it (the live buttons, the arrow
 * keys), downloaded only when the carousel comes within 300 px of the viewport; it sits below
 * the fold. If that download fails, the row keeps scrolling.
 */
import { Link } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import type { CAROUSEL_SLIDES } from "~/content/services";
import { Icon } from "~/components/icon";
import { Picture } from "~/components/picture";
import type { CarouselControls } from "~/components/public/service-carousel-embla";
import { useNearViewport } from "~/components/hooks/use-near-viewport";

const CarouselEngine = lazy(() =>
  import("~/components/public/service-carousel-embla").catch(() => ({ default: () => <CarouselArrows /> })),
);

export function ServiceCarousel({ slides }: { slides: typeof CAROUSEL_SLIDES }) {
  const [viewportRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "300px" });
  // Whether embla drives the row (set by its chunk).
  const [running, setRunning] = useState(false);

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Our work, by service">
      {/* The row scrolls, so it must take focus (WCAG 2.1.1); with embla it moves on arrow keys. */}
      <div
        ref={viewportRef}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        data-carousel-viewport
        data-ready={running ? "true" : undefined}
        className={`-mx-2 rounded-2xl ${running ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto"}`}
      >
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.photo}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              data-carousel-slide
              // Without JavaScript a sliver of the next slide shows that the row scrolls.
              className="min-w-0 shrink-0 grow-0 basis-full snap-start px-2 noscript:basis-[88%] md:basis-1/2 md:noscript:basis-[46%] lg:basis-1/3 lg:noscript:basis-[31%]"
            >
              <Link to={`/services/${slide.slug}`} className="group block overflow-hidden rounded-2xl bg-white shadow-sm">
                <div className="aspect-[4/3] overflow-hidden">
                  <Picture
                    photo={slide.photo}
                    sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                </div>
                <p className="px-5 py-4 font-semibold text-slate-900">{slide.title}</p>
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div className="noscript:hidden mt-6 flex justify-end gap-3">
        {near ? (
          <Suspense fallback={<CarouselArrows />}>
            <CarouselEngine viewportRef={viewportRef} onRunning={setRunning}>
              {(controls) => <CarouselArrows {...controls} />}
            </CarouselEngine>
          </Suspense>
        ) : (
          <CarouselArrows />
        )}
      </div>
    </div>
  );
}

/**
 * The previous and next buttons. In: what each does and whether it can, from embla's chunk
 * once it runs; without them (until then), disabled.
 */
function CarouselArrows({ onPrevious, onNext, canPrevious = false, canNext = false }: Partial<CarouselControls>) {
  return (
    <>
      <ArrowButton direction="Previous" onClick={onPrevious} disabled={!canPrevious} />
      <ArrowButton direction="Next" onClick={onNext} disabled={!canNext} />
    </>
  );
}

function ArrowButton({ direction, onClick, disabled }: { direction: "Previous" | "Next"; onClick?: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="rounded-full border-2 border-brand-700 p-2.5 text-brand-800 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-400"
    >
      <Icon name={direction === "Previous" ? "arrowLeft" : "arrowRight"} className="size-5" label={`${direction} slide`} />
    </button>
  );
}
