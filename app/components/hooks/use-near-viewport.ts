/**
 * Tells once whether an element has come near (or into) the viewport, through an
 * IntersectionObserver. Used to start work only when it is about to be seen: lazy photos,
 * the carousel's script, the home page's contact section. It stays true once seen; on the server and
 * before hydration it is false.
 *
 * @param options.rootMargin how far outside the viewport counts as near (CSS margin, e.g. "200px")
 * @param options.threshold the visible fraction (0 to 1) that counts, e.g. 0.1 for 10%
 * @returns a ref to attach to the element, and whether it has been near the viewport
 */
import { useEffect, useRef, useState } from "react";

export function useNearViewport<T extends Element>({ rootMargin = "0px", threshold = 0 } = {}) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin, threshold]);

  return [ref, near] as const;
}
