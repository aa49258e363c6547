import { useEffect, useRef, useState } from "react";
import { trackEvent } from "../../analytics";
import { Icon } from "../../components/ui/Icon";
import styles from "./DemoVideo.module.css";
import { DEMO_VIDEO, DEMO_VIDEO_TITLE } from "./demoVideo";

const PLAYER_ORIGIN = "https://www.youtube-nocookie.com";
/** How long the player has to announce itself before we fall back to the link. */
export const EMBED_TIMEOUT_MS = 8000;

type State = "poster" | "loading" | "playing" | "failed";

/**
 * A click-to-load facade: the page ships only a CSS poster and a button; the YouTube player (and
 * its megabytes) load when someone asks for the video. The player is asked to talk back (IFrame API
 * "listening" handshake); if it never does — blocked, offline, removed video — the embed is replaced
 * by a link to the video page (docs/product/site.md).
 */
export function DemoVideo() {
  const [state, setState] = useState<State>("poster");
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (state !== "loading") return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === PLAYER_ORIGIN && event.source === frame.current?.contentWindow)
        setState("playing");
    };
    window.addEventListener("message", onMessage);
    const timer = window.setTimeout(() => {
      setState("failed");
      trackEvent("error", { category: "Errors", label: "Demo video embed failed" });
    }, EMBED_TIMEOUT_MS);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearTimeout(timer);
    };
  }, [state]);

  const start = () => {
    trackEvent("feature_view", { category: "Platform Features", label: "Demo video" });
    setState(navigator.onLine === false ? "failed" : "loading");
  };

  const announce = () => {
    frame.current?.contentWindow?.postMessage(
      JSON.stringify({ event: "listening", id: "demo-video" }),
      PLAYER_ORIGIN,
    );
  };

  if (state === "failed") {
    return (
      <div className={`${styles.frame} ${styles.fallback}`}>
        <p>The video player could not be loaded here.</p>
        <a
          href={DEMO_VIDEO.watchUrl}
          className={styles.fallbackLink}
          target="_blank"
          rel="noopener noreferrer"
        >
          Watch the demo video on YouTube
          <Icon name="external" size={16} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    );
  }

  if (state === "poster") {
    return (
      <button type="button" className={`${styles.frame} ${styles.poster}`} onClick={start}>
        <span className={styles.play}>
          <Icon name="play" size={32} />
        </span>
        <span className={styles.posterTitle}>Watch the 3-minute demo</span>
        <span className={styles.posterText}>See an order go from entry to confirmation email</span>
      </button>
    );
  }

  const origin = encodeURIComponent(window.location.origin);
  return (
    <div className={styles.frame}>
      <iframe
        ref={frame}
        className={styles.player}
        src={`${DEMO_VIDEO.embedUrl}?autoplay=1&rel=0&enablejsapi=1&origin=${origin}`}
        title={DEMO_VIDEO_TITLE}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={announce}
      />
    </div>
  );
}
