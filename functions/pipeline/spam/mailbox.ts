/**
 * The e-mail address's domain: a disposable mailbox service, or a domain that cannot receive mail.
 * The disposable list is the disposable-email-domains-js package (a maintained list, updated
 * with the dependency; docs/decisions/0132-spam-mailbox-checks.md), made a Set once per container.
 * It is imported on first use: 140 KB of domains in a chunk of their own, so the forms' functions
 * stay within their bundle targets at a cold start (docs/decisions/0078-bundle-headroom.md).
 */
import { type MailAnswer, mailAnswer, type ResolveMx } from "./mail-exchanger";
import { type Finding, finding, LIMITS_OF_SIGNALS, WEIGHTS } from "./weights";

let disposable: Promise<ReadonlySet<string>> | undefined;

function disposableDomains(): Promise<ReadonlySet<string>> {
  disposable ??= import("disposable-email-domains-js").then(
    (list) => new Set(list.disposableEmailBlocklist()),
    (error: unknown) => {
      // A failed load is tried again by the next submission, not cached.
      disposable = undefined;
      throw error;
    },
  );
  return disposable;
}

/** The domain or the first of its parents on the list ("x.mailinator.com" -> "mailinator.com"). */
export async function disposableDomainOf(domain: string): Promise<string | undefined> {
  const domains = await disposableDomains();
  let candidate = domain;
  // A domain has at most 127 labels (253 characters): the loop is bounded by its dots.
  for (let guard = 0; guard < 128 && candidate.includes("."); guard += 1) {
    if (domains.has(candidate)) return candidate;
    candidate = candidate.slice(candidate.indexOf(".") + 1);
  }
  return undefined;
}

export async function disposableSignal(domain: string): Promise<Finding | undefined> {
  const listed = domain === "" ? undefined : await disposableDomainOf(domain).catch(() => undefined);
  return listed ? finding("disposable-mailbox", WEIGHTS.disposableMailbox, listed) : undefined;
}

const DETAILS: Record<Exclude<MailAnswer, "mail" | "unknown">, string> = {
  "no-domain": "the domain does not exist",
  "no-mail": "the domain has no mail exchanger and no address",
};

/** No signal on a timeout or a failing server: only an authoritative "no" counts. */
export async function mailExchangerSignal(
  resolveMx: ResolveMx | undefined,
  domain: string,
  timeoutMs: number = LIMITS_OF_SIGNALS.mxTimeoutMs,
): Promise<Finding | undefined> {
  if (!resolveMx || domain === "") return undefined;
  const answer = await mailAnswer(resolveMx, domain, timeoutMs);
  if (answer === "mail" || answer === "unknown") return undefined;
  return finding("no-mail-exchanger", WEIGHTS.noMailExchanger, `${domain}: ${DETAILS[answer]}`);
}
