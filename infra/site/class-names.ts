/**
 * Short class names for the CSS Modules of a production build. Vite's default,
 * `_<name>_<hash>_<line>`, is about 20 characters, repeated on every element of every prerendered
 * page; a public page's HTML and its inline CSS then no longer fit the first round trip of a
 * connection (docs/decisions/0113-first-paint-in-the-first-round-trip.md). A short name is an
 * underscore and six characters of a hash of the module's path and the local class name: stable
 * between builds, the same in the client and the prerender build, and refused if two classes of one
 * build ever meet on the same name.
 */
import { createHash } from "node:crypto";
import path from "node:path";

export type ScopedName = (local: string, file: string) => string;

/**
 * `root`: the folder module paths are taken relative to, so the names do not depend on the clone's
 * path. `length`: characters of the hash (base64url: six give 2^36 names for a few hundred classes).
 */
export function shortClassNames(root: string, length = 6): ScopedName {
  const owners = new Map<string, string>();
  return (local, file) => {
    const module = path.relative(root, file.replace(/\?.*$/, "")).split(path.sep).join("/");
    const owner = `${module}:${local}`;
    const digest = createHash("sha256").update(owner).digest("base64url");
    const name = `_${digest.slice(0, length)}`;
    const previous = owners.get(name);
    if (previous !== undefined && previous !== owner)
      throw new Error(`Two CSS classes got the name ${name}: ${previous} and ${owner}`);
    owners.set(name, owner);
    return name;
  };
}
