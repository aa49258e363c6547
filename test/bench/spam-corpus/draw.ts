/** A seeded source of choices for the corpus generator (the same corpus on every run). */
import { seededRandom } from "../../support/seeded-random";

export interface Draw {
  next(): number;
  chance(p: number): boolean;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A standard normal value (Box-Muller). */
  normal(): number;
}

export function drawFrom(seed: number): Draw {
  const next = seededRandom(seed);
  const draw: Draw = {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
  return draw;
}

/** A public IPv4 address from documentation-like but varied ranges. */
export function ipv4(draw: Draw): string {
  return `${draw.pick([24, 31, 46, 62, 73, 81, 92, 104, 109, 151, 176, 188, 203, 212])}.${draw.int(0, 255)}.${draw.int(0, 255)}.${draw.int(1, 254)}`;
}

export function ipv6Network(draw: Draw): string {
  const hex = () => draw.int(0, 0xffff).toString(16);
  return `2a02:${hex()}:${hex()}:${hex()}::/64`;
}
