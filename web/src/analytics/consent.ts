/**
 * The visitor's consent to non-essential tags (docs/decisions/0094-consent-before-tracking.md): the
 * record kept in localStorage (a version and an expiry, never sent to any server), Global Privacy
 * Control, and the Google Consent Mode v2 commands pushed to window.dataLayer. Plain functions that
 * take what they read (storage, the clock, the navigator), so they are tested without a browser;
 * consentController.ts wires them to the page.
 */

/** What a visitor can allow beyond the essentials. */
export interface ConsentChoice {
  readonly analytics: boolean;
  readonly marketing: boolean;
}

export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };
export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };

/** The localStorage key of the record. */
export const CONSENT_STORAGE_KEY = "repdesk.consent";
/** Raised when what the banner asks changes: every stored choice is then asked again. */
export const CONSENT_VERSION = 1;
/** A choice is remembered this long, then asked again. */
export const CONSENT_LIFETIME_MONTHS = 6;
/** How long the tag manager waits for a consent update before it fires tags (Consent Mode). */
export const WAIT_FOR_UPDATE_MS = 500;

interface StoredConsent extends ConsentChoice {
  readonly version: number;
  /** ISO times. */
  readonly decidedAt: string;
  readonly expiresAt: string;
}

/**
 * Attributes on <html> that the banner's visibility follows (ConsentBanner.module.css): set while
 * the visitor is to be asked, and while the browser sends Global Privacy Control.
 */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";
export const CONSENT_GPC_ATTRIBUTE = "data-consent-gpc";

/** The part of Storage used here (localStorage in the browser). */
export type ConsentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** `from` plus the record's lifetime, in calendar months (UTC). */
export function consentExpiry(from: Date): Date {
  const expiry = new Date(from.getTime());
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_LIFETIME_MONTHS);
  return expiry;
}

function isStoredConsent(value: unknown): value is StoredConsent {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.version === CONSENT_VERSION &&
    typeof record.analytics === "boolean" &&
    typeof record.marketing === "boolean" &&
    typeof record.decidedAt === "string" &&
    typeof record.expiresAt === "string" &&
    Number.isFinite(Date.parse(record.expiresAt))
  );
}

/**
 * The remembered choice, or undefined when there is none to honour: never made, made for another
 * version of the banner, expired, unreadable, or from the future (a clock set back, or a record
 * edited by hand to live forever: it may be no further away than one lifetime).
 */
export function readConsent(storage: ConsentStorage | undefined, now: Date): ConsentChoice | undefined {
  let raw: string | null;
  try {
    raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    return undefined; // storage disabled: ask again
  }
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isStoredConsent(parsed)) return undefined;
  const expiresAt = Date.parse(parsed.expiresAt);
  if (expiresAt <= now.getTime() || expiresAt > consentExpiry(now).getTime()) return undefined;
  return { analytics: parsed.analytics, marketing: parsed.marketing };
}

