import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { ConfirmRequest } from "./ConfirmDialog";
import styles from "./Toast.module.css";

// Radix AlertDialog loads on first use, not with the page: every page stays inside its JS budget
// (ADR 035), and the chunk is small and cached after the first confirmation.
// Never on the server (no dialog is open in a server-rendered page): the build leaves the chunk out of
// the Worker, whose size has a budget too (ADR 051).
const ConfirmDialog = import.meta.env.SSR ? () => null : lazy(() => import("./ConfirmDialog"));

export type ToastTone = "success" | "error" | "info";

interface ToastItem {
  id: number;
  title: string;
  tone: ToastTone;
}

const ICON: Record<ToastTone, string> = { success: "✓", error: "!", info: "i" };
/** The seed's time for a feedback message; errors stay until closed. */
const TOAST_MS = 5000;

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

  const toast = useCallback<Ui["toast"]>((title, tone = "success") => {
    nextId.current += 1;
    const id = nextId.current;
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
          // No Radix Trigger here (any button may ask), so the dialog is told where focus goes back to.
          returnFocus: document.activeElement instanceof HTMLElement ? document.activeElement : null,
        });
      }),
    [],
  );

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((item) => item.id !== id)), []);
  const answer = useCallback(
    (ok: boolean) => {
      request?.resolve(ok);
      setRequest(null);
      const back = request?.returnFocus;
      if (back) requestAnimationFrame(() => back.isConnected && back.focus());
    },
    [request],
  );
  const ui = useMemo(() => ({ toast, confirm }), [toast, confirm]);

  return (
    <UiContext.Provider value={ui}>
      {children}
      {/* In the page from the first paint: a live region announces only what changes inside it. Each
          toast is a status whose own announcing is off, so it is read once, by this region. */}
      <div className={styles.viewport} aria-live="polite">
        {toasts.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog request={request} onAnswer={answer} />
        </Suspense>
      )}
    </UiContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (item.tone === "error" || paused) return;
    const timer = setTimeout(() => onDismiss(item.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [item, paused, onDismiss]);
  return (
    // Hovering or focusing a toast keeps it until the pointer or focus leaves (WCAG 2.2.1).
    <div
      role="status"
      aria-live="off"
      className={`${styles.toast} ${styles[item.tone]}`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className={styles.icon} aria-hidden>
        {ICON[item.tone]}
      </span>
      <p className={styles.title}>{item.title}</p>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => onDismiss(item.id)}
      >
        ×
      </button>
    </div>
  );
}

function useUi() {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useToast/useConfirm need <UiProvider> (root.tsx renders one around every page)");
  return ui;
}

/** Shows a result as a toast in the page's status region: `toast("Saved successfully")`, `toast(message, "error")`. */
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
