/** Which of a record's photos the viewer shows, read from the record page's URL (`?photo=`). */

/**
 * The photo a record page's URL opens in the viewer.
 * In: the URL (absolute, or a path with its query such as `/admin/quotes/<id>?photo=2`, or
 * just `?photo=2`) and how many photos the record has. `?photo=` counts from 1.
 * Out: the photo's 0-based index in the record's photo list (`?photo=1` → 0), or null when
 * the URL names no photo or one that cannot be used: anything but an integer from 1 to
 * `count` written plainly (no sign, leading zero, space or decimal point).
 */
export function readPhotoIndex(url: string | URL, count: number): number | null {
  const value = new URL(url, "http://localhost").searchParams.get("photo");
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const photo = Number(value);
  return photo <= count ? photo - 1 : null;
}