/** Remembers a choice; false when the browser refuses storage (the choice then lasts for this page). */
export function saveConsent(storage: ConsentStorage | undefined, choice: ConsentChoice, now: Date): boolean {
  const record: StoredConsent = {
    version: CONSENT_VERSION,
    analytics: choice.analytics,
    marketing: choice.marketing,
    decidedAt: now.toISOString(),
    expiresAt: consentExpiry(now).toISOString(),
  };
  try {
    if (!storage) return false;
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/** Global Privacy Control: only the exact `true` the specification defines counts. */
export function globalPrivacyControl(navigator: unknown): boolean {
  return (
    typeof navigator === "object" &&
    navigator !== null &&
    (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl === true
  );
}

/** What is allowed: the choice, with marketing off whatever it says when GPC is on. */
export function effectiveConsent(choice: ConsentChoice, gpc: boolean): ConsentChoice {
  return { analytics: choice.analytics, marketing: choice.marketing && !gpc };
}

/** Whether the tag manager may load at all: something beyond the essentials was allowed. */
export function allowsTags(choice: ConsentChoice): boolean {
  return choice.analytics || choice.marketing;
}

export type ConsentSignal = "granted" | "denied";

/** Consent Mode v2's four signals for a choice: analytics → analytics_storage, marketing → the ad ones. */
export function consentSignals(choice: ConsentChoice): Record<string, ConsentSignal> {
  const signal = (allowed: boolean): ConsentSignal => (allowed ? "granted" : "denied");
  return {
    ad_storage: signal(choice.marketing),
    ad_user_data: signal(choice.marketing),
    ad_personalization: signal(choice.marketing),
    analytics_storage: signal(choice.analytics),
  };
}

/**
 * gtag() as Google's snippet defines it: it pushes its `arguments` object, which the tag manager
 * tells apart from an event by its type. Our bundle defines it because the CSP allows no inline
 * script.
 */
export function gtag(..._args: unknown[]): void {
  if (typeof window === "undefined") return;
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: the tag manager reads gtag commands as Arguments objects.
  window.dataLayer.push(arguments);
}

/** Everything denied until the visitor chooses; pushed before anything else reaches dataLayer. */
export function pushConsentDefaults(): void {
  gtag("consent", "default", { ...consentSignals(REJECT_ALL), wait_for_update: WAIT_FOR_UPDATE_MS });
}

export function pushConsentUpdate(choice: ConsentChoice): void {
  gtag("consent", "update", consentSignals(choice));
}

/** Cookies the tag manager's Google tags set (Analytics, Ads conversion linker). */
const GOOGLE_COOKIE = /^(_ga|_ga_.+|_gid|_gat.*|_gcl_.+)$/;

/**
 * Deletes the Google tags' cookies after consent is withdrawn: for this host and each parent domain
 * (Analytics sets its cookies on the widest domain it can). Returns the names it removed.
 */
export function removeTagCookies(doc: Pick<Document, "cookie">, hostname: string): string[] {
  const names = doc.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => GOOGLE_COOKIE.test(name));
  const labels = hostname.split(".");
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
  for (const name of names) {
    const expired = `${name}=; Max-Age=0; Path=/`;
    doc.cookie = expired;
    for (const domain of domains) doc.cookie = `${expired}; Domain=${domain}`;
  }
  return names;
}

/** The prerendered banner's element (ConsentBanner.tsx) and its buttons (the values of BANNER_ACTION_ATTRIBUTE). */
export const BANNER_ATTRIBUTE = "data-consent-banner";
export type BannerAction = "accept" | "reject" | "customise";
export const BANNER_ACTION_ATTRIBUTE = "data-consent-action";
/** Set on the banner once React has hydrated it: from then on its buttons are React's. */
export const BANNER_LIVE_ATTRIBUTE = "data-consent-live";
/**
 * Where the probe keeps the banner's clicks made before the entry has started: `clicks` in order,
 * and `stop` to end the recording (consentController.ts replays them and takes over).
 */
export const EARLY_CLICKS = "__consentClicks";
export interface EarlyClicks {
  readonly clicks: readonly string[];
  stop(): void;
}

/**
 * The inline script at the top of every prerendered public page when a tag manager is configured
 * (infra/site/build.ts; the Content-Security-Policy allows it by its hash). It runs before the body
 * is parsed, so the banner in the HTML is shown from the first paint to a visitor who has not
 * chosen and never shown to one who has: it sets CONSENT_ASK_ATTRIBUTE exactly when
 * `readConsent(localStorage, now)` finds nothing to honour, and CONSENT_GPC_ATTRIBUTE exactly when
 * `globalPrivacyControl(navigator)` holds (consent.test.ts runs both on the same records). The
 * entry applies the same rules again (consentController.ts) and owns the attributes from then on.
 *
 * The banner's buttons are there from the first paint, and the entry starts only after it
 * (docs/decisions/0112-entry-after-first-paint.md): a click in between is recorded here (EARLY_CLICKS)
 * for the entry to replay, and Accept all or Reject all hides the banner at once.
 */
export function consentProbeScript(): string {
  const key = JSON.stringify(CONSENT_STORAGE_KEY);
  const ask = JSON.stringify(CONSENT_ASK_ATTRIBUTE);
  const gpc = JSON.stringify(CONSENT_GPC_ATTRIBUTE);
  const button = JSON.stringify(
    `[${BANNER_ATTRIBUTE}]:not([${BANNER_LIVE_ATTRIBUTE}]) [${BANNER_ACTION_ATTRIBUTE}]`,
  );
  const action = JSON.stringify(BANNER_ACTION_ATTRIBUTE);
  const isString = (field: string) => `typeof r.${field}==="string"`;
  const isBoolean = (field: string) => `typeof r.${field}==="boolean"`;
  const stored = [
    `r.version===${CONSENT_VERSION}`,
    isBoolean("analytics"),
    isBoolean("marketing"),
    isString("decidedAt"),
    isString("expiresAt"),
    "e>t",
    "e<=m.getTime()",
  ].join("&&");
  return [
    "(function(h,n){",
    'var set=function(a){h.setAttribute(a,"")};',
    "try{",
    `var r=JSON.parse(localStorage.getItem(${key})),t=Date.now(),e=Date.parse(r.expiresAt),m=new Date(t);`,
    `m.setUTCMonth(m.getUTCMonth()+${CONSENT_LIFETIME_MONTHS});`,
    `if(!(${stored}))set(${ask})`,
    `}catch(x){set(${ask})}`,
    `if(n.globalPrivacyControl===true)set(${gpc});`,
    `var q=[],l=function(v){var b=v.target&&v.target.closest&&v.target.closest(${button});`,
    `if(!b)return;var a=b.getAttribute(${action});q.push(a);if(a!=="customise")h.removeAttribute(${ask})};`,
    'addEventListener("click",l,true);',
    `window[${JSON.stringify(EARLY_CLICKS)}]={clicks:q,stop:function(){removeEventListener("click",l,true)}}`,
    "})(document.documentElement,navigator)",
  ].join("");
}
