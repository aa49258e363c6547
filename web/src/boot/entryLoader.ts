/**
 * The inline script that starts a prerendered public page's entry (docs/decisions/0112-entry-after-first-paint.md).
 * A module script in the HTML is fetched while the page is parsed and, when it arrives in time,
 * run before the first paint; Lighthouse then counts its round trip as something the first paint
 * waited for. This script, allowed by its CSP hash (infra/site/build.ts), adds the entry only
 * once the parsed page has had a frame to paint in — at once in a hidden tab, which paints no
 * frames, and after LOADER_CAP_MS in any case. It also marks the page as waiting for the whole
 * stylesheet (STYLES_PENDING_ATTRIBUTE), which the entry brings.
 *
 * Its text is the same in every build: the entry's path, which changes with every build of the
 * app, is an attribute of the script element (ENTRY_ATTRIBUTE), outside the hashed text. So a
 * deploy never changes the script's hash, and a page from the previous build still runs under the
 * new build's policy.
 */
import { STYLES_PENDING_ATTRIBUTE, STYLES_PENDING_CAP_MS } from "./afterPaintResources";

export const LOADER_CAP_MS = 500;
export const ENTRY_ATTRIBUTE = "data-entry";

/** A built entry: a same-origin file under /assets/. The loader checks it again in the page. */
const ENTRY_PATH = /^\/assets\/[\w.-]+\.js$/;

export function entryLoaderScript(): string {
  return [
    "(function(d){",
    `var p=d.currentScript&&d.currentScript.getAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)}),s;`,
    `if(!p||!${ENTRY_PATH.toString()}.test(p))return;`,
    // The later blocks wait for the stylesheet the entry brings; never longer than the cap.
    `var h=d.documentElement,w=${JSON.stringify(STYLES_PENDING_ATTRIBUTE)};h.setAttribute(w,"");`,
    `setTimeout(function(){h.removeAttribute(w)},${STYLES_PENDING_CAP_MS});`,
    'function go(){if(s)return;s=d.createElement("script");s.type="module";s.crossOrigin="anonymous";',
    "s.src=p;d.head.appendChild(s)}",
    'function later(){if(d.visibilityState==="hidden")return go();',
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${LOADER_CAP_MS})}`,
    'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",later):later()',
    "})(document)",
  ].join("");
}

/** The loader's element for a page whose entry is `entryPath`. */
export function entryLoaderElement(entryPath: string): string {
  if (!ENTRY_PATH.test(entryPath)) throw new Error(`Not a built entry path: ${JSON.stringify(entryPath)}`);
  return `<script ${ENTRY_ATTRIBUTE}="${entryPath}">${entryLoaderScript()}</script>`;
}
