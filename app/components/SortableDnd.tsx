// The @dnd-kit half of SortableList, loaded on the first press, focus or
// pick-up of a handle: the drag context and one binding per row id, rendered
// beside the list. Each binding hands its row's element to @dnd-kit and
// publishes what the row needs (style, listeners, attributes) to the list's
// RowStore, which the row reads.
import {
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

export function SortableBindings({ id, ids, store, onReorder }: SortableBindingsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext id={id} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
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
