/**
 * The photo control of both visitor forms (docs/product.md §5 "Photos").
 *
 * Without JavaScript (and before hydration) it is a plain `<input type="file" multiple>`
 * named "photos"; the server applies every rule and answers with the product's messages.
 * With JavaScript:
 * - chosen photos show as thumbnails, each with a remove button;
 * - a file over 5 MB or not an image is refused at once with the product's message;
 * - at most 5 photos: extra files are silently dropped, and at 5 the picker is disabled and
 *   its label reads 'Maximum files reached';
 * - the chosen files live in a hidden file input named "photos" (set through DataTransfer),
 *   so the form still submits them as ordinary multipart data;
 * - the visible file input is the same element before and after hydration, so photos chosen
 *   before the page hydrated, or in a file chooser opened before it did, are taken over and
 *   checked the same way.
 */
import { useEffect, useId, useRef, useState } from "react";
import { PHOTOS_HINT } from "~/domain/texts/messages";
import { FormField } from "~/components/form-field";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTOS_FIELD } from "~/domain/limits";
import { fileNotImageMessage, fileTooLargeMessage, MESSAGES } from "~/domain/texts/messages";
import { Icon } from "~/components/icon";

interface PhotoPickerProps {
  id: string;
  hintId: string;
  errorId: string;
  /** Errors from the server or from Conform's validation. */
  errors: string[];
}

interface Chosen {
  file: File;
  url: string;
}

const inputClass =
  "block w-full text-sm text-slate-700 file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100";

/** The browser's own guess is all we have before upload; the server checks the bytes. */
function looksLikeImage(file: File): boolean {
  return file.type.startsWith("image/") || (file.type === "" && /\.(heic|heif|avif)$/i.test(file.name));
}

function PhotoPicker({ id, hintId, errorId, errors }: PhotoPickerProps) {
  const enhanced = useHydrated();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const carrier = useRef<HTMLInputElement>(null);
  const statusId = useId();

  /**
   * Makes the hidden input's files the given list: what the form sends. The hidden input is
   * rendered with the enhanced picker, whose controls are the only callers, so it is there.
   */
  function fillCarrier(list: Chosen[]) {
    const transfer = new DataTransfer();
    for (const { file } of list) transfer.items.add(file);
    carrier.current!.files = transfer.files;
  }

  // The chosen list as of the last change, read by every change: two changes before React
  // renders again (a take-over and a chooser's answer) must not overwrite each other. The
  // hidden input gets the list at once, not after React has rendered it: a submit in between
  // (a tap on the button as the picker takes over photos chosen before hydration) would
  // otherwise send the form without them.
  const latest = useRef<Chosen[]>([]);
  function update(next: Chosen[]) {
    latest.current = next;
    fillCarrier(next);
    setChosen(next);
  }

  // Free the thumbnails' object URLs when the picker goes away.
  useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.url)), []);

  /** Adds the files of the visible chooser to the list, checked, and empties the chooser. */
  function takeFrom(input: HTMLInputElement) {
    const files = Array.from(input.files ?? []);
    input.value = "";
    if (files.length === 0) return;
    const problems: string[] = [];
    const accepted: Chosen[] = [];
    for (const file of files) {
      if (file.size > MAX_PHOTO_BYTES) problems.push(fileTooLargeMessage(file.name));
      else if (!looksLikeImage(file)) problems.push(fileNotImageMessage(file.name));
      else accepted.push({ file, url: URL.createObjectURL(file) });
    }
    const room = Math.max(MAX_PHOTOS - latest.current.length, 0);
    // Beyond the limit, extra files are silently dropped (docs/product.md §5).
    for (const dropped of accepted.slice(room)) URL.revokeObjectURL(dropped.url);
    update([...latest.current, ...accepted.slice(0, room)]);
    setRejected(problems);
  }

  // The visible chooser is one and the same element before and after hydration (the first
  // child of the same <div>, so React keeps it in place): photos chosen before the page
  // hydrated are in it and are taken over here, and a phone's file chooser that opened on it
  // before hydration (tapping it is the interaction that starts hydration) answers to the
  // element that is still in the form. Nothing the visitor chose is lost.
  const chooser = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (enhanced && chooser.current) takeFrom(chooser.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the picker is enhanced
  }, [enhanced]);

  if (!enhanced) {
    return (
      <div>
        <input
          ref={chooser}
          id={id}
          name={PHOTOS_FIELD}
          type="file"
          multiple
          accept="image/*"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={`${hintId} ${errorId}`}
          className={inputClass}
        />
      </div>
    );
  }

  const full = chosen.length >= MAX_PHOTOS;

  function remove(index: number) {
    const item = latest.current[index];
    if (item) URL.revokeObjectURL(item.url);
    update(latest.current.filter((_, i) => i !== index));
    setRejected([]);
  }

  const allErrors = [...rejected, ...errors];
  return (
    <div>
      <input
        ref={chooser}
        id={id}
        type="file"
        multiple
        accept="image/*"
        disabled={full}
        className="peer sr-only"
        aria-invalid={allErrors.length > 0 || undefined}
        aria-describedby={`${hintId} ${errorId} ${statusId}`}
        onChange={(event) => takeFrom(event.currentTarget)}
      />
      <input ref={carrier} type="file" name={PHOTOS_FIELD} multiple hidden tabIndex={-1} aria-hidden="true" />
      <label
        htmlFor={id}
        data-photo-picker="ready"
        className={`flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-sm font-semibold transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sun-500 ${
          full
            ? "cursor-not-allowed border-slate-300 bg-slate-50 text-slate-600"
            : "border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100"
        }`}
      >
        <Icon name="camera" className="size-5" />
        {full ? MESSAGES.maxFilesReached : `Add photos (up to ${MAX_PHOTOS})`}
      </label>
      <p id={statusId} className="sr-only" aria-live="polite">
        {chosen.length} of {MAX_PHOTOS} photos chosen.
      </p>
      {chosen.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Chosen photos">
          {chosen.map((item, index) => (
            <li key={item.url} className="relative">
              <img src={item.url} alt={item.file.name} className="aspect-square w-full rounded-lg object-cover" />
              <button
                type="button"
                onClick={() => remove(index)}
                className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-slate-900 text-white shadow hover:bg-red-700"
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove {item.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {rejected.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-sm font-medium text-red-700" role="alert">
          {rejected.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The photos field of both visitor forms: label, the hint (how many, which formats, how
 * large: PHOTOS_HINT), the picker and the errors of every photo.
 */
export function PhotosField({
  id,
  errorId,
  errors,
  label,
  className,
}: {
  id: string;
  errorId: string;
  errors: string[];
  label: string;
  className?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <FormField id={id} label={label} errorId={errorId} errors={errors} hint={PHOTOS_HINT} hintId={hintId} className={className}>
      <PhotoPicker id={id} hintId={hintId} errorId={errorId} errors={errors} />
    </FormField>
  );
}
