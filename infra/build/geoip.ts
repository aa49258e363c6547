/**
 * geoip-country reads, when it is first required, `__dirname/../package.json` and the databases
 * `__dirname/../data/geoip-country{,6}.dat`. Bundled, `__dirname` would be the bundle's folder, so
 * the plugin points the library's `__dirname` at `<bundle>/geoip-country/lib` and
 * `copyGeoIpFiles` puts the files it reads at the matching places inside the function's asset.
 */
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "esbuild";

/** Where the library's files go, relative to the bundle folder. */
export const GEOIP_ASSET_DIR = "geoip-country";
export const GEOIP_DATA_FILES = ["data/geoip-country.dat", "data/geoip-country6.dat"] as const;

const require = createRequire(import.meta.url);

/** node_modules/geoip-country */
export function geoIpPackageDir(): string {
  return dirname(require.resolve("geoip-country/package.json"));
}

const LIB_FILE = /[\\/]geoip-country[\\/]lib[\\/]geoip\.js$/;

export function geoIpPlugin(): Plugin {
  return {
    name: "geoip-country-dirname",
    setup(build) {
      build.onLoad({ filter: LIB_FILE }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("__dirname")) {
          throw new Error(`${args.path} no longer uses __dirname: review infra/build/geoip.ts`);
        }
        // `__dirname` of the bundle is provided by the ESM banner (see functions.ts).
        const relocated =
          `var __geoipDirname = require("path").join(__dirname, ${JSON.stringify(`${GEOIP_ASSET_DIR}/lib`)});\n` +
          source.replaceAll("__dirname", "__geoipDirname");
        return { contents: relocated, loader: "js" };
      });
    },
  };
}

/** Copies package.json and the two databases next to the bundle, where the relocated library looks. */
export function copyGeoIpFiles(bundleDir: string): string[] {
  const from = geoIpPackageDir();
  const target = join(bundleDir, GEOIP_ASSET_DIR);
  const copied: string[] = [];
  for (const file of ["package.json", ...GEOIP_DATA_FILES]) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(from, file), join(target, file));
    copied.push(join(GEOIP_ASSET_DIR, file));
  }
  mkdirSync(join(target, "lib"), { recursive: true });
  return copied;
}
