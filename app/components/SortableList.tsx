// The drag-and-drop lists of the playlist order and the program list (seed
// 000 §4): a pointer that must move 4px before a drag starts (so clicks on a
// row still count) and the keyboard (Space, arrow keys, Space), a hint the
// list is described by, and a handle per row.
//
// @dnd-kit is not in the page's first load (ADR 051): the list renders its
// rows as they will look, and the library (./SortableDnd) loads when a handle
// is first pressed, focused or picked up. It then binds each row by id from
// beside the list rather than around it, so no row remounts: open cards,
// typed letters and pending saves stay as they were, and focus stays put.
// The gesture that woke it (a pointer still down, a Space or Enter) is
// replayed on the handle once the row is bound.
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { type HandleAttributes, type HandleListeners, RowStore, type SortableBindingsProps } from "./sortable-rows";

/** Keeps the local order of ids still present, drops removed ones and appends new ones. */
function mergeOrder(local: string[], server: string[]) {
  const known = new Set(server);
  const kept = local.filter((id) => known.has(id));
  const keptSet = new Set(kept);
  return [...kept, ...server.filter((id) => !keptSet.has(id))];
}

/** The order shown: a reload (new or removed rows) must not undo a drag the server has not saved yet. */
export function useLocalOrder(serverIds: string[]) {
  const serverKey = serverIds.join(",");
  const [order, setOrder] = useState(serverIds);
  useEffect(() => {
    setOrder((local) => mergeOrder(local, serverKey ? serverKey.split(",") : []));
  }, [serverKey]);
  return [order, setOrder] as const;
}

const RowStoreContext = createContext<RowStore | null>(null);

let bindings: Promise<ComponentType<SortableBindingsProps>> | null = null;
/** The @dnd-kit part, fetched once for every list of the page. */
function loadBindings() {
  // Only a browser binds rows: the Worker never renders this half, so its build leaves it (and @dnd-kit) out.
  bindings ??= import.meta.env.SSR
    ? Promise.reject(new Error("SortableList: no drag and drop on the server"))
    : import("./SortableDnd").then((module) => module.SortableBindings);
  return bindings;
}

export function SortableList({
  ids,
  hint,
  list: List,
  className,
  onReorder,
  itemLabel,
  children,
}: {
  ids: string[];
  /** How a row is spoken while it is dragged (its title); without it, by its position. */
  itemLabel?: (id: string) => string;
  hint: ReactNode;
  list: "ol" | "ul";
  className: string;
  /** The ids in their new order, after a drop that moved a row. */
  onReorder: (ids: string[]) => void;
  children: ReactNode;
}) {
  const dndId = useId();
  const [Bindings, setBindings] = useState<ComponentType<SortableBindingsProps> | null>(null);
  const [store] = useState(
    () =>
      new RowStore(dndId, () => {
        loadBindings().then(
          (component) => setBindings(() => component),
          // A failed fetch (offline, a new deploy) leaves the list as it is; the next press tries again.
          () => {
            bindings = null;
          },
        );
      }),
  );

  return (
    <>
      <p className="muted small" id={`${dndId}-hint`}>
        {hint}
      </p>
      <RowStoreContext.Provider value={store}>
        <List className={className} aria-describedby={`${dndId}-hint`}>
          {children}
        </List>
      </RowStoreContext.Provider>
      {Bindings && <Bindings id={dndId} ids={ids} store={store} onReorder={onReorder} itemLabel={itemLabel} />}
    </>
  );
}

export interface RowHandle {
  ref: (element: HTMLElement | null) => void;
  attributes: HandleAttributes;
  listeners: HandleListeners;
}

const noRow = () => undefined;

/** A row of a SortableList: its ref and style go on the row, `handle` to its DragHandle. */
export function useSortableRow(id: string) {
  const store = useContext(RowStoreContext);
  if (!store) throw new Error("useSortableRow outside a SortableList");
  const bound = useSyncExternalStore(store.subscribe, () => store.row(id), noRow);
  const refs = store.refsOf(id);
  useLayoutEffect(() => {
    if (bound) store.replay(id);
  }, [bound, store, id]);
  const handle: RowHandle = {
    ref: refs.handle,
    // The same attributes @dnd-kit gives a sortable's activator, so the markup does not change when it binds.
    attributes: bound?.attributes ?? {
      role: "button",
      tabIndex: 0,
      "aria-disabled": false,
      "aria-pressed": undefined,
      "aria-roledescription": "sortable",
      "aria-describedby": store.describedBy,
    },
    listeners: bound ? bound.listeners : store.staticListeners(id),
  };
  return { ref: refs.node, style: bound?.style ?? {}, isDragging: bound?.isDragging ?? false, handle };
}

/** Only the handle starts a drag, so the row's inputs, players and clicks keep working. */
export function DragHandle({ handle, label }: { handle: RowHandle; label: string }) {
  return (
    <button
      type="button"
      ref={handle.ref}
      className="drag-handle"
      aria-label={label}
      {...handle.attributes}
      {...handle.listeners}
    >
      <span aria-hidden>⠿</span>
    </button>
  );
}
