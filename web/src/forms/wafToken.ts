/**
 * The WAF token of the public forms (docs/decisions/0135-waf-token-in-the-page.md): AWS WAF's
 * JavaScript integration script, loaded after the first paint by the forms only, asked for a token
 * just before submit. Nothing here may stop a person from submitting: a script that does not load,
 * or a token that does not come within SDK_TIMEOUT_MS, means a submission without one, which the
 * edge lets through marked "absent" (docs/decisions/0134-waf-token-at-the-edge.md).
 */
import { config } from "../config";
import { within } from "./within";

/** The part of AWS's challenge.js the forms use (the local stand-in has the same: infra/local/waf-standin.ts). */
interface AwsWafIntegration {
  getToken(): Promise<string>;
  forceRefreshToken?(): Promise<string>;
}

declare global {
  interface Window {
    AwsWafIntegration?: AwsWafIntegration;
  }
}

/** How long a submit waits for the script and its token, at most. */
export const SDK_TIMEOUT_MS = 3_000;

let loading: Promise<AwsWafIntegration> | undefined;

/** Loads the integration script once (a rejected load is tried again on the next call). */
export function loadWafSdk(url: string | undefined = config.wafSdkUrl): Promise<AwsWafIntegration> {
  if (!url) return Promise.reject(new Error("no WAF integration script on this stage"));
  if (window.AwsWafIntegration) return Promise.resolve(window.AwsWafIntegration);
  loading ??= new Promise<AwsWafIntegration>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.AwsWafIntegration
        ? resolve(window.AwsWafIntegration)
        : reject(new Error("the WAF integration script defined no AwsWafIntegration"));
    script.onerror = () => reject(new Error(`the WAF integration script did not load: ${url}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A token to send with this submit, or undefined when there is none to be had in time (no script on
 * this stage, blocked, failed, slow). `fresh`: a new one even if the script holds a good one (after
 * the edge challenged the last).
 */
export async function tokenForSubmit({
  fresh = false,
  timeoutMs = SDK_TIMEOUT_MS,
}: {
  fresh?: boolean;
  timeoutMs?: number;
} = {}): Promise<string | undefined> {
  if (!config.wafSdkUrl) return undefined;
  try {
    const token = await within(
      loadWafSdk().then((sdk) => (fresh && sdk.forceRefreshToken ? sdk.forceRefreshToken() : sdk.getToken())),
      timeoutMs,
    );
    return typeof token === "string" && token.length > 0 ? token : undefined;
  } catch (error) {
    console.warn("Submitting without a WAF token", error);
    return undefined;
  }
}
