/**
 * The one place that loads geoip-country (a country database inside the npm package; no network).
 * It reads its data files at load time, so it is imported lazily, on the first lookup only.
 * Bundling note: the package reads `__dirname/../package.json` and `__dirname/../data/`.
 */
export interface GeoCountry {
  /** ISO 3166-1 alpha-2, e.g. "US". */
  readonly countryCode: string;
  /** Full English name, e.g. "United States". */
  readonly country: string;
}

interface GeoipCountryModule {
  lookup(ip: string): { country?: string; name?: string } | null;
}

let loading: Promise<GeoipCountryModule> | undefined;

async function load(): Promise<GeoipCountryModule> {
  loading ??= import("geoip-country").then((module) => (module.default ?? module) as GeoipCountryModule);
  return loading;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function countryName(code: string, fromDatabase?: string): string {
  if (fromDatabase) return fromDatabase;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The country of a public address, or undefined when the database does not know it. */
export async function lookupCountry(ip: string): Promise<GeoCountry | undefined> {
  const geoip = await load();
  const found = geoip.lookup(ip);
  const code = found?.country?.toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return undefined;
  return { countryCode: code, country: countryName(code, found?.name) };
}
