/**
 * The home page carousel (docs/product.md §2 "Home"): four service photos, each linking to its
 * service's page (a slide of a hidden service is left out). The services themselves are site
 * content in D1 (app/domain/site-content.ts); their URLs never change.
 */
import type { PhotoId } from "./photos";

export const CAROUSEL_SLIDES: readonly { photo: PhotoId; title: string; slug: string }[] = [
  { photo: "kitchenDining", title: "Kitchens and dining areas", slug: "residential" },
  { photo: "showerSqueegee", title: "Bathrooms, descaled and polished", slug: "residential" },
  { photo: "apartmentWindows", title: "Glass and windows, streak-free", slug: "strata" },
  { photo: "tidySuite", title: "Rentals ready for the next guest", slug: "airbnb" },
];
