import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ConfirmRequest } from "./ConfirmDialog";
import type { ToastItem, ToastTone } from "./ToastViewport";

// The Radix parts load on first use, not with the page: every page stays inside its JS budget
// (ADR 035), and the chunk is small and cached after the first confirmation or toast.
const ToastViewport = lazy(() => import("./ToastViewport"));
const ConfirmDialog = lazy(() => import("./ConfirmDialog"));

export interface ConfirmOptions {
  /** The action's own word on the confirming button ("Delete", "Deny", "Close item"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A line under the question. */
  description?: string;
  tone?: "danger" | "primary";
}

interface Ui {
  toast: (title: string, tone?: ToastTone) => void;
  confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>;
}

const UiContext = createContext<Ui | null>(null);

/** Holds the page's toasts and its one confirmation dialog; root.tsx wraps every page in it. */
export function UiProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const nextId = useRef(0);
  // Once mounted the viewport stays, so a second toast does not remount Radix's live region.
  const [viewportWanted, setViewportWanted] = useState(false);

  const toast = useCallback<Ui["toast"]>((title, tone = "success") => {
    nextId.current += 1;
    const id = nextId.current;
    setViewportWanted(true);
    setToasts((current) => [...current.slice(-2), { id, title, tone }]);
  }, []);

  const confirm = useCallback<Ui["confirm"]>(
    (question, options = {}) =>
      new Promise<boolean>((resolve) => {
        setRequest({
          question,
          description: options.description,
          confirmLabel: options.confirmLabel ?? "Confirm",
          cancelLabel: options.cancelLabel ?? "Cancel",
          tone: options.tone ?? "danger",
          resolve,
        });
      }),
    [],
  );

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((item) => item.id !== id)), []);
  const answer = useCallback(
    (ok: boolean) => {
      request?.resolve(ok);
      setRequest(null);
    },
    [request],
  );
  const ui = useMemo(() => ({ toast, confirm }), [toast, confirm]);

  return (
    <UiContext.Provider value={ui}>
      {children}
      {viewportWanted && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} onAnswer={answer} />
        </Suspense>
      )}
    </UiContext.Provider>
  );
}

function useUi() {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useToast/useConfirm need <UiProvider> (root.tsx renders one around every page)");
  return ui;
}

/** Shows a result as a toast (`role="status"`): `toast("Saved successfully")`, `toast(message, "error")`. */
export function useToast() {
  return useUi().toast;
}

/**
 * Asks before a destructive action in a dialog (`role="alertdialog"`) instead of `window.confirm`:
 * `if (await confirm("Deny this item?", { confirmLabel: "Deny" })) …`. Resolves false on Cancel or Escape.
 */
export function useConfirm() {
  return useUi().confirm;
}
