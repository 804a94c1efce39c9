// The drag-and-drop lists of the playlist order and the program list (seed
// 000 §4): @dnd-kit with a pointer that must move 4px before a drag starts
// (so clicks on a row still count) and the keyboard (Space, arrow keys,
// Space), a hint the list is described by, and a handle per row.

import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useEffect, useId, useState } from "react";

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

export function SortableList({
  ids,
  hint,
  list: List,
  className,
  onReorder,
  children,
}: {
  ids: string[];
  hint: ReactNode;
  list: "ol" | "ul";
  className: string;
  /** The ids in their new order, after a drop that moved a row. */
  onReorder: (ids: string[]) => void;
  children: ReactNode;
}) {
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <>
      <p className="muted small" id={`${dndId}-hint`}>
        {hint}
      </p>
      <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <List className={className} aria-describedby={`${dndId}-hint`}>
            {children}
          </List>
        </SortableContext>
      </DndContext>
    </>
  );
}

export interface RowHandle {
  ref: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}

/** A row of a SortableList: its ref and style go on the row, `handle` to its DragHandle. */
export function useSortableRow(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle: RowHandle = { ref: setActivatorNodeRef, attributes, listeners };
  return { ref: setNodeRef, style: { transform: CSS.Transform.toString(transform), transition }, isDragging, handle };
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
