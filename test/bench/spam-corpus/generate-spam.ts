/** Spam submissions for generate.ts, per kind, composed from spam-pieces.ts. */
import type { TokenState } from "../../../events/spam";
import type { CorpusEntry } from "./corpus";
import { type Draw, ipv4, ipv6Network } from "./draw";
import {
  CALLS,
  CHINESE_SPAM,
  CRYPTO,
  DISPOSABLE,
  LIST_OFFERS,
  LOOKALIKE_TEXTS,
  RUSSIAN_SPAM,
  SCRIPTED_TEXTS,
  SEO_OFFERS,
  SEO_OPENINGS,
  SPAM_HOSTS,
  SPAM_MAILBOXES,
  SPAM_NAMES,
  WEB_OFFERS,
} from "./spam-pieces";

interface Sender {
  readonly token: TokenState;
  readonly fillMs?: number;
  readonly network: string;
}

/** A bot (no or a refused token, a few hundred milliseconds) or a person paid to paste (a browser, a minute). */
function sender(draw: Draw, humanShare: number): Sender {
  const network = draw.chance(0.8) ? ipv4(draw) : ipv6Network(draw);
  if (draw.chance(humanShare)) {
    return { token: draw.chance(0.85) ? "valid" : "unchecked", fillMs: draw.int(20_000, 240_000), network };
  }
  const roll = draw.next();
  const token: TokenState = roll < 0.55 ? "absent" : roll < 0.8 ? "invalid" : "unchecked";
  return { token, fillMs: draw.chance(0.9) ? draw.int(150, 4_800) : draw.int(5_000, 30_000), network };
}

function links(draw: Draw, min: number, max: number): string {
  const count = draw.int(min, max);
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const host = draw.pick(SPAM_HOSTS);
    out.push(
      draw.chance(0.7) ? `https://${host}${draw.chance(0.3) ? `/?ref=${draw.int(100, 999)}` : ""}` : host,
    );
  }
  return out.join(draw.pick([" ", "\n", " | ", ", "]));
}

function random(draw: Draw, length: number, mixedCase = false): string {
  const letters = "bcdfghjklmnpqrstvwxzaeiou";
  let out = "";
  for (let i = 0; i < length; i += 1) {
    const char = letters.charAt(draw.chance(0.82) ? draw.int(0, 19) : draw.int(20, 24));
    out += mixedCase && draw.chance(0.5) ? char.toUpperCase() : char;
  }
  return out;
}

function entry(
  draw: Draw,
  category: string,
  name: readonly [string, string],
  email: string,
  text: string,
  who: Sender,
  extra: Partial<CorpusEntry> = {},
): CorpusEntry {
  const signup = draw.chance(0.35);
  const fields: Record<string, unknown> = signup
    ? {
        firstName: name[0],
        lastName: name[1],
        email,
        teamSize: draw.pick(["solo", "team"]),
        productLines: draw.pick(["single", "multiple"]),
        notes: text,
      }
    : {
        firstName: name[0],
        lastName: name[1],
        email,
        ...(draw.chance(0.4)
          ? {
              company: draw.pick([
                "Digital Growth",
                "SEO Experts",
                "WebSolutions",
                "Rank Masters",
                "Global IT",
              ]),
            }
          : {}),
        subject: "general",
        message: text,
        newsletter: false,
      };
  return {
    kind: signup ? "signup" : "contact",
    category,
    fields,
    email,
    token: who.token,
    ...(who.fillMs === undefined ? {} : { fillMs: who.fillMs }),
    network: who.network,
    ...extra,
  };
}

function mailbox(draw: Draw, name: readonly [string, string]): string {
  return `${name[0].toLowerCase()}${draw.pick([".", "", "_"])}${name[1].toLowerCase()}${draw.chance(0.5) ? draw.int(1, 999) : ""}@${draw.pick(SPAM_MAILBOXES)}`;
}

function offer(draw: Draw, offers: readonly string[], withLinks: number): string {
  const name = draw.pick(SPAM_NAMES)[0];
  const parts = [
    draw.pick(SEO_OPENINGS),
    draw.pick(offers),
    ...(draw.chance(0.5) ? [draw.pick(offers)] : []),
    draw.pick(CALLS),
  ];
  if (draw.chance(withLinks)) parts.splice(2, 0, links(draw, 1, 3));
  return parts.join(draw.chance(0.5) ? " " : "\n\n").replaceAll("{name}", name);
}

type Maker = (draw: Draw) => CorpusEntry | CorpusEntry[];

