import { useState, type FormEvent } from 'react';
import { REVIEW_MAX_LENGTH } from '../../../../shared/review-values';
import type { Review } from '../../../../shared/reviews';
import { SaveOrCancel } from '../../../components/forms/save-or-cancel';
import { inputStyle, labelStyle } from '../../../components/styles';
import { fieldErrors, focusFirstError, type FieldErrors } from '../../../lib/field-errors';
import { formatCount } from '../../../lib/format';
import { schema } from '../../../lib/lazy-schema';
import { useSaveReview } from '../../../lib/reviews';
import { useHydrated } from '../../../lib/use-hydrated';
import { StarPicker } from './star-picker';

type Field = 'stars' | 'body';
const fieldIds: Record<Field, string> = { stars: 'review-stars', body: 'review-body' };
const idOf = (field: Field) => fieldIds[field];

interface ReviewFormProps {
  gameId: number;
  /** The review being edited; a new review when absent. */
  review?: Review;
  onDone: () => void;
  onCancel?: () => void;
}

export function ReviewForm({ gameId, review, onDone, onCancel }: ReviewFormProps) {
  const [stars, setStars] = useState(review?.stars ?? 0);
  const [body, setBody] = useState(review?.body ?? '');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveReview(gameId);
  // Saving takes a script: until the page's code arrives the form is disabled, so nothing typed is lost (decision 0062).
  const hydrated = useHydrated();

  // The rules load with the schemas, not with the page: a game page shows its form without Zod.
  const recheck = (next: { stars: number; body: string }) => {
    if (submitted) void schema('reviewInputSchema').then((rules) => setErrors(fieldErrors(rules, next)));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = fieldErrors<Field>(await schema('reviewInputSchema'), { stars, body });
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found, ['stars', 'body'], idOf);
    save.mutate({ reviewId: review?.id, input: { stars, body } }, { onSuccess: onDone });
  };

  const over = body.length > REVIEW_MAX_LENGTH;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-label={review ? 'Edit your review' : 'Write a review'}
    >
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4 disabled:cursor-progress disabled:opacity-60">
        <StarPicker
          value={stars}
          error={errors.stars}
          errorId="review-stars-error"
          onChange={(next) => {
            setStars(next);
            recheck({ stars: next, body });
          }}
        />
        <div>
          <label htmlFor="review-body" className={labelStyle}>
            Your review <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="review-body"
            value={body}
            rows={5}
            onChange={(event) => {
              setBody(event.target.value);
              recheck({ stars, body: event.target.value });
            }}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby="review-body-count review-body-error"
            className={`${inputStyle} mt-1 resize-y`}
            placeholder="What did you enjoy? What could be better?"
          />
          <div className="mt-1 flex justify-between gap-4 text-sm">
            <p id="review-body-error" className="text-danger-ink">
              {errors.body}
            </p>
            <p id="review-body-count" className={over ? 'font-semibold text-danger-ink' : 'text-muted'}>
              {formatCount(body.length)} / {formatCount(REVIEW_MAX_LENGTH)}
              <span className="sr-only"> characters</span>
            </p>
          </div>
        </div>
        <SaveOrCancel
          problem={save.error?.message}
          pending={save.isPending}
          saveLabel={review ? 'Save changes' : 'Post review'}
          onCancel={onCancel}
        />
      </fieldset>
    </form>
  );
}
