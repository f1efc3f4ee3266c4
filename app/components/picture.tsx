/**
 * Responsive photos: AVIF and WebP `srcset`s, explicit width and height so nothing shifts while
 * loading. Stock photos are generated at build time (scripts/build-images.ts); gallery photos
 * staff upload are made by Cloudflare Images on first request (app/server/gallery/media.server.ts).
 */
import { PHOTOS, photoSrcSet, stockImage, type PhotoId, type ResponsiveImage } from "~/content/photos";
import { LAZY_PHOTO_ATTRIBUTE, LAZY_PHOTO_VISIBLE } from "~/domain/limits";
import { useNearViewport } from "~/components/hooks/use-near-viewport";

interface PictureProps {
  /** A stock photo's id, or any photo as a ResponsiveImage. */
  photo: PhotoId | ResponsiveImage;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** Override the photo's alt text; "" marks a decorative image. */
  alt?: string;
  /** Above the fold: load at once with high priority. Otherwise native lazy loading. */
  priority?: boolean;
}

const imageOf = (photo: PhotoId | ResponsiveImage): ResponsiveImage => (typeof photo === "string" ? stockImage(photo) : photo);

export function Picture({ photo: given, sizes, className, alt, priority = false }: PictureProps) {
  const photo = imageOf(given);
  return (
    <picture>
      {photo.avifSrcSet ? <source type="image/avif" srcSet={photo.avifSrcSet} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={photo.webpSrcSet} sizes={sizes} />
      <img
        src={photo.src}
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
 * shares a slow connection with the page's scripts, which delays the largest paint. With `media`
 * (a media query), only where it matches: a photo above the fold on wide screens only, drawn
 * lazily (no `priority`), is fetched at once there and after the first paint elsewhere.
 */
export function preloadPhoto(id: PhotoId, sizes: string, media?: string) {
  const photo = PHOTOS[id];
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: photoSrcSet(photo, "avif"),
    imageSizes: sizes,
    fetchpriority: "high",
    ...(media ? { media } : {}),
  } as const;
}

/**
 * A photo that starts loading only when 10% of it is visible (docs/product.md §2 "Gallery", §9:
 * lazy image load trigger 10% visible), through an IntersectionObserver. Without JavaScript
 * the <noscript> copy loads with native lazy loading and the placeholder is hidden.
 */
export function LazyPicture(props: PictureProps) {
  const photo = imageOf(props.photo);
  const [placeholder, visible] = useNearViewport<HTMLDivElement>({ threshold: LAZY_PHOTO_VISIBLE });

  return (
    <>
      <div
        ref={placeholder}
        {...{ [LAZY_PHOTO_ATTRIBUTE]: photo.src }}
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
