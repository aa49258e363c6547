/** The two messages the MOQ illustration shows (docs/product/site.md, verbatim apart from the count). */
export const MOQ_MET = "MOQ requirement satisfied";

export function moqShortfallMessage(unitsShort: number): string {
  return `Minimum order quantity not met. Add ${unitsShort} more units to proceed.`;
}

/** What the MOQ check says about a quantity: satisfied, or how many more units are needed. */
export function moqCheck(
  quantity: number,
  minimum: number,
): { readonly met: boolean; readonly message: string } {
  const unitsShort = minimum - quantity;
  return unitsShort > 0
    ? { met: false, message: moqShortfallMessage(unitsShort) }
    : { met: true, message: MOQ_MET };
}
