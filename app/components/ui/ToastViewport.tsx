import * as Toast from "@radix-ui/react-toast";
import styles from "./Toast.module.css";

export type ToastTone = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  title: string;
  tone: ToastTone;
}

const ICON: Record<ToastTone, string> = { success: "✓", error: "!", info: "i" };

/**
 * The toasts (Radix Toast: announced politely, errors assertively; paused while hovered or
 * focused; F8 jumps to them; swipe or Close dismisses). Each stays 5 seconds, the seed's time for a
 * feedback message; errors stay until closed. Loaded on first use by UiProvider.
 */
export default function ToastViewport({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <Toast.Provider swipeDirection="right" duration={5000}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          className={`${styles.toast} ${styles[item.tone]}`}
          type={item.tone === "error" ? "foreground" : "background"}
          duration={item.tone === "error" ? Number.POSITIVE_INFINITY : 5000}
          role="status"
          onOpenChange={(open) => !open && onDismiss(item.id)}
        >
          <span className={styles.icon} aria-hidden>
            {ICON[item.tone]}
          </span>
          <Toast.Title className={styles.title}>{item.title}</Toast.Title>
          <Toast.Close className={styles.close} aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
