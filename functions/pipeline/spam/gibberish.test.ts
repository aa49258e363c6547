import { describe, expect, it } from "vitest";
import { gibberishSignals, isGibberish } from "./gibberish";
import type { SubmissionText } from "./text";
import { WEIGHTS } from "./weights";

describe("random letters", () => {
  it("leaves real names and words of many languages alone", () => {
    for (const word of [
      "Schwarzkopf",
      "Szczepański",
      "Brzęczyszczykiewicz",
      "Knightsbridge",
      "Llwyd",
      "Krishnamurthy",
      "McDonald",
      "DeShawn",
      "LinkedIn",
      "strengths",
      "rhythms",
      "Nguyen",
      "čtvrtletní",
      "Pflichtschule",
    ]) {
      expect(isGibberish(word, 5), word).toBe(false);
    }
  });

  it("finds keyboard mash, vowel-less strings and flipping case", () => {
    for (const word of ["dkjfhsdkjfh", "asdfghjkl", "xkqjwzt", "QwRtPzLm", "dKzQiFmgrOG", "jreqwctp"]) {
      expect(isGibberish(word), word).toBe(true);
    }
  });

  const text = (names: string[], body: string, emailDomain = "gmail.com"): SubmissionText => ({
    names,
    short: [],
    body,
    emailDomain,
  });

  it("weighs a message of random words on its own, one odd word never", () => {
    expect(
      gibberishSignals(text(["Ada", "Lovelace"], "Meeting in Angstschweiß tomorrow, Szczebrzeszyn")),
    ).toEqual([]);
    expect(gibberishSignals(text(["Ada", "Lovelace"], "dkjfhsdkjfh sdfghjkl qwrtpsdf"))).toEqual([
      {
        code: "gibberish",
        weight: WEIGHTS.gibberish.most,
        detail: "3 of 3 long words: dkjfhsdkjfh, sdfghjkl, qwrtpsdf",
      },
    ]);
  });

  it("reads names and the mail domain, not links", () => {
    expect(gibberishSignals(text(["xkqjwz", "Smith"], "see https://bit.ly/xQzKwPt", "jreqwctp.com"))).toEqual(
      [
        { code: "gibberish", weight: WEIGHTS.gibberish.nameFields, detail: "name: xkqjwz" },
        { code: "gibberish", weight: WEIGHTS.gibberish.mailDomain, detail: "mail domain jreqwctp.com" },
      ],
    );
  });
});
