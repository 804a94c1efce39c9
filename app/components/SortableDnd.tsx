// The @dnd-kit half of SortableList, loaded on the first press, focus or
// pick-up of a handle: the drag context and one binding per row id, rendered
// beside the list. Each binding hands its row's element to @dnd-kit and
// publishes what the row needs (style, listeners, attributes) to the list's
// RowStore, which the row reads.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
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
import { useLayoutEffect } from "react";
import type { RowStore, SortableBindingsProps } from "./sortable-rows";

/** What a screen reader hears on a handle, instead of @dnd-kit's "draggable item" wording. */
export const SCREEN_READER_INSTRUCTIONS =
  "To move this item, press Space. Then use the arrow keys to move it up or down, and press Space again to drop it, or Escape to cancel.";

/** The drag's live announcements, by each row's title and position ("Picked up Intro, position 1 of 4."). */
export function announcements(ids: string[], itemLabel?: (id: string) => string): Announcements {
  const name = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return itemLabel?.(String(id)) || `item ${index + 1}`;
  };
  const at = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${at(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} moved to ${at(over.id)}.` : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} dropped at ${at(over.id)}.`
        : `${name(active.id)} dropped outside the list; it stays at ${at(active.id)}.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it is back at ${at(active.id)}.`,
  };
}

export function SortableBindings({ id, ids, store, onReorder, itemLabel }: SortableBindingsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements: announcements(ids, itemLabel),
        screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((rowId) => (
          <RowBinding key={rowId} id={rowId} store={store} />
        ))}
      </SortableContext>
    </DndContext>
  );
}

function RowBinding({ id, store }: { id: string; store: RowStore }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  // The row rendered before its binding: hand its elements over.
  useLayoutEffect(() => {
    setNodeRef(store.nodes.get(id) ?? null);
    setActivatorNodeRef(store.handles.get(id) ?? null);
  }, [id, store, setNodeRef, setActivatorNodeRef]);
  useLayoutEffect(() => {
    store.publish(id, {
      style: { transform: CSS.Transform.toString(transform), transition },
      isDragging,
      attributes: { ...attributes },
      listeners,
      setNodeRef,
      setActivatorNodeRef,
    });
  });
  useLayoutEffect(() => () => store.publish(id, null), [id, store]);
  return null;
}
