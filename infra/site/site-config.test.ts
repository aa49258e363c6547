import { afterEach, describe, expect, it } from "vitest";
import { siteConfigFor } from "./site-config";

const saved = process.env.LOCAL_SITE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.LOCAL_SITE_URL;
  else process.env.LOCAL_SITE_URL = saved;
});

describe("siteConfigFor", () => {
  it("gives npm run dev the origin it really listens on, for the local stage only", () => {
    delete process.env.LOCAL_SITE_URL;
    expect(siteConfigFor("local").siteUrl).toBe("http://localhost:3000");
    process.env.LOCAL_SITE_URL = "http://localhost:3100/";
    expect(siteConfigFor("local").siteUrl).toBe("http://localhost:3100");
    expect(siteConfigFor("dev").siteUrl).toBe("https://dev.repdesk.example.com");
  });
});
