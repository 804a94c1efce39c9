import { useEffect, useRef } from "react";

/**
 * An element's height as a CSS variable on <html> while `active` (a ResizeObserver keeps it true), for
 * what is laid out around it in CSS: the workspace sidebar below the pinned header and above the
 * now-playing bar (shell.css). Removed again when the element goes.
 */
export function useHeightVariable<T extends HTMLElement>(name: string, active = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!active || !element) return;
    const set = () => root.style.setProperty(name, `${element.offsetHeight}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  }, [name, active]);
  return ref;
}
