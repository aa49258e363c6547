/** How a lead's own fields show in the tables: its name (with its address), long text cut short. */
import shared from "../common/shared.module.css";
import styles from "./leads.module.css";

export function fullName(record: { firstName: string; lastName: string }): string {
  return `${record.firstName} ${record.lastName}`;
}

/** The name, and the e-mail address under it. */
export function NameCell({ record }: { record: { firstName: string; lastName: string; email: string } }) {
  return (
    <>
      <strong className={styles.leadName}>{fullName(record)}</strong>
      <span className={styles.leadEmail}>{record.email}</span>
    </>
  );
}

/** Long text cut to the cell's width, the whole of it on hover; the fallback when there is none. */
export function TruncatedText({ text, fallback }: { text: string | undefined; fallback?: string }) {
  if (!text) return fallback ? <span className={shared.muted}>{fallback}</span> : null;
  return (
    <span className={styles.notes} title={text}>
      {text}
    </span>
  );
}
