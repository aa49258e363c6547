/**
 * Each persona page prerenders everything below its hero in one island (decision 0012), so the
 * first load carries only the hero and its sample dashboard. This is what the page hands it.
 */
export interface PersonaDetailsProps {
  /** The page, for analytics labels (e.g. "Agency Owners"). */
  readonly source: string;
}
