import { describe, expect, it } from "vitest";
import { mixedScriptSignals } from "./scripts";
import type { SubmissionText } from "./text";
import { WEIGHTS } from "./weights";

const text = (names: string[], body: string): SubmissionText => ({
  names,
  short: [],
  body,
  emailDomain: "example.com",
});

describe("mixed alphabets", () => {
  it("leaves people's own scripts alone, and Latin words inside Chinese or Japanese", () => {
    for (const [names, body] of [
      [["Анна", "Петрова"], "Здравствуйте! Нам нужна CRM для 12 торговых представителей."],
      [
        ["Anna", "Petrova"],
        "Здравствуйте! Нам нужна CRM для 12 торговых представителей, и демо на следующей неделе пожалуйста.",
      ],
      [["王", "伟"], "我们用iPhone和Excel管理客户，需要CRM系统。"],
      [["Γιώργος", "Παπαδόπουλος"], "Καλησπέρα σας, είμαστε εταιρεία διανομής με 7 πωλητές."],
      [["محمد", "العتيبي"], "مرحبا، نحن شركة توزيع في دبي ولدينا ١٠ مندوبين مبيعات."],
    ] as const) {
      expect(mixedScriptSignals(text([...names], body), false), body).toEqual([]);
    }
  });

  it("finds words spelled with look-alike letters of another alphabet", () => {
    // "Pаypal" and "bаcklinks" carry a Cyrillic "а".
    const one = mixedScriptSignals(text(["John", "Smith"], "Your Pаypal is on hold"), false);
    expect(one).toEqual([
      {
        code: "mixed-scripts",
        weight: WEIGHTS.mixedScripts.oneWord,
        detail: "letters of two alphabets in one word: Pаypal",
      },
    ]);
    const several = mixedScriptSignals(text(["Jоhn", "Smith"], "Gеt frее bаcklinks"), false);
    expect(several[0]?.weight).toBe(WEIGHTS.mixedScripts.severalWords);
  });

  it("notes a name in one alphabet above a long body with links in another, weakly", () => {
    const body =
      "Продвижение сайтов в ТОП-10 Яндекса и Google. Гарантия результата, вечные ссылки, прогон по базам. Пишите нам в любое время, ответим быстро и недорого.";
    expect(mixedScriptSignals(text(["John", "Smith"], body), false)).toEqual([]);
    expect(mixedScriptSignals(text(["John", "Smith"], body), true)).toEqual([
      {
        code: "mixed-scripts",
        weight: WEIGHTS.mixedScripts.nameAndBody,
        detail: "name in latin, message in cyrillic",
      },
    ]);
  });
});
