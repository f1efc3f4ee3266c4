/**
 * The home page carousel of service photos (docs/product.md §2 "Home", §9 "Carousel"), on
 * embla-carousel-react: 3 slides per view on large screens, 2 on medium, 1 on small; drag
 * threshold 10 px; previous/next buttons and arrow keys. Without JavaScript, and until embla
 * is running, it is a horizontally scrolling row that snaps to each slide.
 *
 * embla (about 11 kB gzipped, a tenth of the home page's JavaScript budget, see
 * docs/decisions/005-page-weight.md) is in its own chunk (./service-carousel-embla.tsx),
 * downloaded only when the carousel comes within 300 px of the viewport; it sits below the
 * fold. If that download fails, the row keeps scrolling.
 */
import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import type { CAROUSEL_SLIDES } from "~/content/services";
import { Icon } from "./icon";
import { Picture } from "./picture";
import type { CarouselApi } from "./service-carousel-embla";
import { useNearViewport } from "./use-near-viewport";

const CarouselEngine = lazy(() => import("./service-carousel-embla").catch(() => ({ default: () => null })));

/** Whether embla can scroll back and on, kept in step with its events; false before it runs. */
function useScrollable(embla: CarouselApi | null) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!embla) return () => {};
      embla.on("select", onChange).on("reInit", onChange);
      return () => {
        embla.off("select", onChange).off("reInit", onChange);
      };
    },
    [embla],
  );
  const canPrev = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollPrev() ?? false,
    () => false,
  );
  const canNext = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollNext() ?? false,
    () => false,
  );
  return { canPrev, canNext };
}

export function ServiceCarousel({ slides }: { slides: typeof CAROUSEL_SLIDES }) {
  const [viewportRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "300px" });
  const [embla, setEmbla] = useState<CarouselApi | null>(null);
  const { canPrev, canNext } = useScrollable(embla);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!embla) return; // the scrolling row handles its own arrow keys
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla.scrollNext();
    }
  };

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Our work, by service">
      {near ? (
        <Suspense fallback={null}>
          <CarouselEngine viewportRef={viewportRef} onApi={setEmbla} />
        </Suspense>
      ) : null}
      {/* The row scrolls, so it must take focus (WCAG 2.1.1); with embla it moves on arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={viewportRef}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-carousel-viewport
        data-ready={embla ? "true" : undefined}
        className={`-mx-2 rounded-2xl ${embla ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto"}`}
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
        <ArrowButton direction="Previous" onClick={() => embla?.scrollPrev()} disabled={!canPrev} />
        <ArrowButton direction="Next" onClick={() => embla?.scrollNext()} disabled={!canNext} />
      </div>
    </div>
  );
}

function ArrowButton({ direction, onClick, disabled }: { direction: "Previous" | "Next"; onClick: () => void; disabled: boolean }) {
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
