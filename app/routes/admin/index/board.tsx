/** Placeholder: Today and Needs you (replaced by its implementation). */
import type { NeedsYou, TodayWork } from "~/server/overview";

export function TodayPanel(_props: { today: TodayWork }) {
  return null;
}

export function NeedsYouPanel(_props: { needsYou: NeedsYou }) {
  return null;
}
