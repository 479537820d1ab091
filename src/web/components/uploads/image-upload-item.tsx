import { uploadIdFromPath, uploadPath } from '../../../shared/uploads';
import { FieldError } from '../forms/text-field';
import { inputStyle } from '../styles';
import { ProgressBar } from './progress-bar';
import type { PendingUpload } from './use-pending-uploads';

export interface ImageRef {
  path: string;
  alt: string;
}

const smallButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border border-line bg-surface px-2 text-sm font-medium text-ink hover:bg-raised disabled:cursor-not-allowed disabled:opacity-40';

/** The description input of the image at `index` in the upload list `listId`. */
export const altInputId = (listId: string, index: number) => `${listId}-${index}-alt`;

/** The Cancel (or Dismiss) button of a file still going up, or refused. */
export const pendingButtonId = (key: string) => `${key}-dismiss`;

/** The card-sized file of an upload; other images (the sample games' /media files) as they are. */
export function thumbnailSrc(path: string): string {
  const id = uploadIdFromPath(path);
  return id ? uploadPath(id, 'card') : path;
}

export interface UploadedItemProps {
  /** The upload list's id. */
  listId: string;
  image: ImageRef;
  /** 'Cover image', 'Screenshot 2': names the item for the buttons' labels. */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onAltChange: (alt: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** What is wrong with this image (its missing description, say), shown beside it. */
  error?: string;
}

export function UploadedItem({ listId, image, name, index, count, disabled, onAltChange, onMove, onRemove, error }: UploadedItemProps) {
  const altId = altInputId(listId, index);
  const errorId = error ? `${altId}-error` : undefined;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <img
        src={thumbnailSrc(image.path)}
        alt=""
        className="aspect-video w-40 shrink-0 rounded-lg border border-line bg-raised object-cover"
        draggable={false}
      />
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={altId} className="block text-sm font-medium text-ink">
          {name}: description for people who cannot see it
        </label>
        <input
          id={altId}
          value={image.alt}
          maxLength={200}
          disabled={disabled}
          onChange={(event) => onAltChange(event.target.value)}
          placeholder="What the image shows"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={inputStyle}
        />
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
      <div className="flex gap-2 sm:flex-col">
        {count > 1 && (
          <div className="flex gap-2">
            <button
              type="button"
              className={smallButton}
              disabled={disabled || index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={`Move ${name.toLowerCase()} up`}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className={smallButton}
              disabled={disabled || index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={`Move ${name.toLowerCase()} down`}
            >
              <span aria-hidden="true">↓</span>
            </button>
          </div>
        )}
        <button type="button" className={smallButton} disabled={disabled} onClick={onRemove} aria-label={`Remove ${name.toLowerCase()}`}>
          Remove
        </button>
      </div>
    </div>
  );
}

export function PendingItem({ item, onDismiss }: { item: PendingUpload; onDismiss: () => void }) {
  const percent = Math.round(item.progress * 100);
  const errorId = `${item.key}-error`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="aspect-video w-40 shrink-0 overflow-hidden rounded-lg border border-line bg-raised">
        {item.previewUrl && (
          <img
            src={item.previewUrl}
            alt=""
            className={`h-full w-full object-cover ${item.error ? 'opacity-40' : 'opacity-70'}`}
            onError={(event) => (event.currentTarget.hidden = true)}
          />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="truncate text-sm font-medium text-ink">{item.name}</p>
        {item.error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger-ink">
            {item.error}
          </p>
        ) : (
          <ProgressBar label={`Uploading ${item.name}`} percent={percent} />
        )}
      </div>
      <button
        id={pendingButtonId(item.key)}
        type="button"
        className={`${smallButton} self-start sm:self-auto`}
        onClick={onDismiss}
        aria-label={`${item.error ? 'Dismiss' : 'Cancel'} ${item.name}`}
        aria-describedby={item.error ? errorId : undefined}
      >
        {item.error ? 'Dismiss' : 'Cancel'}
      </button>
    </div>
  );
}
