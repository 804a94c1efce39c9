import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "./Button";
import styles from "./Dialog.module.css";

export interface ConfirmRequest {
  question: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  tone: "danger" | "primary";
  resolve: (ok: boolean) => void;
  returnFocus: HTMLElement | null;
}

/**
 * The confirmation dialog (Radix AlertDialog: focus kept inside, Escape and Cancel answer no, focus
 * returns to the button that asked). Loaded on first use by UiProvider.
 */
export default function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmRequest;
  onAnswer: (ok: boolean) => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.content}
          onCloseAutoFocus={(event) => event.preventDefault()}
          {...(request.description ? {} : { "aria-describedby": undefined })}
        >
          <AlertDialog.Title className={styles.title}>{request.question}</AlertDialog.Title>
          {request.description && (
            <AlertDialog.Description className={styles.description}>{request.description}</AlertDialog.Description>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel className={buttonClass("secondary")}>{request.cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(request.tone === "danger" ? "danger" : "primary")}
              onClick={() => onAnswer(true)}
            >
              {request.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
