import { describe, expect, it } from "vitest";
import type { ConsentStorage } from "./consent";
import {
  externalOrigin,
  forgetFirstTouch,
  keepFirstTouch,
  mayKeepFirstTouch,
  pageTouch,
  readFirstTouch,
  SOURCE_LIFETIME_DAYS,
  SOURCE_STORAGE_KEY,
} from "./source";

function memoryStorage(): ConsentStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

const page = (path: string) => {
  const url = new URL(path, "https://www.repdesk.example.com");
  return { pathname: url.pathname, search: url.search, hostname: url.hostname };
};
const NOW = new Date("2026-11-20T08:00:00.000Z");
const DAY = 86_400_000;

describe("pageTouch", () => {
  it("reads the path, the UTM parameters and click ids of the URL, and the referrer's origin", () => {
    expect(
      pageTouch(
        page("/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=fall%20sale&gclid=Cj0-x&x=1#top"),
        "https://www.google.com/search?q=order+software",
      ),
    ).toEqual({
      landingPath: "/pricing",
      referrerOrigin: "https://www.google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "fall sale",
      gclid: "Cj0-x",
    });
  });

  it("leaves out a value over its limit rather than cutting it", () => {
    expect(pageTouch(page(`/?utm_campaign=${"a".repeat(201)}&utm_source=ok`), "")).toEqual({
      landingPath: "/",
      utmSource: "ok",
    });
  });
});

describe("externalOrigin", () => {
  it.each([
    ["https://blog.example.org/post/1?id=2", "https://blog.example.org"],
    ["http://partner.example:8080/x", "http://partner.example:8080"],
    ["https://www.repdesk.example.com/pricing", undefined],
    ["https://repdesk.example.com/", undefined],
    ["https://app.repdesk.example.com/", undefined],
    ["android-app://com.google.android.gm/", undefined],
    ["not a url", undefined],
    ["", undefined],
  ])("%s -> %s", (referrer, origin) => {
    expect(externalOrigin(referrer, "www.repdesk.example.com")).toBe(origin);
  });
});

describe("the kept first touch", () => {
  const first = { landingPath: "/pricing", utmSource: "newsletter", at: NOW.toISOString() };

  it("is kept for 30 days, and not replaced by a later touch until then", () => {
    const storage = memoryStorage();
    expect(keepFirstTouch(storage, first, NOW)).toBe(true);
    const later = new Date(NOW.getTime() + 10 * DAY);
    keepFirstTouch(storage, { landingPath: "/about" }, later);
    expect(readFirstTouch(storage, later)).toEqual(first);
    const expired = new Date(NOW.getTime() + SOURCE_LIFETIME_DAYS * DAY);
    expect(readFirstTouch(storage, expired)).toBeUndefined();
    keepFirstTouch(storage, { landingPath: "/about" }, expired);
    expect(readFirstTouch(storage, expired)).toEqual({ landingPath: "/about" });
  });

  it("is forgotten on request", () => {
    const storage = memoryStorage();
    keepFirstTouch(storage, first, NOW);
    forgetFirstTouch(storage);
    expect(storage.items.has(SOURCE_STORAGE_KEY)).toBe(false);
  });

  it("ignores a record that is unreadable, of another shape, or set to outlive its lifetime", () => {
    const storage = memoryStorage();
    for (const raw of [
      "{",
      JSON.stringify({ version: 2, touch: first, expiresAt: "2026-11-21T00:00:00Z" }),
      JSON.stringify({ version: 1, touch: { landingPath: 7 }, expiresAt: "2026-11-21T00:00:00Z" }),
      JSON.stringify({ version: 1, touch: first, expiresAt: "2099-01-01T00:00:00Z" }),
    ]) {
      storage.setItem(SOURCE_STORAGE_KEY, raw);
      expect(readFirstTouch(storage, NOW)).toBeUndefined();
    }
  });

  it("survives storage that refuses", () => {
    const refusing: ConsentStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(readFirstTouch(refusing, NOW)).toBeUndefined();
    expect(keepFirstTouch(refusing, first, NOW)).toBe(false);
    expect(() => forgetFirstTouch(refusing)).not.toThrow();
  });

  it("may be kept only with analytics allowed and no Global Privacy Control", () => {
    expect(mayKeepFirstTouch({ analytics: true }, false)).toBe(true);
    expect(mayKeepFirstTouch({ analytics: true }, true)).toBe(false);
    expect(mayKeepFirstTouch({ analytics: false }, false)).toBe(false);
    expect(mayKeepFirstTouch(undefined, false)).toBe(false);
  });
});
