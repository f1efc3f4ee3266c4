/**
 * A before/after pair of one job (docs/product.md §2 "Gallery", §10 "Gallery").
 *
 * With JavaScript both photos share one frame: the "after" photo covers the "before" from the
 * slider's line to the right. The slider is a native range input over the frame, so it works
 * by keyboard (arrows, Page Up/Down, Home/End) and is read by screen readers; a press or drag
 * anywhere on the frame moves the line there (a finger: once it moves sideways), while a
 * vertical swipe still scrolls the page.
 * Without JavaScript (`scripting: none`) the two photos stand side by side, each labelled.
 */
import { useState, type CSSProperties, type PointerEvent } from "react";
import type { ResponsiveImage } from "~/content/photos";
import { LazyPicture } from "~/components/picture";

interface BeforeAfterProps {
  title: string;
  before: ResponsiveImage;
  after: ResponsiveImage;
  /** The `sizes` of one photo at full frame width. */
  sizes: string;
}

const LABEL = "pointer-events-none absolute top-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold tracking-wide uppercase shadow";

export function BeforeAfter({ title, before, after, sizes }: BeforeAfterProps) {
  /** How much of the frame, from the left, shows the "before" photo (percent). */
  const [split, setSplit] = useState(50);
  /** Puts the line under the pointer. */
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setSplit(Math.round(Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100))));
  };
  return (
    <div
      className="relative grid cursor-ew-resize touch-pan-y overflow-hidden rounded-xl select-none has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-sun-300 noscript:grid-cols-2 noscript:gap-2 noscript:overflow-visible"
      style={{ "--split": `${split}%` } as CSSProperties}
      onPointerDown={(event) => {
        // Moves keep coming while the button or finger is down, even outside the frame.
        event.currentTarget.setPointerCapture(event.pointerId);
        // A finger may be starting a scroll: the line follows it only once it moves sideways
        // (a vertical swipe is the page's, and cancels the pointer).
        if (event.pointerType !== "touch") follow(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) follow(event);
      }}
      // A mouse drag would otherwise start dragging the photo away (and cancel the pointer).
      onDragStart={(event) => event.preventDefault()}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl noscript:rounded-xl">
        <LazyPicture photo={before} sizes={sizes} className="size-full object-cover" />
        <span className={`${LABEL} left-3 text-red-800`}>Before</span>
      </div>
      <div className="absolute inset-0 overflow-hidden [clip-path:inset(0_0_0_var(--split))] noscript:relative noscript:aspect-[4/3] noscript:rounded-xl noscript:[clip-path:none]">
        <LazyPicture photo={after} sizes={sizes} className="size-full object-cover" />
        <span className={`${LABEL} right-3 text-brand-800`}>After</span>
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-[var(--split)] w-1 -translate-x-1/2 bg-white shadow-[0_0_6px_rgba(0,0,0,0.5)] noscript:hidden"
      >
        <span className="absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-lg font-bold text-brand-900 shadow-lg">
          ⇔
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
        aria-label={`Before and after: ${title}`}
        aria-valuetext={`${split}% before, ${100 - split}% after`}
        // Keyboard and screen readers only: the frame itself follows the pointer.
        className="pointer-events-none absolute inset-0 size-full appearance-none opacity-0 noscript:hidden"
      />
    </div>
  );
}