export const SPAM_KINDS: Record<string, { count: number; make: Maker }> = {
  seo: {
    count: 70,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      return entry(d, "seo", n, mailbox(d, n), offer(d, SEO_OFFERS, 0.5), sender(d, 0.4));
    },
  },
  "web-design": {
    count: 50,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      return entry(d, "web-design", n, mailbox(d, n), offer(d, WEB_OFFERS, 0.4), sender(d, 0.4));
    },
  },
  crypto: {
    count: 50,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      return entry(
        d,
        "crypto",
        n,
        mailbox(d, n),
        `${d.pick(CRYPTO)} ${d.chance(0.6) ? links(d, 1, 2) : d.pick(CALLS)}`,
        sender(d, 0.3),
      );
    },
  },
  "link-stuffed": {
    count: 50,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      const body = d.chance(0.3)
        ? `<a href="https://${d.pick(SPAM_HOSTS)}">${d.pick(["best prices", "click", "cheap", "visit"])}</a> [url=https://${d.pick(SPAM_HOSTS)}]deals[/url]`
        : `${d.pick(["Check these:", "Useful links", "", "Hi"])} ${links(d, 4, 12)}`;
      return entry(d, "link-stuffed", n, mailbox(d, n), body, sender(d, 0.2));
    },
  },
  lists: {
    count: 40,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      return entry(d, "lists", n, mailbox(d, n), offer(d, LIST_OFFERS, 0.3), sender(d, 0.4));
    },
  },
  gibberish: {
    count: 50,
    make: (d) => {
      const n: [string, string] = [
        random(d, d.int(5, 10), d.chance(0.5)),
        random(d, d.int(5, 10), d.chance(0.5)),
      ];
      const words = Array.from({ length: d.int(2, 12) }, () => random(d, d.int(6, 14), d.chance(0.3)));
      const domain = d.chance(0.5) ? d.pick(SPAM_MAILBOXES) : `${random(d, d.int(6, 10))}.com`;
      return entry(d, "gibberish", n, `${random(d, 8)}@${domain}`, words.join(" "), sender(d, 0.15));
    },
  },
  burst: {
    count: 60,
    make: (d) => {
      const network = d.chance(0.7) ? ipv4(d) : ipv6Network(d);
      return Array.from({ length: 15 }, () => {
        const n = d.pick(SPAM_NAMES);
        const token: TokenState = d.pick(["absent", "absent", "invalid", "unchecked"]);
        return entry(d, "burst", n, mailbox(d, n), d.pick(SCRIPTED_TEXTS), {
          token,
          fillMs: d.int(200, 3_500),
          network,
        });
      });
    },
  },
  "mixed-scripts": {
    count: 40,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      const text = d.chance(0.6)
        ? `${d.pick(LOOKALIKE_TEXTS)}. ${d.pick(LOOKALIKE_TEXTS)} ${links(d, 0, 1)}`
        : `${d.pick([...RUSSIAN_SPAM, ...CHINESE_SPAM])} ${links(d, 1, 2)}`;
      return entry(d, "mixed-scripts", n, mailbox(d, n), text, sender(d, 0.3));
    },
  },
  "foreign-spam": {
    count: 30,
    make: (d) => {
      const russian = d.chance(0.6);
      const n: [string, string] = russian
        ? d.pick([
            ["Иван", "Петров"],
            ["Олег", "Смирнов"],
            ["Мария", "Волкова"],
          ])
        : d.pick([
            ["李", "强"],
            ["王", "芳"],
            ["刘", "洋"],
          ]);
      const text =
        `${d.pick(russian ? RUSSIAN_SPAM : CHINESE_SPAM)} ${d.chance(0.5) ? links(d, 1, 2) : ""}`.trim();
      return entry(
        d,
        "foreign-spam",
        n,
        `${random(d, 7)}@${russian ? d.pick(["mail.ru", "yandex.ru", "bk.ru"]) : d.pick(["qq.com", "163.com"])}`,
        text,
        sender(d, 0.3),
      );
    },
  },
  disposable: {
    count: 50,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      const text = d.chance(0.5)
        ? d.pick(SCRIPTED_TEXTS)
        : d.pick([
            "Just testing your trial",
            "Want to see the product",
            "Send me the pricing",
            "Looking for a CRM",
          ]);
      return entry(d, "disposable", n, `${random(d, 9)}@${d.pick(DISPOSABLE)}`, text, sender(d, 0.5));
    },
  },
  "fake-domain": {
    count: 40,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      const randomLabel = d.chance(0.5);
      const domain = randomLabel
        ? `${random(d, d.int(7, 11))}.${d.pick(["com", "net", "info", "biz"])}`
        : `${d.pick(["best", "top", "global", "prime"])}-${d.pick(["bizdeals", "leadsnow", "tradehub", "salesmax"])}${d.int(10, 99)}.${d.pick(["com", "net", "co"])}`;
      const text = d.chance(0.5) ? d.pick(SCRIPTED_TEXTS) : offer(d, [...SEO_OFFERS, ...LIST_OFFERS], 0.3);
      return entry(
        d,
        "fake-domain",
        n,
        `${n[0].toLowerCase()}@${domain}`,
        text,
        sender(d, 0.4),
        d.chance(randomLabel ? 0.7 : 0.6) ? { mx: d.pick(["no-domain", "no-domain", "no-mail"]) } : {},
      );
    },
  },
  honeypot: {
    count: 30,
    make: (d) => {
      const n = d.pick(SPAM_NAMES);
      return entry(
        d,
        "honeypot",
        n,
        mailbox(d, n),
        d.pick([...SCRIPTED_TEXTS, ...SEO_OFFERS]),
        sender(d, 0.1),
        { honeypotFilled: true },
      );
    },
  },
};
