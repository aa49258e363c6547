import type { VideoMeta } from "../../seo/meta";

/** The product demo video (YouTube, embedded through the privacy-enhanced youtube-nocookie host). */
export const DEMO_VIDEO_ID = "ysz5S6PUM-U";
export const DEMO_VIDEO_TITLE = "RepDesk order management demo";

export const DEMO_VIDEO: VideoMeta = {
  embedUrl: `https://www.youtube-nocookie.com/embed/${DEMO_VIDEO_ID}`,
  watchUrl: `https://www.youtube.com/watch?v=${DEMO_VIDEO_ID}`,
  width: 1280,
  height: 720,
};
