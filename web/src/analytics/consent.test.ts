import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ACCEPT_ALL,
  allowsTags,
  BANNER_ACTION_ATTRIBUTE,
  BANNER_ATTRIBUTE,
  BANNER_LIVE_ATTRIBUTE,
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_GPC_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  consentExpiry,
  consentProbeScript,
  consentSignals,
  EARLY_CLICKS,
  type EarlyClicks,
  effectiveConsent,
  globalPrivacyControl,
  gtag,
  pushConsentDefaults,
  pushConsentUpdate,
  REJECT_ALL,
  readConsent,
  removeTagCookies,
  saveConsent,
} from "./consent";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = new Date("2026-11-26T12:00:00.000Z");

describe("the remembered choice", () => {
  it("is saved with its version and a six-month expiry, and read back", () => {
    const storage = memoryStorage();
    expect(saveConsent(storage, { analytics: true, marketing: false }, NOW)).toBe(true);
    expect(JSON.parse(storage.items.get(CONSENT_STORAGE_KEY) ?? "")).toEqual({
      version: CONSENT_VERSION,
      analytics: true,
      marketing: false,
      decidedAt: "2026-11-26T12:00:00.000Z",
      expiresAt: "2027-05-26T12:00:00.000Z",
    });
    expect(readConsent(storage, NOW)).toEqual({ analytics: true, marketing: false });
  });

  it("expires after six months, to the millisecond", () => {
    const storage = memoryStorage();
    saveConsent(storage, ACCEPT_ALL, NOW);
    const expiry = consentExpiry(NOW).getTime();
    expect(readConsent(storage, new Date(expiry - 1))).toEqual(ACCEPT_ALL);
    expect(readConsent(storage, new Date(expiry))).toBeUndefined();
  });

  it("is asked again for another version, a broken or edited record, or one from the future", () => {
    const record = (fields: Record<string, unknown>) =>
      memoryStorage({
        [CONSENT_STORAGE_KEY]: JSON.stringify({
          version: CONSENT_VERSION,
          analytics: true,
          marketing: true,
          decidedAt: NOW.toISOString(),
          expiresAt: consentExpiry(NOW).toISOString(),
          ...fields,
        }),
      });
    expect(readConsent(record({}), NOW)).toEqual(ACCEPT_ALL);
    expect(readConsent(record({ version: CONSENT_VERSION + 1 }), NOW)).toBeUndefined();
    expect(readConsent(record({ version: String(CONSENT_VERSION) }), NOW)).toBeUndefined();
    expect(readConsent(record({ analytics: "yes" }), NOW)).toBeUndefined();
    expect(readConsent(record({ expiresAt: "never" }), NOW)).toBeUndefined();
    expect(readConsent(record({ expiresAt: "9999-12-31T00:00:00.000Z" }), NOW)).toBeUndefined();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: "{not json" }), NOW)).toBeUndefined();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: "null" }), NOW)).toBeUndefined();
    expect(readConsent(memoryStorage(), NOW)).toBeUndefined();
  });

  it("survives a browser that refuses storage: nothing remembered, nothing thrown", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(readConsent(refusing, NOW)).toBeUndefined();
    expect(saveConsent(refusing, ACCEPT_ALL, NOW)).toBe(false);
    expect(saveConsent(undefined, ACCEPT_ALL, NOW)).toBe(false);
  });
});

describe("Global Privacy Control", () => {
  it("counts only the exact true", () => {
    expect(globalPrivacyControl({ globalPrivacyControl: true })).toBe(true);
    for (const value of [false, "true", 1, undefined, null]) {
      expect(globalPrivacyControl({ globalPrivacyControl: value })).toBe(false);
    }
    expect(globalPrivacyControl(undefined)).toBe(false);
  });

  it("keeps marketing off whatever the choice, and leaves analytics to it", () => {
    expect(effectiveConsent(ACCEPT_ALL, true)).toEqual({ analytics: true, marketing: false });
    expect(effectiveConsent(ACCEPT_ALL, false)).toEqual(ACCEPT_ALL);
    expect(effectiveConsent(REJECT_ALL, true)).toEqual(REJECT_ALL);
  });
});

