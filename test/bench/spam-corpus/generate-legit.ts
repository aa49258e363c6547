/** Legitimate submissions for generate.ts, composed from legit-pieces.ts. */
import type { TokenState } from "../../../events/spam";
import type { CorpusEntry } from "./corpus";
import { type Draw, ipv4, ipv6Network } from "./draw";
import {
  CLOSINGS,
  COMPANIES,
  FOREIGN_NOTES,
  FREE_MAIL,
  NAMES,
  NOTE_BODIES,
  NOTE_OPENINGS,
} from "./legit-pieces";

/** Latin handles for people whose name is in another script (their address is still Latin). */
const HANDLES = [
  "anna.p",
  "dmitry88",
  "wei.zhang",
  "hanako.s",
  "minjun.kim",
  "m.otaibi",
  "priya.p",
  "giorgos.p",
  "rahul.s",
  "avi.cohen",
  "lina_h",
  "nam.nguyen",
];

function latin(text: string): boolean {
  return /^[A-Za-z.' -]+$/.test(text);
}

function localPart(draw: Draw, first: string, last: string): string {
  if (!latin(first) || !latin(last))
    return draw.pick(HANDLES) + (draw.chance(0.4) ? String(draw.int(1, 99)) : "");
  const f = first.toLowerCase().replace(/[^a-z]/g, "");
  const l = last.toLowerCase().replace(/[^a-z]/g, "");
  return draw.pick([
    `${f}.${l}`,
    `${f}${l}`,
    `${f[0]}${l}`,
    `${f}_${l}${draw.int(1, 99)}`,
    `${f}${draw.int(70, 99)}`,
    f,
  ]);
}

function typo(draw: Draw, text: string): string {
  const words = text.split(" ");
  const at = draw.int(0, words.length - 1);
  const word = words[at] ?? "";
  if (word.length < 4) return text;
  const i = draw.int(1, word.length - 3);
  words[at] = word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
  return words.join(" ");
}

function note(draw: Draw, ownSite: string | undefined): string {
  if (draw.chance(0.22)) return draw.pick(FOREIGN_NOTES);
  const parts = [draw.pick(NOTE_OPENINGS)];
  const count = draw.int(1, 3);
  for (let i = 0; i < count; i += 1) parts.push(draw.pick(NOTE_BODIES));
  if (ownSite)
    parts.push(
      draw.pick([
        `Our site: https://www.${ownSite}`,
        `(${ownSite})`,
        `More about us at https://${ownSite}/about`,
        `www.${ownSite}`,
      ]),
    );
  parts.push(draw.pick(CLOSINGS));
  let text = parts.filter((part) => part !== "").join(draw.chance(0.5) ? " " : "\n");
  if (draw.chance(0.15)) text = typo(draw, text);
  if (draw.chance(0.1)) text = text.toLowerCase();
  return text;
}

function token(draw: Draw): TokenState {
  const roll = draw.next();
  return roll < 0.78 ? "valid" : roll < 0.9 ? "unchecked" : roll < 0.96 ? "absent" : "invalid";
}

function fillMs(draw: Draw): number | undefined {
  if (draw.chance(0.08)) return undefined;
  if (draw.chance(0.06)) return draw.int(5_000, 9_000); // autofill and a click
  return Math.round(Math.exp(Math.log(45_000) + 0.8 * draw.normal())) + 6_000;
}

export function legitEntry(draw: Draw): CorpusEntry {
  const [first, last] = draw.pick(NAMES);
  const business = draw.chance(0.45);
  const [company, domain] = draw.pick(COMPANIES);
  const local =
    business && draw.chance(0.2) ? draw.pick(["sales", "info", "office"]) : localPart(draw, first, last);
  const email = `${local}@${business ? domain : draw.pick(FREE_MAIL)}`;
  const pastes = business ? draw.chance(0.18) : draw.chance(0.06);
  const signup = draw.chance(0.6);
  const text = signup && draw.chance(0.33) ? undefined : note(draw, pastes ? domain : undefined);
  const common = { firstName: first, lastName: last, email };
  const fields: Record<string, unknown> = signup
    ? {
        ...common,
        teamSize: draw.pick(["solo", "team"]),
        productLines: draw.pick(["single", "multiple"]),
        ...(text ? { notes: text } : {}),
      }
    : {
        ...common,
        ...(draw.chance(0.5)
          ? {
              phone: draw.pick([
                "+1 (312) 555-0142",
                "+49 30 1234567",
                "07700 900123",
                "+81 3-1234-5678",
                "+7 495 123-45-67",
                "+971 4 123 4567",
              ]),
            }
          : {}),
        ...(business || draw.chance(0.3) ? { company } : {}),
        subject: draw.pick(["general", "sales", "sales", "support"]),
        message: text ?? draw.pick(NOTE_BODIES),
        newsletter: draw.chance(0.3),
      };
  const ms = fillMs(draw);
  return {
    kind: signup ? "signup" : "contact",
    category: !latin(first) ? "non-latin-name" : business ? "business-domain" : "free-mail",
    fields,
    email,
    ...(ms === undefined ? {} : { fillMs: ms }),
    token: token(draw),
    network: draw.chance(0.7) ? ipv4(draw) : ipv6Network(draw),
  };
}
