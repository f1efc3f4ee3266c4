/**
 * /admin/reviews (docs/product.md §10 "Reviews"): add a customer review (name or initials,
 * area, service, 1 to 5 stars, what they wrote, the date), then publish or hide it, or delete
 * it. A review a customer wrote through their review link (§10 "Review requests") arrives hidden
 * too, marked 'Verified customer', with a link to the quote request of its visit. Published
 * reviews appear on the home page and their service's page at once. The list shows 50 a page,
 * newest first. Every form is a plain POST to this page, so it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AdminInput,
  AdminSelect,
  AdminTextarea,
  Badge,
  Button,
  Card,
  CardList,
  Disclosure,
  PageHeader,
  PageLinks,
  PostButton,
  useBusy,
  ResultForm,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from "~/domain/enumerations";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/domain/limits";
import { readResult, type FormResult } from "~/forms/result";
import { reviewsPageAction, reviewsPageLoader } from "./reviews.server";

export const loader = (args: LoaderFunctionArgs) => reviewsPageLoader(args);
export const action = (args: ActionFunctionArgs) => reviewsPageAction(args);

const RATING_OPTIONS = ["5", "4", "3", "2", "1"].map((stars) => [stars, `${stars} ${stars === "1" ? "star" : "stars"}`] as const);

export default function ReviewsPage() {
  const { reviews, page, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const busy = useBusy();
  const { error } = readResult(actionData);
  const added = readResult(actionData, { intent: "add" });
  const value = (name: string, fallback = "") => added.value(name) ?? fallback;
  return (
    <section aria-labelledby="reviews-heading" className="space-y-8">
      <PageHeader
        id="reviews-heading"
        title="Reviews"
        lead="Customers' own words, as they gave them. A new review is hidden until you publish it; published reviews show on the home page and on their service's page."
      />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <Card title="Add a review" titleId="add-review">
        <ResultForm preventScrollReset className="space-y-3" key={total}>
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-3 sm:grid-cols-2">
            <AdminInput
              id="review-author"
              name="author"
              label="Name or initials"
              required
              maxLength={TEXT_LIMITS.reviewAuthor}
              defaultValue={value("author")}
              error={error("author")}
            />
            <AdminInput
              id="review-area"
              name="area"
              label="Area (optional)"
              maxLength={TEXT_LIMITS.reviewArea}
              placeholder="Rose Hall"
              defaultValue={value("area")}
              error={error("area")}
            />
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
            <AdminInput
              id="review-date"
              name="reviewedOn"
              label="Date"
              type="date"
              required
              max={todayInJamaica()}
              defaultValue={value("reviewedOn", todayInJamaica())}
              error={error("reviewedOn")}
            />
          </div>
          <AdminTextarea
            id="review-body"
            name="body"
            label="Review"
            rows={4}
            required
            maxLength={TEXT_LIMITS.reviewBody}
            defaultValue={value("body")}
            error={error("body")}
          />
          <Button disabled={busy}>Add review</Button>
        </ResultForm>
      </Card>
      <CardList id="all-reviews" title={`All reviews (${total.toLocaleString("en-US")})`} empty="No reviews yet.">
        {reviews.map((review) => (
          <Card as="li" key={review.id} data-review-id={review.id}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {review.author}
                  {review.area ? `, ${review.area}` : ""} · {review.rating} of 5
                </p>
                <p className="text-sm text-slate-600">
                  {review.service} · {review.date}
                  {review.record ? (
                    <>
                      {" · "}
                      <Link
                        to={`/admin/quotes/${review.record.id}`}
                        className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline"
                      >
                        {`Quote request ${review.record.reference}`}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {review.verified ? <Badge tone="default">Verified customer</Badge> : null}
                <Badge tone={review.published ? "positive" : "secondary"}>{review.published ? "Published" : "Hidden"}</Badge>
              </div>
            </div>
            <p className="mt-3 break-words whitespace-pre-line text-slate-800">{review.body}</p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <PostButton
                fields={{ intent: review.published ? "hide" : "publish", id: review.id }}
                variant={review.published ? "secondary" : "primary"}
              >
                {review.published ? "Hide" : "Publish"}
              </PostButton>
              <Disclosure tone="danger" summary="Delete review">
                <PostButton fields={{ intent: "delete", id: review.id }} variant="danger" className="mt-2">
                  Delete for good
                </PostButton>
              </Disclosure>
            </div>
          </Card>
        ))}
      </CardList>
      <PageLinks page={page} pages={Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))} href={(to) => `/admin/reviews?page=${to}`} />
    </section>
  );
}
