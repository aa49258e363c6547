/**
 * What the edge and the page tell the spam judge about one submission: the WAF token's state the
 * edge inserted (functions/lib/http/token-state.ts, docs/decisions/0134-waf-token-at-the-edge.md)
 * and how long the form took to fill in, as the page measured it (events/fields.ts `fillMsField`,
 * validated with the request). The fill time is a signal only: the record keeps the form's fields
 * (functions/pipeline/submissions.ts `formValues`), never it.
 */
import type { TokenState } from "../../../events/spam";
import type { ApiRequest } from "../../lib/http";
import { tokenStateOf } from "../../lib/http/token-state";

export interface EdgeSignals {
  readonly token: TokenState;
  readonly fillMs?: number;
}

export function edgeSignalsOf(
  request: Pick<ApiRequest, "event">,
  input: { readonly fillMs?: unknown },
): EdgeSignals {
  const fillMs = typeof input.fillMs === "number" ? input.fillMs : undefined;
  return { token: tokenStateOf(request.event), ...(fillMs === undefined ? {} : { fillMs }) };
}