describe("Consent Mode", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("maps analytics to analytics_storage and marketing to the three ad signals", () => {
    expect(consentSignals({ analytics: true, marketing: false })).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "granted",
    });
    expect(allowsTags(REJECT_ALL)).toBe(false);
    expect(allowsTags({ analytics: false, marketing: true })).toBe(true);
  });

  it("pushes gtag commands as Arguments objects, defaults denied with wait_for_update", () => {
    const window: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", window);
    pushConsentDefaults();
    pushConsentUpdate({ analytics: true, marketing: true });
    gtag("event", "x");
    const [first, second, third] = window.dataLayer ?? [];
    expect(Object.prototype.toString.call(first)).toBe("[object Arguments]");
    expect([...(first as IArguments)]).toEqual([
      "consent",
      "default",
      {
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
        analytics_storage: "denied",
        wait_for_update: 500,
      },
    ]);
    expect([...(second as IArguments)]).toEqual(["consent", "update", consentSignals(ACCEPT_ALL)]);
    expect([...(third as IArguments)]).toEqual(["event", "x"]);
  });
});

describe("removing the tags' cookies after consent is withdrawn", () => {
  it("expires the Google cookies for the host and every parent domain, and nothing else", () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return "_ga=GA1.2.3; _ga_ABC=GS1; other=1; _gcl_au=1.1; __Host-session=x";
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    expect(removeTagCookies(doc, "www.repdesk.example.com")).toEqual(["_ga", "_ga_ABC", "_gcl_au"]);
    expect(written).toContain("_ga=; Max-Age=0; Path=/");
    expect(written).toContain("_ga=; Max-Age=0; Path=/; Domain=repdesk.example.com");
    expect(written).toContain("_gcl_au=; Max-Age=0; Path=/; Domain=example.com");
    expect(written.some((value) => value.startsWith("other=") || value.startsWith("__Host"))).toBe(false);
  });
});

