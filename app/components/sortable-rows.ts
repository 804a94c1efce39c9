// The rows of a SortableList as the list and its lazily loaded @dnd-kit half
// (SortableDnd) both see them: the row elements by id, each row's binding
// once @dnd-kit has one, and the gesture that asked for the library.
import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import type { CSSProperties, KeyboardEvent, PointerEvent } from "react";

/** What the handle spreads: @dnd-kit's attributes and listeners once bound, their look-alikes before. */
export type HandleAttributes = DraggableAttributes;
export type HandleListeners = DraggableSyntheticListeners;

/** A row as @dnd-kit sees it, published by its binding in ./SortableDnd. */
export interface BoundRow {
  style: CSSProperties;
  isDragging: boolean;
  attributes: HandleAttributes;
  listeners: HandleListeners;
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

/** The gesture that asked for the library, replayed on the handle once its row is bound. */
type Wake =
  | { kind: "key"; id: string; code: string; key: string }
  | { kind: "pointer"; id: string; init: PointerEventInit; released: boolean };

/** One list's rows: their elements, their bindings, and who to tell when a binding changes. */
export class RowStore {
  readonly nodes = new Map<string, HTMLElement>();
  readonly handles = new Map<string, HTMLElement>();
  private readonly bound = new Map<string, BoundRow>();
  private readonly listeners = new Set<() => void>();
  private readonly refs = new Map<
    string,
    { node: (el: HTMLElement | null) => void; handle: (el: HTMLElement | null) => void }
  >();
  wake: Wake | null = null;

  constructor(
    readonly describedBy: string,
    private readonly load: () => void,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  row(id: string) {
    return this.bound.get(id);
  }

  publish(id: string, row: BoundRow | null) {
    if (row) this.bound.set(id, row);
    else this.bound.delete(id);
    for (const listener of this.listeners) listener();
  }

  /** Stable ref callbacks per id: they record the element and hand it to the binding when there is one. */
  refsOf(id: string) {
    let refs = this.refs.get(id);
    if (!refs) {
      const keep = (map: Map<string, HTMLElement>, element: HTMLElement | null) => {
        if (element) map.set(id, element);
        else map.delete(id);
      };
      refs = {
        node: (element) => {
          keep(this.nodes, element);
          this.bound.get(id)?.setNodeRef(element);
        },
        handle: (element) => {
          keep(this.handles, element);
          this.bound.get(id)?.setActivatorNodeRef(element);
        },
      };
      this.refs.set(id, refs);
    }
    return refs;
  }

  /** The handle's listeners until the library has come: they ask for it and remember the gesture. */
  staticListeners(id: string) {
    return {
      onFocus: () => this.load(),
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (!event.isPrimary || event.button !== 0) return;
        const wake: Wake = {
          kind: "pointer",
          id,
          released: false,
          init: {
            clientX: event.clientX,
            clientY: event.clientY,
            pointerId: event.pointerId,
            pointerType: event.pointerType,
            isPrimary: true,
            button: 0,
            buttons: 1,
          },
        };
        // A press that ends before the library comes is not a drag.
        window.addEventListener("pointerup", () => (wake.released = true), { once: true });
        this.wake = wake;
        this.load();
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        // @dnd-kit's KeyboardSensor picks a row up on Space or Enter.
        if (event.code !== "Space" && event.code !== "Enter") return;
        event.preventDefault();
        this.wake = { kind: "key", id, code: event.code, key: event.key };
        this.load();
      },
    };
  }

  /** Plays the waking gesture again on the handle, now that its row's listeners are @dnd-kit's. */
  replay(id: string) {
    const wake = this.wake;
    const handle = this.handles.get(id);
    if (!wake || wake.id !== id || !handle) return;
    this.wake = null;
    if (wake.kind === "key") {
      if (document.activeElement !== handle) handle.focus();
      handle.dispatchEvent(
        new window.KeyboardEvent("keydown", { code: wake.code, key: wake.key, bubbles: true, cancelable: true }),
      );
    } else if (!wake.released) {
      handle.dispatchEvent(new window.PointerEvent("pointerdown", { ...wake.init, bubbles: true, cancelable: true }));
    }
  }
}

export interface SortableBindingsProps {
  /** The list's id: @dnd-kit's context id, and so the handles' aria-describedby. */
  id: string;
  ids: string[];
  store: RowStore;
  onReorder: (ids: string[]) => void;
  /** How a row is spoken in the drag announcements ("Intro"); without it, "item 2". */
  itemLabel?: (id: string) => string;
}
