/**
 * What the edge and the page tell the spam judge about one submission: the WAF token's state and
 * how long the form took to fill in. Until the edge's token check and the page's measurement are
 * wired in, every submission is "unchecked" with no fill time: the one place to change when they
 * are (functions/pipeline/spam/judge.ts SpamSubmission).
 */
import type { TokenState } from "../../../events/spam";
import type { ApiRequest } from "../../lib/http";

export interface EdgeSignals {
  readonly token: TokenState;
  readonly fillMs?: number;
}

export function edgeSignalsOf(_request: ApiRequest): EdgeSignals {
  return { token: "unchecked", fillMs: undefined };
}
