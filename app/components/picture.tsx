/**
 * Responsive photos: AVIF and WebP `srcset`s generated at build time (scripts/build-images.ts),
 * explicit width and height so nothing shifts while loading.
 */
import { PHOTOS, photoSrcSet, photoUrl, photoWidths, type Photo, type PhotoId } from "~/content/photos";
import { useNearViewport } from "./use-near-viewport";

interface PictureProps {
  photo: PhotoId;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** Override the photo's alt text; "" marks a decorative image. */
  alt?: string;
  /** Above the fold: load at once with high priority. Otherwise native lazy loading. */
  priority?: boolean;
}

/** The fallback `src`: the WebP variant closest to 800 px wide. */
function fallbackSrc(photo: Photo): string {
  const widths = photoWidths(photo);
  const width = widths.find((candidate) => candidate >= 800) ?? widths[widths.length - 1]!;
  return photoUrl(photo, width, "webp");
}

export function Picture({ photo: id, sizes, className, alt, priority = false }: PictureProps) {
  const photo: Photo = PHOTOS[id];
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={fallbackSrc(photo)}
        alt={alt ?? photo.alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        {...(priority ? { fetchpriority: "high" } : {})}
        className={className}
        style={photo.focus ? { objectPosition: photo.focus } : undefined}
      />
    </picture>
  );
}

/**
 * `<link rel="preload">` for a priority photo (AVIF, the format every target browser takes),
 * fetched at high priority: otherwise the browser gives it the low priority of images and it
 * shares a slow connection with the page's scripts, which delays the largest paint.
 */
export function preloadPhoto(id: PhotoId, sizes: string) {
  const photo = PHOTOS[id];
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: photoSrcSet(photo, "avif"),
    imageSizes: sizes,
    fetchpriority: "high",
  } as const;
}

/**
 * A photo that starts loading only when 10% of it is visible (docs/product.md §2 "Gallery", §9:
 * lazy image load trigger 10% visible), through an IntersectionObserver. Without JavaScript
 * the <noscript> copy loads with native lazy loading and the placeholder is hidden.
 */
export function LazyPicture(props: PictureProps) {
  const photo = PHOTOS[props.photo];
  const [placeholder, visible] = useNearViewport<HTMLDivElement>({ threshold: 0.1 });

  return (
    <>
      <div
        ref={placeholder}
        data-lazy-photo={photo.file}
        data-loaded={visible || undefined}
        // Fills a sized frame (aspect-[4/3] parent); otherwise keeps the photo's own ratio.
        className="noscript:hidden size-full bg-brand-100"
        style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
      >
        {visible ? <Picture {...props} /> : null}
      </div>
      <noscript>
        <Picture {...props} />
      </noscript>
    </>
  );
}
