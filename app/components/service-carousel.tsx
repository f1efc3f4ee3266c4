/**
 * The home page carousel of service photos (product spec §2 "Home", §9 "Carousel"), built on
 * embla-carousel: 3 slides per view on large screens, 2 on medium, 1 on small; drag
 * threshold 10 px; previous/next buttons and arrow keys. Without JavaScript, and until embla
 * is running, it is a horizontally scrolling row that snaps to each slide.
 *
 * embla (11 kB gzipped, a tenth of the home page's JavaScript budget, issue 6) is downloaded
 * only when the carousel comes within 300 px of the viewport; it sits below the fold.
 */
import { Link } from "@remix-run/react";
import type { EmblaCarouselType } from "embla-carousel";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import type { CAROUSEL_SLIDES } from "~/content/services";
import { Icon } from "./icon";
import { Picture } from "./picture";
import { useNearViewport } from "./use-near-viewport";

/** embla running on `viewport` once it is near the viewport; null before (and on the server). */
function useLazyEmbla() {
  const [viewportRef, near] = useNearViewport<HTMLDivElement>({ rootMargin: "300px" });
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!near || !viewport) return;
    let instance: EmblaCarouselType | null = null;
    let current = true;
    import("embla-carousel").then(
      ({ default: EmblaCarousel }) => {
        if (!current) return;
        // embla moves the track itself: carry over how far the row was scrolled, as a slide.
        const slide = viewport.querySelector<HTMLElement>("[data-carousel-slide]");
        const startIndex = slide?.offsetWidth ? Math.round(viewport.scrollLeft / slide.offsetWidth) : 0;
        viewport.scrollLeft = 0;
        instance = EmblaCarousel(viewport, { align: "start", dragThreshold: 10, containScroll: "trimSnaps", startIndex });
        setEmbla(instance);
      },
      () => {}, // without embla the row still scrolls and snaps
    );
    return () => {
      current = false;
      instance?.destroy();
      setEmbla(null);
    };
  }, [near, viewportRef]);

  return [viewportRef, embla] as const;
}

export function ServiceCarousel({ slides }: { slides: typeof CAROUSEL_SLIDES }) {
  const [viewportRef, embla] = useLazyEmbla();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on("select", update).on("reInit", update);
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla, update]);

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
      <div
        ref={viewportRef}
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
