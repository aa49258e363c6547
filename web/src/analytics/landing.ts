/**
 * The page the visitor landed on, noted synchronously when the app starts (before its router can
 * change the URL), and the lead source's capture (./sourceCapture.ts) loaded after the first paint,
 * so that no page carries the capture's code before it is shown.
 */
import type { Landing } from "./source";

let landing: Landing | undefined;
let capture: Promise<typeof import("./sourceCapture")> | undefined;

/** Once, as the app starts on a public page: notes where the visitor landed. */
export function noteLanding(): void {
  const { pathname, search, hostname } = location;
  landing ??= { page: { pathname, search, hostname }, referrer: document.referrer, at: new Date() };
}

/**
 * The capture, loaded once and started with the noted landing (a failed load is tried again on
 * the next call). The app calls it after the first paint; a form's submit awaits it.
 */
export function loadSourceCapture(): Promise<typeof import("./sourceCapture")> {
  capture ??= import("./sourceCapture")
    .then((module) => {
      if (landing) module.startSourceCapture(landing);
      return module;
    })
    .catch((error: unknown) => {
      capture = undefined;
      throw error;
    });
  return capture;
}
