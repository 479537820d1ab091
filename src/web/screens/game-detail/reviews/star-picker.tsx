import { useState } from 'react';

interface StarPickerProps {
  value: number;
  onChange: (stars: number) => void;
  error?: string;
  errorId: string;
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
export function StarPicker({ value, onChange, error, errorId }: StarPickerProps) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-ink">Your rating</legend>
      <div className="mt-1 flex gap-1" onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            onMouseEnter={() => setHovered(stars)}
            className="cursor-pointer rounded-md p-0.5 text-3xl leading-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name="review-stars"
              id={stars === 1 ? 'review-stars' : undefined}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <span aria-hidden="true" className={stars <= shown ? 'text-accent-ink' : 'text-muted/50'}>
              {stars <= shown ? '★' : '☆'}
            </span>
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger-ink">
          {error}
        </p>
      )}
    </fieldset>
  );
}
