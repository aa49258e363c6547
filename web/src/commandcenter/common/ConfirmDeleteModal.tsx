/** The Command Center's own confirmation of a delete (never the browser's confirm()). */
import { ErrorNotice } from "./ErrorNotice";
import { Modal } from "./Modal";
import shared from "./shared.module.css";

export function ConfirmDeleteModal({
  title = "Confirm Delete",
  question,
  error = "",
  onCancel,
  onConfirm,
}: {
  title?: string;
  question: string;
  error?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className={shared.secondaryButton} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={shared.dangerButton} onClick={onConfirm}>
            Delete
          </button>
        </>
      }
    >
      <p>{question}</p>
      {error && <ErrorNotice message={error} />}
    </Modal>
  );
}
