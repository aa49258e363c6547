/**
 * Consent on the page: pushes the Consent Mode defaults before anything else, applies a remembered
 * choice, and holds the banner's state for React (useSyncExternalStore). Only when the stage
 * configures a tag manager container: without one nothing external can load, so nothing is asked.
 */
import { config } from "../config";
import {
  allowsTags,
  type ConsentChoice,
  effectiveConsent,
  globalPrivacyControl,
  pushConsentDefaults,
  pushConsentUpdate,
  readConsent,
  removeTagCookies,
  saveConsent,
} from "./consent";
import { startTagManager } from "./tagManager";

export interface ConsentView {
  /** The banner is shown: no choice yet, or the visitor opened Cookie settings. */
  readonly open: boolean;
  /** Opened from Cookie settings (the banner then starts with the choices shown). */
  readonly fromSettings: boolean;
  /** The choice in force (GPC applied), or undefined before the first. */
  readonly choice: ConsentChoice | undefined;
  /** Global Privacy Control is on: marketing stays off. */
  readonly gpc: boolean;
}

/** On the server and on stages without a container: no banner. */
export const NO_BANNER: ConsentView = { open: false, fromSettings: false, choice: undefined, gpc: false };

let view: ConsentView = NO_BANNER;
let containerId: string | undefined;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked by the browser's settings
  }
}

function setView(next: ConsentView): void {
  view = next;
  for (const listener of listeners) listener();
}

function apply(choice: ConsentChoice): void {
  pushConsentUpdate(choice);
  if (allowsTags(choice)) startTagManager(containerId);
  else removeTagCookies(document, location.hostname);
}

/**
 * At start, before the page hydrates: defaults first, then the remembered choice if there is one.
 * Returns whether a container is configured (and so whether consent is asked at all).
 */
export function startConsent(id: string | undefined = config.tagManagerId): boolean {
  if (!id || typeof window === "undefined") return false;
  containerId = id;
  pushConsentDefaults();
  const gpc = globalPrivacyControl(navigator);
  const stored = readConsent(storage(), new Date());
  const choice = stored && effectiveConsent(stored, gpc);
  if (choice) apply(choice);
  view = { open: choice === undefined, fromSettings: false, choice, gpc };
  return true;
}

/** The visitor's choice from the banner: remembered, then applied. */
export function chooseConsent(wanted: ConsentChoice): void {
  const choice = effectiveConsent(wanted, view.gpc);
  saveConsent(storage(), choice, new Date());
  apply(choice);
  setView({ ...view, open: false, fromSettings: false, choice });
}

/** Cookie settings (the footer): opens the banner with the current choice. */
export function openConsentSettings(): void {
  if (containerId === undefined) return;
  setView({ ...view, open: true, fromSettings: true });
}

export function consentEnabled(): boolean {
  return containerId !== undefined;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function consentView(): ConsentView {
  return view;
}
