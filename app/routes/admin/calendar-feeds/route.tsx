/**
 * /admin/calendar-feeds (docs/product.md §11 "Calendar feeds"): private calendar links of the
 * whole team's visits and of each crew's, for Google Calendar or a phone's calendar. Each row
 * says whether its link is live and since when; 'Create feed link' shows the new link once,
 * right after (with its webcal:// form for phones and how to add it in Google Calendar);
 * 'New link' replaces a live one and 'Revoke' ends it, each behind a confirmation. Every form
 * is a plain POST to this page, so it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Badge, buttonClass, Card, Disclosure, PageHeader, PostButton } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { CALENDAR_FEED_MESSAGES } from "~/domain/texts/staff-messages";
import { readResult, type FormResult } from "~/forms/result";
import { calendarFeedsPageAction, calendarFeedsPageLoader, type FeedTarget } from "./calendar-feeds.server";

export const loader = (args: LoaderFunctionArgs) => calendarFeedsPageLoader(args);
export const action = (args: ActionFunctionArgs) => calendarFeedsPageAction(args);

export default function CalendarFeedsPage() {
  const { targets, hasCrews, newLink, days } = useLoaderData<typeof loader>();
  const { error } = readResult(useActionData<FormResult>());
  return (
    <section aria-labelledby="calendar-feeds-heading" className="space-y-8">
      <PageHeader
        id="calendar-feeds-heading"
        title="Calendar feeds"
        lead={`Private links that put the visits in Google Calendar or a phone's calendar: the whole team's, or one crew's, from ${days.back} days back to ${days.ahead} days ahead. Anyone with a link sees the customers' names, phones and addresses in it: give it only to the crew, and revoke it when someone leaves.`}
      />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      {newLink ? <NewLink link={newLink} /> : null}
      <Card title="Feed links" titleId="feed-links">
        {hasCrews ? null : (
          <p className="-mt-2 mb-4 text-sm text-slate-700" data-testid="no-crews">
            No crews yet: for now there is the whole team&apos;s feed only. Each crew gets its own row here once it is set up.
          </p>
        )}
        <ul className="divide-y divide-slate-200 border-y border-slate-200" data-testid="feed-targets">
          {targets.map((target) => (
            <TargetRow key={target.key} target={target} />
          ))}
        </ul>
      </Card>
      <HowTo />
    </section>
  );
}

/** The link made just now, shown this once: to copy, to open on a phone, and how Google Calendar adds it. */
function NewLink({ link }: { link: { name: string; url: string; webcal: string; rotated: boolean } }) {
  return (
    <Card title={`New feed link: ${link.name}`} titleId="new-feed-link" data-testid="new-feed-link">
      <div className="space-y-4 text-sm text-slate-800">
        <FormStatus tone="success">
          {CALENDAR_FEED_MESSAGES.created(link.name)}
          {link.rotated ? ` ${CALENDAR_FEED_MESSAGES.rotated}` : null}
        </FormStatus>
        <div className="space-y-1">
          <label htmlFor="feed-url" className="block font-semibold text-slate-900">
            Feed link
          </label>
          <textarea
            id="feed-url"
            readOnly
            rows={3}
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs break-all text-slate-900"
            aria-describedby="feed-url-hint"
          />
          <p id="feed-url-hint" className="text-xs text-slate-600">
            Select it all and copy it. It is not shown again: if it is lost, make a new link.
          </p>
        </div>
        <p>
          <a href={link.webcal} className={buttonClass("primary", "sm")}>
            Subscribe on this phone or computer
          </a>
        </p>
        <p>
          <span className="font-semibold">Google Calendar:</span> on a computer, next to &lsquo;Other calendars&rsquo; choose +, then
          &lsquo;From URL&rsquo;, paste the link and choose &lsquo;Add calendar&rsquo;. It then shows on the phones signed in to that Google
          account.
        </p>
      </div>
    </Card>
  );
}

/** The team or one crew: what its feed shows, whether its link is live, and its buttons. */
function TargetRow({ target }: { target: FeedTarget }) {
  const subject = target.name;
  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-start md:justify-between" data-feed-target={target.key}>
      <div className="min-w-0 space-y-1 md:flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
          {target.name}
          {target.active ? null : <Badge tone="secondary">Inactive crew</Badge>}
        </p>
        <p className="text-sm break-words text-slate-700">{target.about}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="feed-state">
          {target.feed ? (
            <>
              <Badge tone="positive">Link live</Badge>
              <span>{`Made ${target.feed.createdAt}`}</span>
            </>
          ) : (
            <Badge tone="secondary">No link</Badge>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2 md:max-w-md md:justify-end">
        {target.feed ? (
          <>
            {target.active ? (
              <Disclosure look="button" summary="New link" subject={subject}>
                <p>Make a new link for {target.name}? The current one stops working at once: whoever subscribed must add the new one.</p>
                <PostButton fields={{ intent: "create-feed", crew: target.key }} variant="danger" subject={subject}>
                  Yes, make a new link
                </PostButton>
              </Disclosure>
            ) : null}
            <Disclosure look="button" summary="Revoke" subject={subject}>
              <p>Revoke the link of {target.name}? It stops working at once, and calendars subscribed to it get no more updates.</p>
              <PostButton fields={{ intent: "revoke-feed", feed: target.feed.id }} variant="danger" subject={subject}>
                Yes, revoke the link
              </PostButton>
            </Disclosure>
          </>
        ) : (
          <PostButton fields={{ intent: "create-feed", crew: target.key }} subject={subject}>
            Create feed link
          </PostButton>
        )}
      </div>
    </li>
  );
}

/** What a feed is and how calendars treat it. */
function HowTo() {
  return (
    <Card title="How the feeds work" titleId="feeds-how">
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          A feed lists the scheduled and done visits, each with its arrival window, the customer&apos;s name and phone, the address, what is
          included, the notes for the crew and a link to the request. Cancelled visits leave the feed, and calendars then remove them.
        </li>
        <li>
          Phones and computers that subscribe check about every hour. Google Calendar refreshes a subscribed calendar only every 8 to 24
          hours, so a change can take a day to show there: the schedule here in the admin is always the one to go by.
        </li>
        <li>A link is shown once, when it is made. Revoking it, or making a new one, stops the old link at once.</li>
      </ul>
    </Card>
  );
}
