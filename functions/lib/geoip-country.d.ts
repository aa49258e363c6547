// geoip-country ships no type declarations; this covers the one call the project makes.
declare module "geoip-country" {
  export function lookup(ip: string): { country?: string; name?: string } | null;
  const geoip: { lookup: typeof lookup };
  export default geoip;
}
