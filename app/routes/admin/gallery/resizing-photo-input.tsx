/**
 * A file input for one gallery photo that makes the photo smaller in the browser before upload
 * (docs/product.md §10 "Gallery"): at most GALLERY_LIMITS.longSidePx on the long side, turned
 * the right way up, re-encoded as JPEG without the camera's metadata (place, time), with the
 * browser-image-compression library. A 12 MB phone photo becomes about 1 MB, well under the
 * 5 MB limit. The smaller file replaces the chosen one in the input (DataTransfer), so the
 * form still posts ordinary multipart data.
 *
 * Without JavaScript, or when the browser cannot read the photo (HEIC outside Safari), the
 * original is uploaded and the server's checks answer.
 */
import { useRef, useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import { GALLERY_LIMITS, MAX_PHOTO_BYTES } from "~/domain/limits";

const kB = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} kB`);

/** The pixel size of an image file, or null when this browser cannot read it. */
async function pixelsOf(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

interface ResizingPhotoInputProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  name: string;
  /** Told when preparing a photo starts and ends (the form's submit waits for it). */
  onBusyChange?: (busy: boolean) => void;
}

export function ResizingPhotoInput({ onBusyChange, ...props }: ResizingPhotoInputProps) {
  const [note, setNote] = useState("");
  const [busy, setBusyState] = useState(false);
  const busyNow = useRef(false);
  /** Tells the state and the form only of a change, so the form's count stays right. */
  const setBusy = (value: boolean) => {
    if (busyNow.current === value) return;
    busyNow.current = value;
    setBusyState(value);
    onBusyChange?.(value);
  };
  /** Counts the files chosen: a photo still being prepared when another is chosen is dropped. */
  const latest = useRef(0);

  async function shrink(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    const choice = ++latest.current;
    setNote("");
    if (!file) {
      setBusy(false);
      return;
    }
    setBusy(true);
    setNote("Preparing the photo…");
    try {
      const { compressPhoto } = await import("~/components/compress-photo.client");
      const smaller = await compressPhoto(file, {
        maxWidthOrHeight: GALLERY_LIMITS.longSidePx,
        // Under the server's limit with room to spare; the library lowers quality until it fits.
        maxSizeMB: (MAX_PHOTO_BYTES * 0.8) / 1024 / 1024,
        initialQuality: GALLERY_LIMITS.jpegQuality,
        fileType: "image/jpeg",
        // No worker: the library would fetch its worker script from a CDN.
        useWebWorker: false,
      });
      if (choice !== latest.current) return;
      const renamed = new File([smaller], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" });
      const transfer = new DataTransfer();
      transfer.items.add(renamed);
      input.files = transfer.files;
      const size = await pixelsOf(renamed);
      setNote(`Ready to upload: ${size ? `${size.width} × ${size.height} pixels, ` : ""}${kB(renamed.size)} (was ${kB(file.size)}).`);
    } catch {
      if (choice !== latest.current) return;
      setNote(
        file.size > MAX_PHOTO_BYTES
          ? `This browser could not make the photo smaller, and at ${kB(file.size)} it is over the 5 MB limit. Please choose a JPEG or PNG.`
          : "This browser could not read the photo; it will be uploaded as it is.",
      );
    } finally {
      if (choice === latest.current) setBusy(false);
    }
  }

  // The note is always in the page (empty until a photo is chosen), so it is announced.
  const described = [props["aria-describedby"], `${props.id}-note`].filter(Boolean).join(" ");
  return (
    <>
      <input type="file" {...props} aria-describedby={described} onChange={shrink} aria-busy={busy || undefined} />
      <p id={`${props.id}-note`} className="text-xs text-slate-600 empty:hidden" role="status" data-photo-note={props.name}>
        {note}
      </p>
    </>
  );
}
