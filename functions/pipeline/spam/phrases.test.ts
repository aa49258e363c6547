import { describe, expect, it } from "vitest";
import { foldedWords, spamPhraseSignal, spamPhrasesIn } from "./phrases";
import { WEIGHTS } from "./weights";

describe("known spam phrases", () => {
  it("tolerates case, spacing, hyphens, leet and look-alike letters", () => {
    for (const written of [
      "BACKLINKS",
      "b a c k l i n k s",
      "b.a.c.k.l.i.n.k.s",
      "back-links",
      "b@ckl1nks",
      "bаcklinks", // Cyrillic а
      "Backlínks",
    ]) {
      expect(spamPhrasesIn(`We sell ${written} cheap`).strong, written).toContain("backlink*");
    }
    expect(spamPhrasesIn("We will Rank   your WEBSITE").strong).toEqual(["rank your website"]);
    expect(spamPhrasesIn("guest-posting on DA50 sites").strong).toEqual(["guest post*"]);
  });

  it("reads punctuation after a word as punctuation, and joins runs of single letters", () => {
    expect(foldedWords("Casino! S E O, v!agra")).toEqual(["casino", "seo", "viagra"]);
  });

  it("finds Chinese phrases written without spaces and Russian ones by their stem", () => {
    expect(spamPhrasesIn("专业网站推广，快速排名").strong).toEqual(["网站推广", "快速排名"]);
    expect(spamPhrasesIn("Раскрутка сайта под ключ").strong).toEqual(["раскрутк*"]);
  });

  it("does not fire on enquiries that merely share words with spam", () => {
    for (const enquiry of [
      "We have 14 field reps and want to stop losing leads. Can we import our contact list?",
      "Our reps work from home two days a week; is there a mobile app?",
      "I came across your website while looking for a CRM, please send a proposal.",
    ]) {
      const { strong } = spamPhrasesIn(enquiry);
      expect(strong, enquiry).toEqual([]);
    }
  });

  it("weighs weak phrases alone at most weakAlone, and beside a strong one in full", () => {
    expect(
      spamPhraseSignal(["Is there a discount? We do SEO and crypto, kindly send a proposal"])?.weight,
    ).toBe(WEIGHTS.spamPhrases.weakAlone);
    expect(spamPhraseSignal(["Passive income: reply on WhatsApp"])).toEqual({
      code: "spam-phrases",
      weight: WEIGHTS.spamPhrases.strong + WEIGHTS.spamPhrases.weak,
      detail: "“passive income”, “whatsapp”",
    });
    expect(spamPhraseSignal(["Guaranteed returns, passive income, kindly reply on WhatsApp"])?.weight).toBe(
      WEIGHTS.spamPhrases.cap,
    );
    expect(spamPhraseSignal(["Hello, we need a CRM"])).toBeUndefined();
  });
});
