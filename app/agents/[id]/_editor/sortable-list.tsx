'use client';
/**
 * An ordered list whose items can be moved by drag (pointer) and by keyboard: each item's handle
 * picks it up with Space or Enter, the arrow keys move it, Space drops it (dnd-kit's keyboard
 * sensor, with spoken announcements), and Move up / Move down buttons do the same in one press.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../_components/ui/button';

export interface SortableItemControls {
  /** The drag handle and the move buttons, to place in the item's header. */
  handle: ReactNode;
}

export function SortableList<T>({
  items,
  ids,
  itemName,
  onMove,
  renderItem,
}: {
  items: T[];
  /** One stable id per item, in the same order. */
  ids: string[];
  /** How people call an item ("Variant 2"), by its position (0-based). */
  itemName: (index: number) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, controls: SortableItemControls) => ReactNode;
}) {
  const contextId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: unknown) => ids.indexOf(String(id));
  // The first "over" event reports the item over itself; saying so would cut off "Picked up".
  const justPickedUp = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${itemName(position(active.id))}. Use the arrow keys to move it, Space to drop it.`;
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (!over || (first && over.id === active.id)) return undefined;
      return `${itemName(position(active.id))} is over position ${position(over.id) + 1} of ${ids.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${itemName(position(active.id))} dropped at position ${position(over.id) + 1} of ${ids.length}.`
        : `${itemName(position(active.id))} dropped.`,
    onDragCancel: ({ active }) => `Moving ${itemName(position(active.id))} was cancelled.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(position(active.id), position(over.id));
  };
  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space or Enter to pick it up, the up and down arrow keys to move it, and Space or Enter again to drop it. Escape cancels.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-3">
          {items.map((item, index) => (
            <SortableItem
              key={ids[index]}
              id={ids[index]!}
              name={itemName(index)}
              first={index === 0}
              last={index === items.length - 1}
              onMove={(direction) => onMove(index, index + direction)}
            >
              {(handle) => renderItem(item, index, { handle })}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  name,
  first,
  last,
  onMove,
  children,
}: {
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <div className="flex items-center gap-1">
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${name}`}
        className="cursor-grab rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 active:cursor-grabbing"
      >
        <span aria-hidden="true">⠿</span> Reorder
      </button>
      <Button size="sm" variant="ghost" disabled={first} onClick={() => onMove(-1)}>
        Move up
      </Button>
      <Button size="sm" variant="ghost" disabled={last} onClick={() => onMove(1)}>
        Move down
      </Button>
    </div>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      {children(handle)}
    </li>
  );
}

/** Reorders a list the way the sortable list reports it. */
export const moved = <T,>(items: T[], from: number, to: number) => arrayMove(items, from, to);
