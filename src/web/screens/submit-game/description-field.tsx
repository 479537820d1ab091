import { FieldError } from '../../components/forms/text-field';
import { MarkdownText } from '../../components/markdown-text';
import { inputStyle, labelStyle } from '../../components/styles';

interface DescriptionFieldProps {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** Markdown on the left, how the game page will show it on the right (below, on a phone). */
export function DescriptionField({ id, value, error, onChange }: DescriptionFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-1.5">
        <label htmlFor={id} className={labelStyle}>
          Description
        </label>
        <textarea
          id={id}
          value={value}
          rows={12}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          className={`${inputStyle} font-mono text-sm`}
        />
        <p id={hintId} className="text-sm text-muted">
          Markdown: **bold**, *italic*, lists, [links](https://example.com). No HTML or images.
        </p>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </div>
      <div
        aria-live="polite"
        aria-label="Description preview"
        role="region"
        className="min-h-32 rounded-xl border border-dashed border-line p-4"
      >
        <p className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted">Preview</p>
        {value.trim() ? (
          <MarkdownText source={value} />
        ) : (
          <p className="text-sm text-muted">Your description appears here as it will on the game page.</p>
        )}
      </div>
    </div>
  );
}
