/** What each public page declares about itself for its prerendered <head>. */
export interface PageMeta {
  /** Page title without the brand suffix. */
  readonly title: string;
  /** Meta description (about 150 characters). */
  readonly description: string;
}
