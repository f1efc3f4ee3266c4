/** Placeholder while the page is written (replaced by its owner). */
export default function Page() {
  return null;
}
