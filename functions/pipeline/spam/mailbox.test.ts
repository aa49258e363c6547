import { createSocket } from "node:dgram";
import { describe, expect, it } from "vitest";
import { dnsMailExchanger, type MailAnswer, mailAnswer, type ResolveMx } from "./mail-exchanger";
import { disposableDomainOf, disposableSignal, mailExchangerSignal } from "./mailbox";
import { WEIGHTS } from "./weights";

describe("disposable mailboxes", () => {
  it("knows the well-known services from the package's list, and their subdomains", async () => {
    expect(await disposableSignal("mailinator.com")).toEqual({
      code: "disposable-mailbox",
      weight: WEIGHTS.disposableMailbox,
      detail: "mailinator.com",
    });
    expect(await disposableDomainOf("team.yopmail.com")).toBe("yopmail.com");
  });

  it("leaves free mail and business domains alone", async () => {
    for (const domain of ["gmail.com", "proton.me", "yandex.ru", "qq.com", "acme.io", "", "com"]) {
      expect(await disposableSignal(domain), domain).toBeUndefined();
    }
  });
});

const answering =
  (answer: MailAnswer): ResolveMx =>
  async () =>
    answer;

describe("a domain without a mail exchanger", () => {
  it("fires only on an authoritative no", async () => {
    expect(await mailExchangerSignal(answering("no-domain"), "nowhere-xyz.com")).toEqual({
      code: "no-mail-exchanger",
      weight: WEIGHTS.noMailExchanger,
      detail: "nowhere-xyz.com: the domain does not exist",
    });
    expect((await mailExchangerSignal(answering("no-mail"), "parked.com"))?.detail).toBe(
      "parked.com: the domain has no mail exchanger and no address",
    );
    expect(await mailExchangerSignal(answering("mail"), "acme.io")).toBeUndefined();
    expect(await mailExchangerSignal(answering("unknown"), "flaky.io")).toBeUndefined();
    expect(await mailExchangerSignal(undefined, "acme.io")).toBeUndefined();
  });

  it("is no signal when the lookup throws, or asks nothing for a name that is not a host name", async () => {
    let asked = 0;
    const throwing: ResolveMx = async () => {
      asked += 1;
      throw new Error("SERVFAIL");
    };
    expect(await mailExchangerSignal(throwing, "acme.io")).toBeUndefined();
    expect(await mailAnswer(throwing, "[127.0.0.1]", 50)).toBe("unknown");
    expect(await mailAnswer(throwing, "a".repeat(300), 50)).toBe("unknown");
    expect(asked).toBe(1);
  });

  it("never waits past its limit: a lookup that never ends is no signal", async () => {
    const never: ResolveMx = () => new Promise<MailAnswer>(() => {});
    expect(await mailAnswer(never, "silent.example", 20)).toBe("unknown");
  });

  it("keeps definite answers per container, and asks again after an unknown one", async () => {
    const asked: string[] = [];
    const answers: MailAnswer[] = ["unknown", "no-domain"];
    const counting: ResolveMx = async (domain) => {
      asked.push(domain);
      return answers.shift() ?? "mail";
    };
    expect(await mailAnswer(counting, "cached.example", 50)).toBe("unknown");
    expect(await mailAnswer(counting, "cached.example", 50)).toBe("no-domain");
    expect(await mailAnswer(counting, "cached.example", 50)).toBe("no-domain");
    expect(asked).toEqual(["cached.example", "cached.example"]);
  });

  it("asks DNS and gives up by itself when the server never answers", async () => {
    const socket = createSocket("udp4");
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
    try {
      const resolve = dnsMailExchanger([`127.0.0.1:${socket.address().port}`]);
      // The resolver's own channel ends at the limit; the judge's race is not what ends it here.
      expect(await resolve("unanswered.example", 50)).toBe("unknown");
    } finally {
      socket.close();
    }
  });
});
