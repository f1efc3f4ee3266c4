/**
 * Hydration after the largest paint, on the visitor's first interaction
 * (docs/decisions/014-largest-paint-first.md).
 *
 * The page's modules (Remix's `<link rel="modulepreload">` hints and its inline module script,
 * about 110 kB gzipped on the home page) would otherwise download alongside the hero photo,
 * sharing a slow connection with it, and their evaluation and React's hydration would keep the
 * main thread busy while the visitor starts reading. So the Worker sends them inert
 * (withHydrationAfterPaint, below): each hint without its `rel`, the module script with a type
 * no browser runs, both marked with AFTER_PAINT_ATTRIBUTE. START_HYDRATION_SCRIPT, an inline
 * script every page carries (rendered from app/document-inlines.tsx, so its text is not also in
 * the page's JavaScript), downloads them once the page's largest element has been painted and
 * runs them when the visitor first does something. Everything the page shows is in its HTML, and
 * every link and form works before then (as it does without JavaScript).
 */
import { isStaffPath, PUBLIC_PAGE } from "~/cache-control";
import { LAZY_PHOTO_ATTRIBUTE, LAZY_PHOTO_VISIBLE } from "~/domain/limits";
import { isHtml } from "./security-headers";

/** The attribute that marks an element the Worker made inert; its value is what to restore. */
const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/** The `type` an inert module script carries: not a script type, so no browser runs it. */
const INERT_SCRIPT_TYPE = "text/x-after-paint";

/**
 * Set on `<html>` of a page made for one visitor (not the shared PUBLIC_PAGE copy: the answer to
 * their form, a notice, their own request's status): it hydrates once painted, without waiting
 * for an interaction, so what only its code does (the analytics event of a form sent before the
 * page had hydrated, app/analytics.ts) is not left waiting.
 */
const AT_ONCE_ATTRIBUTE = "data-hydrate-at-once";

/**
 * The events that count as the visitor's first interaction: a pointer moved or pressed, a touch,
 * a key, focus, a wheel, a scroll, or a click (which is all some assistive technologies send).
 */
const INTENT_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll", "click"];

/**
 * How many hints change per task. Each starts a request; under DevTools' network
 * instrumentation (Lighthouse) a request started from script costs 4-7 ms of main thread, so
 * the home page's 29 hints in one task made a 60-90 ms long task, and two per task 8-15 ms.
 */
const HINTS_PER_TASK = 1;

/** The latest download on a page whose priority photo is not reported as its largest paint: ms after `load`. */
const LATEST_DOWNLOAD_MS = 1000;

/**
 * Runs the page's modules on the visitor's first interaction, and downloads them before that,
 * once the page's largest element has been painted.
 *
 * Starting (once): the hints become `modulepreload` again, HINTS_PER_TASK per task, then the
 * module script runs (a script whose `type` changed runs when a node is inserted into it: HTML,
 * "prepare the script element"; its text, and so its CSP hash, stay the same). It starts on the
 * first of INTENT_EVENTS; when a lazy photo (LAZY_PHOTO_ATTRIBUTE) is LAZY_PHOTO_VISIBLE in
 * view, since only the page's code shows it; or, on a page marked AT_ONCE_ATTRIBUTE, when
 * downloading would.
 *
 * Downloading (`rel="prefetch"`: into the HTTP cache, not parsed or run, so no main-thread work
 * but the requests themselves), once painted:
 * - on a page with a priority photo (`img[fetchpriority=high]`, found above this script), when
 *   the browser reports that photo as the largest paint (a `largest-contentful-paint` entry,
 *   sent once the frame is on screen); if it never does (a larger element), LATEST_DOWNLOAD_MS
 *   after the window's `load`;
 * - on a page without one (or in a browser without that entry type), after the end of parsing
 *   (DOMContentLoaded; or the window's `load`), once the first contentful paint has been
 *   reported (a `paint` entry, where supported), two frames later.
 */
