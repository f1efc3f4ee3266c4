/**
 * The part of the home page carousel that needs embla (embla-carousel-react), in its own
 * chunk: ServiceCarousel loads it only when the carousel comes near the viewport. It renders
 * nothing; it drives the viewport the carousel has already rendered and hands embla's API
 * back to it.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useRef, type RefObject } from "react";

/** embla's API, as useEmblaCarousel returns it once running. */
export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/** Carousel behaviour from docs/product.md §9 "Carousel": slides align left, drag threshold 10 px. */
const OPTIONS = { align: "start", dragThreshold: 10, containScroll: "trimSnaps" } as const;

/**
 * In: the carousel's viewport element (its first child is the track) and `onApi`, called
 * with embla's API once it runs and with null when it stops. Loaded with React.lazy
 * (./service-carousel.tsx).
 * @public
 */
export default function CarouselEngine({
  viewportRef,
  onApi,
}: {
  viewportRef: RefObject<HTMLDivElement | null>;
  onApi: (api: CarouselApi | null) => void;
}) {
  const [emblaRef, emblaApi] = useEmblaCarousel(OPTIONS);
  const startIndex = useRef(0);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    // embla moves the track itself: carry over how far the row was scrolled, as a slide.
    const slide = viewport.querySelector<HTMLElement>("[data-carousel-slide]");
    startIndex.current = slide?.offsetWidth ? Math.round(viewport.scrollLeft / slide.offsetWidth) : 0;
    viewport.scrollLeft = 0;
    emblaRef(viewport);
    return () => emblaRef(null);
  }, [emblaRef, viewportRef]);

  useEffect(() => {
    if (!emblaApi) return;
    emblaApi.scrollTo(startIndex.current, true);
    onApi(emblaApi);
    return () => onApi(null);
  }, [emblaApi, onApi]);

  return null;
}
