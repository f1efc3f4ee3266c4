/**
 * Hydration after the largest paint (docs/decisions/014-largest-paint-first.md).
 *
 * The page's modules (Remix's `<link rel="modulepreload">` hints and its inline module script,
 * about 110 kB gzipped on the home page) would otherwise download alongside the hero photo,
 * sharing a slow connection with it, and their evaluation would sit between the photo's
 * arrival and its paint. So the Worker sends them inert (withHydrationAfterPaint, below):
 * each hint without its `rel`, the module script with a type no browser runs, both marked with
 * AFTER_PAINT_ATTRIBUTE. START_HYDRATION_SCRIPT, an inline script every page carries (rendered
 * from app/document-inlines.tsx, so its text is not also in the page's JavaScript), makes
 * them live once the page's largest element has been painted. Everything the page shows is in
 * its HTML, and every link and form works before then (as it does without JavaScript).
 */
import { isStaffPath } from "~/cache-control";
import { isHtml } from "./security-headers";

/** The attribute that marks an element the Worker made inert; its value is what to restore. */
const AFTER_PAINT_ATTRIBUTE = "data-after-paint";

/** The `type` an inert module script carries: not a script type, so no browser runs it. */
const INERT_SCRIPT_TYPE = "text/x-after-paint";

/**
 * How many module hints are made live per task. Each starts a request; under DevTools'
 * network instrumentation (Lighthouse) a request started from script costs 3-5 ms of main
 * thread, so the home page's 30 hints in one task made a 60-90 ms long task. Two per task keep
 * every task short; the next batch runs as soon as the main thread is free.
 */
const HINTS_PER_TASK = 2;

/** The latest start on a page whose priority photo is not reported as its largest paint: ms after `load`. */
const LATEST_START_MS = 1000;

/**
 * Makes the inert hints and scripts live, once (the hints in batches of HINTS_PER_TASK, one
 * task each, then the module script):
 * - on a page with a priority photo (`img[fetchpriority=high]`, found above this script), when
 *   the browser reports that photo as the largest paint (a `largest-contentful-paint` entry,
 *   sent once the frame is on screen); if it never does (a larger element), LATEST_START_MS
 *   after the window's `load`;
 * - on a page without one (or in a browser without that entry type), after the end of parsing
 *   (DOMContentLoaded; or the window's `load`), once the first contentful paint has been
 *   reported (a `paint` entry, where supported), two frames later: the first screen, whose
 *   largest element is text, has then been painted.
 * A script whose `type` changed runs when a node is inserted into it (HTML, "prepare the script
 * element": a connected script that has not started is prepared again); its text, and so its
 * CSP hash, stay the same.
 */
export const START_HYDRATION_SCRIPT = `(function(){
var started=false;
function start(){
if(started)return;started=true;
var hints=[].slice.call(document.querySelectorAll('link[${AFTER_PAINT_ATTRIBUTE}]'));
var scripts=document.querySelectorAll('script[${AFTER_PAINT_ATTRIBUTE}]');
(function next(){
var batch=hints.splice(0,${HINTS_PER_TASK});
for(var i=0;i<batch.length;i++)batch[i].rel=batch[i].getAttribute('${AFTER_PAINT_ATTRIBUTE}');
if(hints.length){setTimeout(next,0);return;}
for(var j=0;j<scripts.length;j++){scripts[j].type=scripts[j].getAttribute('${AFTER_PAINT_ATTRIBUTE}');scripts[j].appendChild(document.createTextNode(''));}
})();
}
function afterFrames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0);});});}
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
addEventListener('load',function(){setTimeout(start,${LATEST_START_MS});});
new PerformanceObserver(function(list){
var entries=list.getEntries();
for(var k=0;k<entries.length;k++)if(entries[k].element===photo){setTimeout(start,0);return;}
}).observe({type:'largest-contentful-paint',buffered:true});
})();`;

/**
 * A public page's HTML response (not a staff page: isStaffPath) whose `<link rel="modulepreload">` elements lose their `rel` and whose inline
 * `<script type="module">` elements get INERT_SCRIPT_TYPE, both marked AFTER_PAINT_ATTRIBUTE
 * with the value to restore. Script texts are unchanged, so their CSP hashes stay valid.
 * Streams through the Workers runtime's HTMLRewriter; any other response is returned as it is.
 * Staff pages hydrate at once: they have no photo to paint first, and staff act on them.
 */
export function withHydrationAfterPaint(response: Response, pathname: string): Response {
  if (!isHtml(response) || response.body === null || isStaffPath(pathname)) return response;
  return new HTMLRewriter()
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
