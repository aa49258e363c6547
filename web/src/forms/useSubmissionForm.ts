import { type FormEvent, useEffect, useRef, useState } from "react";
import type { SourceTouch } from "../../../events/lead-source";
import { HONEYPOT_FIELD } from "../../../events/options";
import { loadSourceCapture } from "../analytics/landing";
import { afterFirstPaint } from "../boot/afterFirstPaint";
import { config } from "../config";
import { fillMsSince, formShownAt, newSubmissionId, postForm, SUBMIT_ERROR_ALERT } from "./submit";
import { useFieldErrors } from "./useFieldErrors";
import { loadWafSdk } from "./wafToken";
import { within } from "./within";

type Body<V> = V & { submissionId: string; [HONEYPOT_FIELD]: string; source?: SourceTouch };

/** How long a submit waits for the source's capture to load, at most. */
const SOURCE_TIMEOUT_MS = 2_000;

/** Where the visitor came from, if the capture loads in time; a form never fails for want of it. */
function sourceForSubmit(): Promise<SourceTouch | undefined> {
  return within(loadSourceCapture(), SOURCE_TIMEOUT_MS).then(
    (capture) => capture.sourceForSubmit(),
    () => undefined,
  );
}

/** How one form differs: its fields, endpoint, analytics and optional client-side validation. */
export interface SubmissionFormOptions<V extends object, F extends string> {
  readonly initial: V;
  /** The fields whose errors the form shows, in page order. */
  readonly fields: readonly F[];
  readonly endpoint: string;
  /** Log prefix of a failure ("Signup" → "Signup submission failed ..."). */
  readonly name: string;
  /** Once, on the first edit that `startsWith` accepts (default: any edit). */
  onStart(): void;
  startsWith?(value: V[keyof V]): boolean;
  /** Client-side checks before the POST; the messages of the invalid fields, or null. */
  validate?(body: Body<V>): Promise<Record<string, string> | null>;
  onInvalid?(shown: Partial<Record<F, string>>): void;
  onSuccess(values: V): void;
  /** After a rejected or failed POST (HTTP status, 0 for the network) or a client error ("client"). */
  onFailure?(status: number | "client", shown: Partial<Record<F, string>>): void;
}

/**
 * What the signup and contact forms share (docs/product/site.md): values kept on failure, a
 * submission id made once per form (a retry is the same lead), the honeypot, a pending state, field
 * errors that clear when their field is edited, and the failure alert; and for the spam judge, the
 * WAF token and the fill time (docs/decisions/0135-waf-token-in-the-page.md). Every body carries
 * where the visitor came from, as far as their consent allows (../analytics/sourceCapture.ts).
 */
export function useSubmissionForm<V extends object, F extends string>(options: SubmissionFormOptions<V, F>) {
  const [values, setValues] = useState<V>(options.initial);
  const [honeypot, setHoneypot] = useState("");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const { errors, clear, show } = useFieldErrors<F>();
  const submissionId = useRef<string | null>(null);
  const started = useRef(false);
  const shownAt = useRef<number | null>(null);

  // When the form was shown (its fill time goes with the submit), and the WAF integration script,
  // after the first paint and only here, so that no other page loads it and none waits for it. No
  // cap on the wait: on a busy device the paint may come late, and the submit loads the script
  // itself if it is still missing then.
  useEffect(() => {
    shownAt.current = formShownAt();
    if (!config.wafSdkUrl) return;
    afterFirstPaint(null)
      .then(() => loadWafSdk())
      .catch(() => {}); // the submit tries again, within its time limit, and goes without a token
  }, []);

  const update = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((options.fields as readonly PropertyKey[]).includes(field)) clear(field as unknown as F);
    if (!started.current && (options.startsWith?.(value) ?? true)) {
      started.current = true;
      options.onStart();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    submissionId.current ??= newSubmissionId();
    const body: Body<V> = {
      ...values,
      submissionId: submissionId.current,
      [HONEYPOT_FIELD]: honeypot,
      source: await sourceForSubmit(),
    };
    try {
      const invalid = options.validate ? await options.validate(body) : null;
      if (invalid) {
        options.onInvalid?.(show(invalid, options.fields));
        return;
      }
      const fillMs = shownAt.current === null ? undefined : fillMsSince(shownAt.current);
      const result = await postForm(options.endpoint, { ...body, fillMs });
      if (result.ok) {
        options.onSuccess(values);
        setDone(true);
        return;
      }
      console.error(`${options.name} submission failed with status ${result.status}`);
      options.onFailure?.(result.status, result.fieldErrors ? show(result.fieldErrors, options.fields) : {});
      window.alert(SUBMIT_ERROR_ALERT);
    } catch (error) {
      console.error(`${options.name} submission failed`, error);
      options.onFailure?.("client", {});
      window.alert(SUBMIT_ERROR_ALERT);
    } finally {
      setPending(false);
    }
  };

  return { values, setValues, update, honeypot, setHoneypot, pending, done, errors, onSubmit };
}
