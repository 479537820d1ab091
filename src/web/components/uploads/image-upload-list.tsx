import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { UPLOAD_MAX_BYTES, uploadAcceptedTypes, type UploadedImage } from '../../../shared/uploads';
import { FieldError } from '../forms/text-field';
import { buttonStyles, labelStyle } from '../styles';
import { altInputId, PendingItem, pendingButtonId, UploadedItem, type ImageRef } from './image-upload-item';
import { usePendingUploads, type UploadFn } from './use-pending-uploads';

export type { ImageRef } from './image-upload-item';

export interface ImageUploadListProps {
  id: string;
  label: string;
  hint?: ReactNode;
  value: ImageRef[];
  onChange: (value: ImageRef[]) => void;
  /** 1 for a cover image, 8 for screenshots. */
  maxItems: number;
  /** Names an item in labels: 'Cover image', 'Screenshot 3'. */
  itemName?: (index: number) => string;
  /** Told when uploads start and finish, so a form can hold its submit until they are done. */
  onBusyChange?: (busy: boolean) => void;
  /** A problem with the field as a whole (no image, too many). */
  error?: string;
  /** A problem with one image, shown beside it. */
  itemError?: (index: number) => string | undefined;
  disabled?: boolean;
  /** Replaces the real upload (component tests). */
  upload?: UploadFn;
}

const defaultHint = `PNG, JPEG, WebP or GIF, up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB each.`;

/**
 * Images a user uploads for one field: the cover (maxItems 1) or the screenshots (maxItems 8).
 * Controlled: `value` holds the uploaded paths and their descriptions, in order; files still
 * going up or refused are this component's own state until they land in `value`.
 */
export function ImageUploadList(props: ImageUploadListProps) {
  const { id, label, hint = defaultHint, value, onChange, maxItems, disabled, error, onBusyChange } = props;
  const itemName = props.itemName ?? ((index: number) => (maxItems === 1 ? label : `Image ${index + 1}`));
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });

  const commit = (next: ImageRef[]) => {
    latest.current = next;
    onChange(next);
  };
  const [notice, setNotice] = useState('');
  const focusAfterRender = useFocusWhenLost();
  const { pending, start, dismiss } = usePendingUploads((image: UploadedImage) => {
    if (latest.current.length >= maxItems) return;
    const index = latest.current.length;
    commit([...latest.current, { path: image.path, alt: '' }]);
    setNotice(`${itemName(index)} is uploaded: describe it for people who cannot see it.`);
    focusAfterRender(() => document.getElementById(altInputId(id, index)));
  }, props.upload);

  const uploading = pending.filter((item) => !item.error).length;
  useEffect(() => onBusyChange?.(uploading > 0), [uploading, onBusyChange]);

  const room = maxItems - value.length - uploading;
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const addFiles = (files: File[]) => {
    const accepted = files.slice(0, Math.max(room, 0));
    setNotice(
      files.length > accepted.length
        ? `Only ${maxItems} ${maxItems === 1 ? 'image fits' : 'images fit'} here; ${files.length - accepted.length} left out.`
        : '',
    );
    const keys = accepted.map(start);
    // Files that fill the last room take "Choose an image" away: focus goes to the first one's Cancel.
    if (keys.length > 0 && keys.length >= room) focusAfterRender(() => document.getElementById(pendingButtonId(keys[0]!)));
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    event.target.value = '';
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    commit(next);
  };
  const drag = useDragToReorder(move);

  return (
    <fieldset className="space-y-3" aria-describedby={[hintId, error ? errorId : ''].join(' ').trim()}>
      <legend className={labelStyle}>{label}</legend>
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      {(value.length > 0 || pending.length > 0) && (
        <ul className="space-y-3">
          {value.map((image, index) => (
            <li
              key={image.path}
              className={`rounded-xl border bg-surface p-3 ${drag.overIndex === index ? 'border-accent' : 'border-line'}`}
              {...(value.length > 1 && !disabled ? drag.itemProps(index) : {})}
            >
              <UploadedItem
                listId={id}
                image={image}
                name={itemName(index)}
                index={index}
                count={value.length}
                disabled={disabled}
                onAltChange={(alt) => commit(value.map((item, i) => (i === index ? { ...item, alt } : item)))}
                onMove={(to) => move(index, to)}
                onRemove={() => {
                  commit(value.filter((_, i) => i !== index));
                  setNotice(`${itemName(index)} is removed.`);
                  // Its Remove button is gone: focus goes to the next image's description, or to adding one.
                  focusAfterRender(() => document.getElementById(altInputId(id, index)) ?? document.getElementById(inputId));
                }}
                error={props.itemError?.(index)}
              />
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.key} data-pending-upload className="rounded-xl border border-dashed border-line bg-surface p-3">
              <PendingItem
                item={item}
                onDismiss={() => {
                  const next = pending.find((other) => other.key !== item.key);
                  dismiss(item.key);
                  // Its button is gone: focus goes to another file's, or to adding one.
                  focusAfterRender(() => (next && document.getElementById(pendingButtonId(next.key))) || document.getElementById(inputId));
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {room > 0 && !disabled && (
        <div>
          <input
            id={inputId}
            type="file"
            accept={uploadAcceptedTypes.join(',')}
            multiple={room > 1}
            className="peer sr-only"
            onChange={onPick}
          />
          <label
            htmlFor={inputId}
            className={`${buttonStyles.secondary} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring`}
          >
            {maxItems === 1 ? 'Choose an image' : 'Add images'}
          </label>
        </div>
      )}
      <p role="status" className="text-sm text-muted empty:hidden">
        {notice}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/**
 * Answers `focusAfterRender(target)`: once the list has re-rendered with the change (so ids
 * name the new items), focuses the target unless focus is somewhere on purpose.
 */
function useFocusWhenLost() {
  const next = useRef<(() => HTMLElement | null) | undefined>(undefined);
  useEffect(() => {
    const target = next.current?.();
    if (!target) return; // Not rendered yet: tried again after the next render.
    next.current = undefined;
    const active = document.activeElement;
    // An upload's own Cancel button goes away with it: focus there is not somewhere on purpose.
    const onPurpose = active && active !== document.body && active.isConnected && !active.closest('[data-pending-upload]');
    if (!onPurpose) target.focus();
  });
  return (target: () => HTMLElement | null) => {
    next.current = target;
  };
}

/** Pointer drag-and-drop between list items; the move buttons do the same from the keyboard. */
function useDragToReorder(move: (from: number, to: number) => void) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const end = () => {
    setDragIndex(null);
    setOverIndex(null);
  };
  const itemProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      setDragIndex(index);
    },
    onDragOver: (event: DragEvent) => {
      if (dragIndex === null) return;
      event.preventDefault();
      setOverIndex(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragIndex !== null) move(dragIndex, index);
      end();
    },
    onDragEnd: end,
  });
  return { overIndex, itemProps };
}
