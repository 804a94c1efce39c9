// The dimmed backdrop under every in-page dialog and drawer (the kit's dialog styles), for a
// component that lays out its own panel on it, such as the store's cart drawer.
import styles from "./Dialog.module.css";

export const overlayClass = styles.overlay;