export const START_HYDRATION_SCRIPT = `(function(){
var started=false,fetched=false,A='${AFTER_PAINT_ATTRIBUTE}';
function each(change,then){var list=[].slice.call(document.querySelectorAll('link['+A+']'));(function next(){
var batch=list.splice(0,${HINTS_PER_TASK});
for(var i=0;i<batch.length;i++)change(batch[i]);
if(list.length)setTimeout(next,0);else if(then)then();
})();}
function start(){
if(started)return;started=true;
each(function(link){link.rel=link.getAttribute(A);},function(){
var scripts=document.querySelectorAll('script['+A+']');
for(var j=0;j<scripts.length;j++){scripts[j].type=scripts[j].getAttribute(A);scripts[j].appendChild(document.createTextNode(''));}
});
}
function download(){
if(document.documentElement.hasAttribute('${AT_ONCE_ATTRIBUTE}'))return start();
if(fetched||started)return;fetched=true;
each(function(link){if(!started){link.as='script';link.rel='prefetch';}});
}
var events=${JSON.stringify(INTENT_EVENTS).replaceAll('"', "'")};
for(var e=0;e<events.length;e++)addEventListener(events[e],start,{capture:true,passive:true,once:true});
var lazy=document.querySelectorAll('[${LAZY_PHOTO_ATTRIBUTE}]');
if(lazy.length&&window.IntersectionObserver){
var seen=new IntersectionObserver(function(entries){
for(var k=0;k<entries.length;k++)if(entries[k].isIntersecting){seen.disconnect();start();return;}
},{threshold:${LAZY_PHOTO_VISIBLE}});
for(var l=0;l<lazy.length;l++)seen.observe(lazy[l]);
}
function afterFrames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(download,0);});});}
var photo=document.querySelector('img[fetchpriority=high]');
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(!photo||types.indexOf('largest-contentful-paint')<0){
document.addEventListener(photo?'readystatechange':'DOMContentLoaded',function(){
if(photo&&document.readyState!=='complete')return;
if(types.indexOf('paint')<0){afterFrames();return;}
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();afterFrames();}
}).observe({type:'paint',buffered:true});
});
return;
}
addEventListener('load',function(){setTimeout(download,${LATEST_DOWNLOAD_MS});});
new PerformanceObserver(function(list,observer){
var entries=list.getEntries();
for(var m=0;m<entries.length;m++)if(entries[m].element===photo){observer.disconnect();setTimeout(download,0);return;}
}).observe({type:'largest-contentful-paint',buffered:true});
})();`;

/**
 * A public page's HTML response (not a staff page: isStaffPath) whose
 * `<link rel="modulepreload">` elements lose their `rel` and whose inline
 * `<script type="module">` elements get INERT_SCRIPT_TYPE, both marked AFTER_PAINT_ATTRIBUTE
 * with the value to restore. Script texts are unchanged, so their CSP hashes stay valid.
 * A page that is not the shared copy (its Cache-Control is not PUBLIC_PAGE) gets
 * AT_ONCE_ATTRIBUTE on `<html>`. Streams through the Workers runtime's HTMLRewriter; any other
 * response is returned as it is. Staff pages hydrate at once and are not changed: they have no
 * photo to paint first, and staff act on them.
 */
export function withHydrationAfterPaint(response: Response, pathname: string): Response {
  if (!isHtml(response) || response.body === null || isStaffPath(pathname)) return response;
  const shared = response.headers.get("Cache-Control") === PUBLIC_PAGE;
  return new HTMLRewriter()
    .on("html", {
      element(html) {
        if (!shared) html.setAttribute(AT_ONCE_ATTRIBUTE, "");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.removeAttribute("rel");
        link.setAttribute(AFTER_PAINT_ATTRIBUTE, "modulepreload");
      },
    })
    .on('script[type="module"]:not([src])', {
      element(script) {
        script.setAttribute("type", INERT_SCRIPT_TYPE);
        script.setAttribute(AFTER_PAINT_ATTRIBUTE, "module");
      },
    })
    .transform(response);
}
