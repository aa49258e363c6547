import { afterEach, describe, expect, it } from "vitest";
import { localTagManagerId, siteConfigFor } from "./site-config";

const saved = { LOCAL_SITE_URL: process.env.LOCAL_SITE_URL, TAG_MANAGER_ID: process.env.TAG_MANAGER_ID };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("siteConfigFor", () => {
  it("gives npm run dev the origin it really listens on, for the local stage only", () => {
    delete process.env.LOCAL_SITE_URL;
    expect(siteConfigFor("local").siteUrl).toBe("http://localhost:3000");
    process.env.LOCAL_SITE_URL = "http://localhost:3100/";
    expect(siteConfigFor("local").siteUrl).toBe("http://localhost:3100");
    expect(siteConfigFor("dev").siteUrl).toBe("https://dev.repdesk.example.com");
  });

  it("gives the local stage the container of TAG_MANAGER_ID, and no other stage", () => {
    delete process.env.TAG_MANAGER_ID;
    expect(siteConfigFor("local").tagManagerId).toBeUndefined();
    process.env.TAG_MANAGER_ID = "GTM-LOCAL1";
    expect(siteConfigFor("local").tagManagerId).toBe("GTM-LOCAL1");
    expect(siteConfigFor("dev").tagManagerId).toBeUndefined();
    expect(siteConfigFor("prod").tagManagerId).toBe("GTM-REPDESK1");
    process.env.TAG_MANAGER_ID = "";
    expect(siteConfigFor("local").tagManagerId).toBeUndefined();
  });

  it("refuses a TAG_MANAGER_ID that is not a container id (it ends up in the bundle and the CSP)", () => {
    for (const id of ["gtm-abc", "GTM-", "UA-1234", 'GTM-A"};alert(1)//', "GTM-ABC https://evil.example"]) {
      expect(() => localTagManagerId({ TAG_MANAGER_ID: id })).toThrow(/TAG_MANAGER_ID/);
    }
    expect(localTagManagerId({ TAG_MANAGER_ID: "GTM-ABC123" })).toBe("GTM-ABC123");
  });
});
