/**
 * Consent on the page: pushes the Consent Mode defaults before anything else, applies a remembered
 * choice, and holds the banner's state for React (useSyncExternalStore). Only when the stage
 * configures a tag manager container: without one nothing external can load, so nothing is asked.
 *
 * The banner is in every prerendered public page (docs/decisions/0109-consent-banner-in-the-html.md).
 * Whether it shows follows attributes on <html>, set first by the page's inline probe and from the
 * entry on by this module, always to match the view. Until the banner's React code is live, its
 * buttons are answered here.
 */
import { config } from "../config";
import {
  ACCEPT_ALL,
  allowsTags,
  BANNER_ACTION_ATTRIBUTE,
  BANNER_ATTRIBUTE,
  BANNER_LIVE_ATTRIBUTE,
  type BannerAction,
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_GPC_ATTRIBUTE,
  type ConsentChoice,
  EARLY_CLICKS,
  type EarlyClicks,
  effectiveConsent,
  globalPrivacyControl,
  pushConsentDefaults,
  pushConsentUpdate,
  REJECT_ALL,
  readConsent,
  removeTagCookies,
  saveConsent,
} from "./consent";
import { startTagManager } from "./tagManager";

export interface ConsentView {
  /** The banner is shown: no choice yet, or the visitor opened Cookie settings. */
  readonly open: boolean;
  /** Opened from Cookie settings (the banner then starts with the choices shown, and takes the focus). */
  readonly fromSettings: boolean;
  /** The analytics and marketing choices are shown (Customise, or opened from Cookie settings). */
  readonly customising: boolean;
  /** The choice in force (GPC applied), or undefined before the first. */
  readonly choice: ConsentChoice | undefined;
  /** Global Privacy Control is on: marketing stays off. */
  readonly gpc: boolean;
}

/** On stages without a container: no banner. */
export const NO_BANNER: ConsentView = {
  open: false,
  fromSettings: false,
  customising: false,
  choice: undefined,
  gpc: false,
};

/**
 * What the prerendered pages hold when a container is configured: the banner as a first visit
 * sees it (hidden by the page's own rules from a visitor who has chosen). The server renders it,
 * and hydration starts from it.
 */
export const PRERENDERED: ConsentView = config.tagManagerId ? { ...NO_BANNER, open: true } : NO_BANNER;

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

/** The banner shows while the view is open; the page's rules read it from <html>. */
function showOnPage(next: ConsentView): void {
  const root = document.documentElement;
  root.toggleAttribute(CONSENT_ASK_ATTRIBUTE, next.open);
  root.toggleAttribute(CONSENT_GPC_ATTRIBUTE, next.gpc);
}

function setView(next: ConsentView): void {
  view = next;
  showOnPage(next);
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
  view = { ...NO_BANNER, open: choice === undefined, choice, gpc };
  showOnPage(view);
  window.addEventListener("click", answerBeforeHydration, { capture: true });
  replayEarlyClicks();
  return true;
}

/** The banner's clicks the page's probe recorded before this module ran, answered in order. */
function replayEarlyClicks(): void {
  const early = (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS];
  if (!early) return;
  early.stop();
  delete (window as unknown as Record<string, unknown>)[EARLY_CLICKS];
  for (const action of early.clicks) answer(action as BannerAction);
}

function answer(action: BannerAction): void {
  if (action === "customise") openChoices();
  else if (action === "accept" || action === "reject")
    chooseConsent(action === "accept" ? ACCEPT_ALL : REJECT_ALL);
}

/**
 * A click on a button of the prerendered banner before React has hydrated it (its code may still
 * be on the way): answered here, and kept from React, which would otherwise replay it later.
 */
function answerBeforeHydration(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest(`[${BANNER_ACTION_ATTRIBUTE}]`);
  const banner = button?.closest(`[${BANNER_ATTRIBUTE}]`);
  if (!button || !banner || banner.hasAttribute(BANNER_LIVE_ATTRIBUTE)) return;
  event.stopPropagation();
  answer(button.getAttribute(BANNER_ACTION_ATTRIBUTE) as BannerAction);
}

/**
 * The banner's own code has taken over its buttons (it rendered, or hydrated the prerendered one):
 * the prerendered banner is gone or React's, so nothing is left to answer before hydration.
 */
export function bannerIsLive(): void {
  window.removeEventListener("click", answerBeforeHydration, { capture: true });
}

/** The visitor's choice from the banner: remembered, then applied. */
export function chooseConsent(wanted: ConsentChoice): void {
  const choice = effectiveConsent(wanted, view.gpc);
  saveConsent(storage(), choice, new Date());
  apply(choice);
  setView({ ...view, open: false, fromSettings: false, customising: false, choice });
}

/** Customise: the banner shows the analytics and marketing choices. */
export function openChoices(): void {
  if (view.open) setView({ ...view, customising: true });
}

/** Cookie settings (the footer): opens the banner with the current choice. */
export function openConsentSettings(): void {
  if (containerId === undefined) return;
  setView({ ...view, open: true, fromSettings: true, customising: true });
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
