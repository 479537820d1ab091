import { useState, type FormEvent } from 'react';
import { REPLY_MAX_LENGTH } from '../../../../shared/review-values';
import type { Review } from '../../../../shared/reviews';
import { SaveOrCancel } from '../../../components/forms/save-or-cancel';
import { inputStyle, labelStyle } from '../../../components/styles';
import { fieldErrors } from '../../../lib/field-errors';
import { formatCount } from '../../../lib/format';
import { schema } from '../../../lib/lazy-schema';
import { useSaveReply } from '../../../lib/replies';

interface ReplyFormProps {
  review: Review;
  onDone: () => void;
  onCancel: () => void;
}

/** The maker's reply to one review: a new one, or the one they have, to edit. */
export function ReplyForm({ review, onDone, onCancel }: ReplyFormProps) {
  const [body, setBody] = useState(review.reply?.body ?? '');
  const [error, setError] = useState<string>();
  const save = useSaveReply(review.gameId);
  const id = `reply-body-${review.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors<'body'>(await schema('replyInputSchema'), { body });
    setError(found.body);
    if (found.body) return document.getElementById(id)?.focus();
    save.mutate({ reviewId: review.id, input: { body } }, { onSuccess: onDone });
  };

  const over = body.length > REPLY_MAX_LENGTH;
  const editing = review.reply !== null;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-3 rounded-xl border border-line bg-raised/50 p-4 sm:ml-6"
      aria-label={editing ? 'Edit your reply' : `Reply to ${review.authorName}`}
    >
      <div>
        <label htmlFor={id} className={labelStyle}>
          Your reply to {review.authorName} <span className="font-normal text-muted">(shown under their review)</span>
        </label>
        <textarea
          id={id}
          value={body}
          rows={4}
          autoFocus
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count ${id}-error`}
          className={`${inputStyle} mt-1 resize-y`}
          placeholder="Thanks, fixes, clarifications"
        />
        <div className="mt-1 flex justify-between gap-4 text-sm">
          <p id={`${id}-error`} className="text-danger-ink">
            {error}
          </p>
          <p id={`${id}-count`} className={`shrink-0 ${over ? 'font-semibold text-danger-ink' : 'text-muted'}`}>
            {formatCount(body.length)} / {formatCount(REPLY_MAX_LENGTH)}
            <span className="sr-only"> characters</span>
          </p>
        </div>
      </div>
      <SaveOrCancel
        problem={save.error?.message}
        pending={save.isPending}
        saveLabel={editing ? 'Save reply' : 'Post reply'}
        onCancel={onCancel}
      />
    </form>
  );
}
