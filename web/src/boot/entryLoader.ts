/**
 * The inline script that starts a prerendered public page's entry (docs/decisions/0112-entry-after-first-paint.md).
 * A module script in the HTML is fetched while the page is parsed and, when it arrives in time,
 * run before the first paint; Lighthouse then counts its round trip as something the first paint
 * waited for. This script, allowed by its CSP hash (infra/site/build.ts), adds the entry only
 * once the parsed page has had a frame to paint in — at once in a hidden tab, which paints no
 * frames, and after LOADER_CAP_MS in any case.
 */
export const LOADER_CAP_MS = 500;

const ENTRY_PATH = /^\/assets\/[\w.-]+\.js$/;

export function entryLoaderScript(entryPath: string): string {
  if (!ENTRY_PATH.test(entryPath)) throw new Error(`Not a built entry path: ${JSON.stringify(entryPath)}`);
  return [
    "(function(d){var s;",
    'function go(){if(s)return;s=d.createElement("script");s.type="module";s.crossOrigin="anonymous";',
    `s.src=${JSON.stringify(entryPath)};d.head.appendChild(s)}`,
    'function later(){if(d.visibilityState==="hidden")return go();',
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${LOADER_CAP_MS})}`,
    'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",later):later()',
    "})(document)",
  ].join("");
}
