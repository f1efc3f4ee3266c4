/**
 * /admin/reviews (docs/product.md §10 "Reviews"): add a customer review (name or initials,
 * area, service, 1 to 5 stars, what they wrote, the date), then publish or hide it, or delete
 * it. Published reviews appear on the home page and their service's page at once. Every form
 * is a plain POST to this page, so it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminField, ADMIN_INPUT, AdminSelect, fieldAria } from "~/components/admin-fields";
import { FormStatus } from "~/components/form-field";
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { readResult, type FormResult } from "~/forms/result";
import { reviewsPageAction, reviewsPageLoader } from "~/server/reviews/routes.server";

export const loader = (args: LoaderFunctionArgs) => reviewsPageLoader(args);
export const action = (args: ActionFunctionArgs) => reviewsPageAction(args);

const RATING_OPTIONS = ["5", "4", "3", "2", "1"].map((stars) => [stars, `${stars} ${stars === "1" ? "star" : "stars"}`] as const);
const CARD = "rounded-xl border border-slate-200 bg-white p-4 sm:p-6";
const BUTTON = "min-h-10 rounded-full px-4 text-sm font-semibold disabled:opacity-60";

export default function ReviewsPage() {
  const { reviews } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const busy = useNavigation().state !== "idle";
  const { error } = readResult(actionData);
  const added = readResult(actionData, { intent: "add" });
  const value = (name: string, fallback = "") => added.value(name) ?? fallback;
  return (
    <section aria-labelledby="reviews-heading" className="space-y-8">
      <div>
        <h1 id="reviews-heading" className="font-display text-2xl font-bold text-slate-900">
          Reviews
        </h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Customers&apos; own words, as they gave them. A new review is hidden until you publish it; published reviews show on the home page
          and on their service&apos;s page.
        </p>
      </div>
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <section aria-labelledby="add-review" className={CARD}>
        <h2 id="add-review" className="text-lg font-semibold text-slate-900">
          Add a review
        </h2>
        <Form method="post" preventScrollReset className="mt-4 space-y-3" key={reviews.length}>
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-3 sm:grid-cols-2">
            <AdminField id="review-author" label="Name or initials" error={error("author")}>
              <input
                id="review-author"
                name="author"
                required
                maxLength={TEXT_LIMITS.reviewAuthor}
                defaultValue={value("author")}
                className={ADMIN_INPUT}
                {...fieldAria("review-author", error("author"))}
              />
            </AdminField>
            <AdminField id="review-area" label="Area (optional)" error={error("area")}>
              <input
                id="review-area"
                name="area"
                maxLength={TEXT_LIMITS.reviewArea}
                placeholder="Rose Hall"
                defaultValue={value("area")}
                className={ADMIN_INPUT}
                {...fieldAria("review-area", error("area"))}
              />
            </AdminField>
            <AdminSelect
              id="review-service"
              name="serviceType"
              label="Service"
              options={SERVICE_TYPES.map((type) => [type, SERVICE_TYPE_LABELS[type]] as const)}
              defaultValue={value("serviceType", "residential")}
              error={error("serviceType")}
            />
            <AdminSelect
              id="review-rating"
              name="rating"
              label="Rating"
              options={RATING_OPTIONS}
              defaultValue={value("rating", "5")}
              error={error("rating")}
            />
            <AdminField id="review-date" label="Date" error={error("reviewedOn")}>
              <input
                id="review-date"
                name="reviewedOn"
                type="date"
                required
                max={todayInJamaica()}
                defaultValue={value("reviewedOn", todayInJamaica())}
                className={ADMIN_INPUT}
                {...fieldAria("review-date", error("reviewedOn"))}
              />
            </AdminField>
          </div>
          <AdminField id="review-body" label="Review" error={error("body")}>
            <textarea
              id="review-body"
              name="body"
              rows={4}
              required
              maxLength={TEXT_LIMITS.reviewBody}
              defaultValue={value("body")}
              className={ADMIN_INPUT}
              {...fieldAria("review-body", error("body"))}
            />
          </AdminField>
          <button type="submit" disabled={busy} className={`${BUTTON} min-h-11 bg-brand-700 px-5 text-white hover:bg-brand-800`}>
            Add review
          </button>
        </Form>
      </section>
      <section aria-labelledby="all-reviews" className="space-y-4">
        <h2 id="all-reviews" className="text-lg font-semibold text-slate-900">
          All reviews ({reviews.length})
        </h2>
        {reviews.length === 0 ? <p className="text-slate-600">No reviews yet.</p> : null}
        <ul className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id} className={CARD} data-review-id={review.id}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {review.author}
                    {review.area ? `, ${review.area}` : ""} · {review.rating} of 5
                  </p>
                  <p className="text-sm text-slate-600">
                    {review.service} · {review.date}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${review.published ? "bg-brand-100 text-brand-900" : "bg-slate-200 text-slate-800"}`}
                >
                  {review.published ? "Published" : "Hidden"}
                </span>
              </div>
              <p className="mt-3 break-words whitespace-pre-line text-slate-800">{review.body}</p>
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value={review.published ? "hide" : "publish"} />
                  <input type="hidden" name="id" value={review.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={`${BUTTON} ${review.published ? "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100" : "bg-brand-700 text-white hover:bg-brand-800"}`}
                  >
                    {review.published ? "Hide" : "Publish"}
                  </button>
                </Form>
                <details>
                  <summary className="cursor-pointer text-sm font-semibold text-red-800 underline">Delete review</summary>
                  <Form method="post" preventScrollReset className="mt-2">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={review.id} />
                    <button type="submit" disabled={busy} className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
                      Delete for good
                    </button>
                  </Form>
                </details>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
