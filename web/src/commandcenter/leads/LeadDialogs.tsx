/** The lead list's dialogs: a lead's details (with its desk). */
import { Fragment, type ReactNode } from "react";
import type { LeadFields } from "../../../../events/lead-fields";
import { detailLines } from "../../../../events/lead-places";
import { Modal } from "../common/Modal";
import shared from "../common/shared.module.css";
import { formatDateTime } from "../common/time";
import styles from "./leads.module.css";

/** One line of the details dialog; a long one keeps its line breaks. */
export interface Detail {
  readonly term: string;
  readonly value: ReactNode;
  readonly long?: boolean;
}

/** A lead's details as its description lists them (events/lead-fields.ts). */
export function detailsOf(fields: LeadFields, record: Parameters<typeof detailLines>[1]): Detail[] {
  return detailLines(fields, record, formatDateTime).map(({ label, value, long }) => ({
    term: label,
    value,
    long,
  }));
}

export function DetailsModal({
  title,
  details,
  onClose,
  children,
}: {
  title: string;
  details: readonly Detail[];
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className={shared.secondaryButton} onClick={onClose}>
          Close
        </button>
      }
    >
      <dl className={styles.details}>
        {details.map(({ term, value, long }) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd className={long ? shared.preWrap : undefined}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {children}
    </Modal>
  );
}
