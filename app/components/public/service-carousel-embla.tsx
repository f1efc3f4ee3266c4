/**
 * The part of the home page carousel that needs embla (embla-carousel-react), in its own
 * chunk: ServiceCarousel loads it only when the carousel comes near the viewport. It drives
 * the row the carousel has already rendered, moves it on the arrow keys, and draws the
 * previous and next buttons' controls, live, where the page drew them disabled.
 */
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from "react";

/** embla's API, as useEmblaCarousel returns it once running. */
type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/** Carousel behaviour from docs/product.md §9 "Carousel": slides align left, drag threshold 10 px. */
const OPTIONS = { align: "start", dragThreshold: 10, containScroll: "trimSnaps" } as const;

/** What the previous and next buttons do, and whether they can. */
export interface CarouselControls {
  onPrevious: () => void;
  onNext: () => void;
  canPrevious: boolean;
  canNext: boolean;
}

/** Whether embla can scroll back and on, kept in step with its events; false before it runs. */
function useScrollable(embla: CarouselApi | undefined) {
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
  const canPrevious = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollPrev() ?? false,
    () => false,
  );
  const canNext = useSyncExternalStore(
    subscribe,
    () => embla?.canScrollNext() ?? false,
    () => false,
  );
  return { canPrevious, canNext };
}

/**
 * In: the carousel's viewport element (its first child is the track), `onRunning`, called
 * with true once embla runs and with false when it stops, and `children`, which draws the
 * previous and next buttons from the controls. Loaded with React.lazy (./service-carousel.tsx).
 * @public
 */
export default function CarouselEngine({
  viewportRef,
  onRunning,
  children,
}: {
  viewportRef: RefObject<HTMLDivElement | null>;
  onRunning: (running: boolean) => void;
  children: (controls: CarouselControls) => ReactNode;
}) {
  const [emblaRef, emblaApi] = useEmblaCarousel(OPTIONS);
  const startIndex = useRef(0);
  const { canPrevious, canNext } = useScrollable(emblaApi);

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
    const viewport = viewportRef.current;
    if (!emblaApi || !viewport) return;
    emblaApi.scrollTo(startIndex.current, true);
    onRunning(true);
    // Before embla, the scrolling row handles its own arrow keys.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        emblaApi.scrollPrev();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        emblaApi.scrollNext();
      }
    };
    viewport.addEventListener("keydown", onKeyDown);
    return () => {
      viewport.removeEventListener("keydown", onKeyDown);
      onRunning(false);
    };
  }, [emblaApi, onRunning, viewportRef]);

  return children({ onPrevious: () => emblaApi?.scrollPrev(), onNext: () => emblaApi?.scrollNext(), canPrevious, canNext });
}
