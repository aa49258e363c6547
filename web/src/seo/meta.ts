/** What each public page declares about itself for its prerendered <head>. */
export interface PageMeta {
  /** Page title without the brand suffix (" | RepDesk" is appended). */
  readonly title: string;
  /** Meta description (about 150 characters). */
  readonly description: string;
  /** Video preview for link unfurls (og:video, Twitter player card); the home page has one. */
  readonly video?: VideoMeta;
  /** JSON-LD objects written as <script type="application/ld+json"> data blocks. */
  readonly structuredData?: readonly Record<string, unknown>[];
  /** Keep the page out of search indexes (the 404 page). */
  readonly noindex?: boolean;
}

export interface VideoMeta {
  /** The embeddable player URL (https://www.youtube-nocookie.com/embed/...). */
  readonly embedUrl: string;
  /** The page where the video can be watched. */
  readonly watchUrl: string;
  readonly width: number;
  readonly height: number;
}
