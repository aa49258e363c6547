/**
 * /commandcenter/privacy (Admin only; docs/decisions/0095-privacy-requests.md): search one address,
 * see what is held per category, download it as JSON, erase it (the address again and the
 * password), and the stage's retention period.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PRIVACY_TEXTS, type PrivacyErasure } from "../../../../events/privacy";
import { useAuth } from "../common/AuthProvider";
import { failureMessage, fieldErrorsOf } from "../common/api";
import { ActionMessages } from "../common/ErrorNotice";
import { FormField } from "../common/FormField";
import styles from "../common/shared.module.css";
import { EraseDialog } from "./EraseDialog";
import { PrivacySummaryCard } from "./PrivacySummaryCard";
import { downloadExport, PRIVACY_SETTINGS_KEY, privacyApi } from "./privacyQueries";

/** What a Staff member sees (the API answers them 403). */
export const PRIVACY_ADMIN_ONLY = "Only admins can handle privacy requests.";

export function PrivacyPage() {
  const { user } = useAuth();
  if (user?.role !== "admin")
    return (
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{PRIVACY_ADMIN_ONLY}</h2>
      </section>
    );
  return (
    <>
      <PrivacySearch />
      <Retention />
    </>
  );
}

function PrivacySearch() {
  const [email, setEmail] = useState("");
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState<PrivacyErasure>();
  const find = useMutation({ mutationFn: (address: string) => privacyApi.find(address) });
  const exported = useMutation({ mutationFn: (address: string) => downloadExport(address) });
  const searched = find.variables ?? "";
  const fieldError = fieldErrorsOf(find.error).email;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErased(undefined);
    find.mutate(email);
  };
  const onErased = (erasure: PrivacyErasure) => {
    setErasing(false);
    setErased(erasure);
    find.mutate(searched);
  };
  return (
    <>
      <section className={styles.card} aria-labelledby="privacy-search-title">
        <h2 id="privacy-search-title" className={styles.cardTitle}>
          {PRIVACY_TEXTS.title}
        </h2>
        <p className={styles.muted}>{PRIVACY_TEXTS.intro}</p>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label={PRIVACY_TEXTS.searchLabel}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className={styles.primaryButton} disabled={find.isPending}>
            {find.isPending ? "Searching..." : PRIVACY_TEXTS.search}
          </button>
        </form>
      </section>
      <ActionMessages
        notice={erased ? `${PRIVACY_TEXTS.erased} ${erased.reference}` : ""}
        error={
          (find.isError && !fieldError ? failureMessage(find.error, "The search failed.") : "") ||
          (exported.isError ? failureMessage(exported.error, "The export failed.") : "")
        }
      />
      {find.data && (
        <PrivacySummaryCard
          summary={find.data}
          busy={find.isPending || exported.isPending}
          onExport={() => exported.mutate(searched)}
          onErase={() => setErasing(true)}
        />
      )}
      {erasing && <EraseDialog email={searched} onClose={() => setErasing(false)} onErased={onErased} />}
    </>
  );
}

function Retention() {
  const settings = useQuery({ queryKey: PRIVACY_SETTINGS_KEY, queryFn: () => privacyApi.settings() });
  const days = settings.data?.retentionDays;
  return (
    <section className={styles.card} aria-labelledby="privacy-retention-title">
      <h2 id="privacy-retention-title" className={styles.cardTitle}>
        {PRIVACY_TEXTS.retentionTitle}
      </h2>
      {settings.isError ? (
        <ActionMessages
          notice=""
          error={failureMessage(settings.error, "Loading the retention period failed.")}
        />
      ) : (
        <p data-testid="privacy-retention">
          {days === undefined
            ? "Loading..."
            : days === 0
              ? PRIVACY_TEXTS.retentionKept
              : PRIVACY_TEXTS.retentionDays(days)}
        </p>
      )}
    </section>
  );
}
