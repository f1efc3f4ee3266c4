/**
 * A record's photos on its admin page: a grid of thumbnails and a viewer for one photo at a
 * time (full size, previous and next, download).
 *
 * The open photo is part of the URL (`<record page>?photo=n`, counted from 1; readPhotoIndex
 * in ./photo-index.ts reads it), so every control is a link. The viewer covers the viewport:
 * - as the server renders it (without JavaScript, and until the page is hydrated) it is a
 *   region over the page, and a style element hides the rest of the page (`visibility:
 *   hidden`, so nothing behind it can be seen, focused or read) and stops it scrolling;
 * - with JavaScript it is a modal `<dialog>` (shown with showModal, so the page behind is
 *   inert), focus moves into it and back to where it was when it closes, Tab stays inside;
 *   Escape closes, ArrowLeft and ArrowRight step, and so does a horizontal swipe on a touch
 *   screen.
 *
 * Photos come from /admin/attachments/<id> (admins only). A HEIC photo, which most browsers
 * cannot show, gets a tile instead of a thumbnail and, in the viewer, a note with a prominent
 * Download; with JavaScript any photo that fails to load is replaced by such a note.
 */
import { Link, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from "react";
import { readPhotoIndex } from "~/components/admin/photo-index";
import { buttonStyles } from "~/components/ui";
import { useHydrated } from "~/components/hooks/use-hydrated";

/** One photo of a record, as the record page's loader sends it. */
export interface GalleryPhoto {
  id: string;
  fileName: string;
  /** The type sniffed from the bytes on upload: `image/heic`, `image/png`, … */
  contentType: string;
}

const HEIC_NOTE = "This photo is in HEIC format, which this browser may not be able to show.";
const FAILED_NOTE = "This photo could not be shown in this browser.";
/**
 * While the server-rendered viewer is open: the page behind it is neither shown, focusable nor
 * read out (the viewer sets `visibility: visible` again for itself), and does not scroll.
 */
const PAGE_BEHIND_HIDDEN = "html{overflow:hidden}body{visibility:hidden}";
/** A horizontal swipe of at least this many CSS pixels steps to the next or previous photo. */
const SWIPE_PX = 50;

const photoSrc = (photo: GalleryPhoto) => `/admin/attachments/${photo.id}`;
const downloadHref = (photo: GalleryPhoto) => `/admin/attachments/${photo.id}?download=1`;
const photoHref = (recordPath: string, index: number) => `${recordPath}?photo=${index + 1}`;
const isHeic = (photo: GalleryPhoto) => photo.contentType === "image/heic" || photo.contentType === "image/heif";
/** `image/heic` → `HEIC`, `image/jpeg` → `JPEG`. */
const formatName = (photo: GalleryPhoto) => photo.contentType.replace(/^image\//, "").toUpperCase();

/** Links and buttons on the viewer's dark background: at least 44 × 44 px. */
const darkControl =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-white/40 px-4 text-sm font-semibold text-white hover:bg-white/10";

/**
 * The photo the viewer shows: the one `openIndex` names, or, while a link or key of this
 * gallery is taking the browser to another `?photo=` of the same record, the one it goes to,
 * so the viewer answers at once instead of after the page's data has loaded.
 */
function useShownIndex(openIndex: number | null, recordPath: string, count: number): number | null {
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.formMethod === undefined ? navigation.location : undefined;
  const index = pending && pending.pathname === recordPath ? readPhotoIndex(pending.pathname + pending.search, count) : openIndex;
  return index !== null && Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

/**
 * A record's photos with their viewer.
 * In: `photos` (the record's photos in order: id, file name and sniffed content type),
 * `openIndex` (the 0-based index of the photo to show in the viewer, as readPhotoIndex reads
 * it from the page's URL, or null for none; out of range counts as none) and `recordPath`
 * (the record page's path, e.g. `/admin/quotes/<id>`: thumbnails and the viewer's links go to
 * `recordPath?photo=n`, Close goes to `recordPath`).
 * Out: the thumbnails (or "No photos."), with the viewer when a photo is open.
 */
export function PhotoGallery({
  photos,
  openIndex,
  recordPath,
}: {
  photos: Array<{ id: string; fileName: string; contentType: string }>;
  openIndex: number | null;
  recordPath: string;
}) {
  const hydrated = useHydrated();
  const index = useShownIndex(openIndex, recordPath, photos.length);
  const baseId = useId();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback((id: string) => setFailed((current) => (current.has(id) ? current : new Set(current).add(id))), []);
  if (photos.length === 0) return <p className="text-slate-600">No photos.</p>;
  const thumbnailId = (i: number) => `${baseId}-photo-${i}`;
  const viewer = { photos, recordPath, failed, onFail: markFailed };
  return (
    <div>
      {index === null ? null : hydrated ? (
        <ModalViewer {...viewer} index={index} thumbnailId={thumbnailId} />
      ) : (
        <StaticViewer {...viewer} index={index} />
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <Link id={thumbnailId(i)} to={photoHref(recordPath, i)} preventScrollReset className="block rounded-lg">
              {isHeic(photo) || failed.has(photo.id) ? (
                <FormatTile photo={photo} />
              ) : (
                <>
                  <PhotoImage
                    photo={photo}
                    onFail={markFailed}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
                  />
                  <span aria-hidden="true" className="mt-1 block truncate text-xs text-slate-600">
                    {photo.fileName}
                  </span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** In place of a thumbnail the browser cannot show: the format (`HEIC`) and the file name. */
function FormatTile({ photo }: { photo: GalleryPhoto }) {
  return (
    <span
      role="img"
      aria-label={`${photo.fileName} (${formatName(photo)})`}
      className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 bg-slate-100 p-2 text-center"
    >
      <span className="text-lg font-bold text-slate-700">{formatName(photo)}</span>
      <span className="line-clamp-2 w-full text-xs break-all text-slate-600">{photo.fileName}</span>
    </span>
  );
}

/**
 * A photo's `<img>` that reports when the browser cannot show it: its error event, or, for an
 * image that had already failed before the page was hydrated, its state when React finds it.
 */
function PhotoImage({
  photo,
  onFail,
  loading,
  className,
}: {
  photo: GalleryPhoto;
  onFail: (id: string) => void;
  loading: "lazy" | "eager";
  className: string;
}) {
  const { id } = photo;
  const fail = useCallback(() => onFail(id), [onFail, id]);
  const checkBroken = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0) fail();
    },
    [fail],
  );
  return (
    <img
      ref={checkBroken}
      src={photoSrc(photo)}
      alt={photo.fileName}
      loading={loading}
      decoding="async"
      onError={fail}
      className={className}
    />
  );
}

interface ViewerProps {
  photos: readonly GalleryPhoto[];
  /** The photo shown, 0-based, within range. */
  index: number;
  recordPath: string;
  failed: ReadonlySet<string>;
  onFail: (id: string) => void;
}

/**
 * The viewer as the server renders it, for a page without JavaScript (and until hydration): a
 * region over the whole viewport; everything else on the page is hidden while it is there.
 */
function StaticViewer(props: ViewerProps) {
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} className="visible fixed inset-0 z-50 overflow-hidden bg-slate-950 text-white">
      <style>{PAGE_BEHIND_HIDDEN}</style>
      <ViewerContent {...props} labelId={labelId} />
    </section>
  );
}

/**
 * With JavaScript: the viewer as a modal dialog over the whole viewport. Focus goes to the
 * dialog when it opens and, when it closes, back to the element that had it (or else to the
 * thumbnail of the photo last shown).
 */
function ModalViewer(props: ViewerProps & { thumbnailId: (index: number) => string }) {
  const { photos, index, recordPath, thumbnailId } = props;
  const count = photos.length;
  const labelId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const before = document.activeElement;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    return () => {
      // Runs before React removes the dialog, so its data attribute names the photo last shown.
      const last = Number(dialog.dataset.photoIndex);
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      const target = before instanceof HTMLElement && before !== document.body && before.isConnected ? before : null;
      (target ?? document.getElementById(thumbnailId(last)))?.focus();
    };
    // Opened once per viewer; stepping between photos keeps the same dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The photo the last step went to. A key pressed again before React has shown that step (a
  // held arrow key repeats every 30-50 ms) steps on from it, so no press is lost.
  const target = useRef(index);
  useLayoutEffect(() => {
    target.current = index;
  }, [index]);

  const close = () => navigate(recordPath, { preventScrollReset: true });
  const step = (by: 1 | -1) => {
    target.current = (target.current + by + count) % count;
    navigate(photoHref(recordPath, target.current), { preventScrollReset: true, replace: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Tab") {
      keepFocusInside(event);
      return;
    }
    if (event.shiftKey) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (count > 1 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      event.preventDefault();
      step(event.key === "ArrowRight" ? 1 : -1);
    }
  };
  // A close request that is not the Escape key (Android's back gesture): close through the URL.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    close();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.pointerType === "touch" ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={labelId}
      data-photo-index={index}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-hidden bg-slate-950 p-0 text-white backdrop:bg-slate-950 focus:outline-none"
    >
      <ViewerContent {...props} labelId={labelId} swipe={{ onPointerDown, onPointerUp }} />
    </dialog>
  );
}

/**
 * Tab from the dialog's last control goes to its first, Shift+Tab from its first (or from the
 * dialog itself) to its last: focus would otherwise leave the page for the browser's own
 * controls.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])"));
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * What both viewers show: "Photo n of m", the file name and Close; the photo, fitted to the
 * space (or the note and Download when it cannot be shown); Previous, Download and Next.
 * Previous and Next wrap around, from the last photo to the first and back.
 */
function ViewerContent({
  photos,
  index,
  recordPath,
  failed,
  onFail,
  labelId,
  swipe,
}: ViewerProps & {
  labelId: string;
  swipe?: { onPointerDown: (event: PointerEvent<HTMLDivElement>) => void; onPointerUp: (event: PointerEvent<HTMLDivElement>) => void };
}) {
  const photo = photos[index]!;
  const count = photos.length;
  const heic = isHeic(photo);
  const broken = failed.has(photo.id);
  const download = (prominent: boolean) => (
    <a href={downloadHref(photo)} download className={prominent ? buttonStyles.primary : darkControl}>
      Download
    </a>
  );
  const stepLink = (by: 1 | -1) => (
    <Link to={photoHref(recordPath, (index + by + count) % count)} replace preventScrollReset className={darkControl}>
      {by === 1 ? (
        <>
          Next <span aria-hidden="true">→</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">←</span> Previous
        </>
      )}
    </Link>
  );
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-3 p-3 sm:p-4">
        {/* Announced when Previous, Next, a key or a swipe changes the photo. */}
        <div className="min-w-0" aria-live="polite" aria-atomic="true">
          <h2 id={labelId} className="text-lg font-semibold">
            Photo {index + 1} of {count}
          </h2>
          <p className="text-sm break-all text-slate-300">{photo.fileName}</p>
        </div>
        <Link to={recordPath} preventScrollReset className={darkControl}>
          Close
        </Link>
      </div>
      <div
        className="flex min-h-0 flex-1 touch-pan-y touch-pinch-zoom items-center justify-center px-3"
        onPointerDown={swipe?.onPointerDown}
        onPointerUp={swipe?.onPointerUp}
      >
        {broken ? (
          <div className="flex max-w-md flex-col items-center gap-4 p-4 text-center">
            <p>{heic ? HEIC_NOTE : FAILED_NOTE}</p>
            {download(true)}
          </div>
        ) : (
          <PhotoImage key={photo.id} photo={photo} onFail={onFail} loading="eager" className="h-full w-full object-contain" />
        )}
      </div>
      {heic && !broken ? <p className="px-4 pt-3 text-center text-sm text-amber-200">{HEIC_NOTE}</p> : null}
      <div className="flex flex-wrap items-center justify-center gap-3 p-3 sm:p-4">
        {count > 1 ? stepLink(-1) : null}
        {broken ? null : download(heic)}
        {count > 1 ? stepLink(1) : null}
      </div>
    </div>
  );
}