describe("the inline probe of the prerendered pages", () => {
  /** Runs the probe as the page would, in a fresh realm: which attributes it set on <html>. */
  function probe(raw: string | null | "refused", navigator: unknown, now: Date): string[] {
    return runProbe(raw, navigator, now).set;
  }

  /** The same, with what it left for the entry: its click listener and the window's properties. */
  function runProbe(raw: string | null | "refused", navigator: unknown, now: Date) {
    const set: string[] = [];
    const removed: string[] = [];
    const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
    const window: Record<string, unknown> = {};
    const localStorage = {
      getItem: () => {
        if (raw === "refused") throw new Error("SecurityError");
        return raw;
      },
    };
    const RealmDate = runInNewContext("Date") as DateConstructor;
    const FixedDate = function (this: unknown, time?: number) {
      return new RealmDate(time ?? now.getTime());
    } as unknown as DateConstructor;
    FixedDate.now = () => now.getTime();
    FixedDate.parse = RealmDate.parse;
    runInNewContext(consentProbeScript(), {
      Date: FixedDate,
      localStorage,
      navigator,
      window,
      addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
        listeners.push({ type, listener, capture }),
      removeEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) => {
        const index = listeners.findIndex(
          (entry) => entry.type === type && entry.listener === listener && entry.capture === capture,
        );
        if (index >= 0) listeners.splice(index, 1);
      },
      document: {
        documentElement: {
          setAttribute: (name: string) => set.push(name),
          removeAttribute: (name: string) => removed.push(name),
        },
      },
    });
    return { set, removed, listeners, window };
  }

  /** A click on an element whose closest() finds `button` (a banner button) for the probe's selector. */
  const clickOn = (action: string | null) => ({
    target: {
      closest: (selector: string) =>
        action !== null &&
        selector === `[${BANNER_ATTRIBUTE}]:not([${BANNER_LIVE_ATTRIBUTE}]) [${BANNER_ACTION_ATTRIBUTE}]`
          ? { getAttribute: (name: string) => (name === BANNER_ACTION_ATTRIBUTE ? action : null) }
          : null,
    },
  });

  it("records the banner's clicks before the entry starts, hides it for Accept or Reject, and stops when told", () => {
    const page = runProbe(null, {}, NOW);
    expect(page.listeners.map(({ type, capture }) => [type, capture])).toEqual([["click", true]]);
    const early = page.window[EARLY_CLICKS] as EarlyClicks;
    const click = (page.listeners[0] as { listener: (event: unknown) => void }).listener;
    click(clickOn(null)); // elsewhere on the page
    click(clickOn("customise"));
    expect(early.clicks).toEqual(["customise"]);
    expect(page.removed).toEqual([]); // the choices need the banner's code: it stays
    click(clickOn("reject"));
    expect(early.clicks).toEqual(["customise", "reject"]);
    expect(page.removed).toEqual([CONSENT_ASK_ATTRIBUTE]);
    early.stop();
    expect(page.listeners).toEqual([]);
  });

  const record = (fields: Record<string, unknown>) =>
    JSON.stringify({
      version: CONSENT_VERSION,
      analytics: false,
      marketing: true,
      decidedAt: NOW.toISOString(),
      expiresAt: consentExpiry(NOW).toISOString(),
      ...fields,
    });
  const expiry = consentExpiry(NOW).getTime();
  const records: (string | null)[] = [
    null,
    "",
    "{not json",
    "null",
    "42",
    '"text"',
    "[]",
    record({}),
    record({ version: CONSENT_VERSION + 1 }),
    record({ version: String(CONSENT_VERSION) }),
    record({ analytics: "yes" }),
    record({ marketing: 1 }),
    record({ decidedAt: 5 }),
    record({ decidedAt: undefined }),
    record({ expiresAt: "never" }),
    record({ expiresAt: 1e15 }),
    record({ expiresAt: "9999-12-31T00:00:00.000Z" }),
    record({ expiresAt: new Date(expiry).toISOString() }),
    record({ expiresAt: new Date(expiry + 1).toISOString() }),
    record({ expiresAt: new Date(NOW.getTime()).toISOString() }),
    record({ expiresAt: new Date(NOW.getTime() + 1).toISOString() }),
    record({ decidedAt: "2020-01-01T00:00:00.000Z", expiresAt: "2020-07-01T00:00:00.000Z" }),
  ];

  it.each(records.map((raw) => [raw]))("asks exactly when readConsent finds nothing to honour: %s", (raw) => {
    const stored: Record<string, string> = raw === null ? {} : { [CONSENT_STORAGE_KEY]: raw };
    const expected = readConsent(memoryStorage(stored), NOW) === undefined ? [CONSENT_ASK_ATTRIBUTE] : [];
    expect(probe(raw, {}, NOW)).toEqual(expected);
  });

  it("agrees at the month ends, where a calendar month is not a fixed length", () => {
    for (const decided of [
      "2026-08-31T23:59:59.999Z",
      "2026-02-28T00:00:00.000Z",
      "2028-02-29T12:00:00.000Z",
    ]) {
      const at = new Date(decided);
      const saved = memoryStorage();
      saveConsent(saved, ACCEPT_ALL, at);
      const raw = saved.items.get(CONSENT_STORAGE_KEY) ?? null;
      const end = consentExpiry(at).getTime();
      for (const now of [at, new Date(end - 1), new Date(end), new Date(end + 1)]) {
        const expected = readConsent(saved, now) === undefined ? [CONSENT_ASK_ATTRIBUTE] : [];
        expect(probe(raw, {}, now)).toEqual(expected);
      }
    }
  });

  it("asks when the browser refuses storage", () => {
    expect(probe("refused", {}, NOW)).toEqual([CONSENT_ASK_ATTRIBUTE]);
  });

  it("marks Global Privacy Control exactly when globalPrivacyControl() holds", () => {
    for (const value of [true, false, "true", 1, undefined, null]) {
      const navigator = { globalPrivacyControl: value };
      const expected = globalPrivacyControl(navigator) ? [CONSENT_GPC_ATTRIBUTE] : [];
      expect(probe(record({}), navigator, NOW)).toEqual(expected);
    }
  });

  it("is one expression with no markup in it, so it can sit in a <script> element", () => {
    expect(consentProbeScript()).not.toMatch(/<\/?script|<!--/i);
    expect(() => new Function(consentProbeScript())).not.toThrow();
  });
});
