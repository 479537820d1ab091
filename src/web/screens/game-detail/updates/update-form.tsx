import { useState, type FormEvent } from 'react';
import { UPDATE_AI_MODEL_MAX_LENGTH, UPDATE_BODY_MAX_LENGTH, UPDATE_TITLE_MAX_LENGTH } from '../../../../shared/update-values';
import type { GameUpdate } from '../../../../shared/updates';
import { SaveOrCancel } from '../../../components/forms/save-or-cancel';
import { inputStyle, labelStyle } from '../../../components/styles';
import { fieldErrors, focusFirstError, type FieldErrors } from '../../../lib/field-errors';
import { formatCount } from '../../../lib/format';
import { schema } from '../../../lib/lazy-schema';
import { useSaveUpdate } from '../../../lib/updates';

type Field = 'title' | 'body' | 'aiModel';
const fieldOrder: readonly Field[] = ['title', 'body', 'aiModel'];

interface UpdateFormProps {
  gameId: number;
  /** The post to edit; none for a new one. */
  update?: GameUpdate;
  onDone: () => void;
  onCancel: () => void;
}

/** The maker's update post: a title, Markdown, and whether the game's AI changed (and to what). */
export function UpdateForm({ gameId, update, onDone, onCancel }: UpdateFormProps) {
  const [title, setTitle] = useState(update?.title ?? '');
  const [body, setBody] = useState(update?.body ?? '');
  const [aiChanged, setAiChanged] = useState(update ? update.aiModel !== null : false);
  const [aiModel, setAiModel] = useState(update?.aiModel ?? '');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const save = useSaveUpdate(gameId);
  const prefix = `update-${update?.id ?? 'new'}`;
  const idOf = (field: Field) => `${prefix}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { title, body, aiChanged, aiModel: aiChanged ? aiModel : '' };
    const found = fieldErrors<Field | 'aiChanged'>(await schema('updateInputSchema'), input);
    setErrors(found);
    if (fieldOrder.some((field) => found[field])) return focusFirstError(found, fieldOrder, idOf);
    save.mutate({ updateId: update?.id, input }, { onSuccess: onDone });
  };

  const describedBy = (field: Field) => `${idOf(field)}-hint ${idOf(field)}-error`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={update ? `Edit your update “${update.title}”` : 'Post an update'}
      className="mt-4 space-y-4 rounded-xl border border-line bg-raised/50 p-4"
    >
      <div>
        <label htmlFor={idOf('title')} className={labelStyle}>
          Title
        </label>
        <input
          id={idOf('title')}
          value={title}
          autoFocus
          maxLength={UPDATE_TITLE_MAX_LENGTH * 2}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
          className={`${inputStyle} mt-1`}
        />
        <Hint
          id={`${idOf('title')}-hint`}
          error={errors.title}
          errorId={`${idOf('title')}-error`}
          count={title.length}
          max={UPDATE_TITLE_MAX_LENGTH}
        />
      </div>
      <div>
        <label htmlFor={idOf('body')} className={labelStyle}>
          What changed <span className="font-normal text-muted">(Markdown)</span>
        </label>
        <textarea
          id={idOf('body')}
          value={body}
          rows={6}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('body')}
          className={`${inputStyle} mt-1 resize-y`}
          placeholder="New levels, fixes, what players should know"
        />
        <Hint
          id={`${idOf('body')}-hint`}
          error={errors.body}
          errorId={`${idOf('body')}-error`}
          count={body.length}
          max={UPDATE_BODY_MAX_LENGTH}
        />
      </div>
      <div>
        <label className="flex min-h-10 items-center gap-2 text-ink">
          <input
            type="checkbox"
            checked={aiChanged}
            onChange={(event) => setAiChanged(event.target.checked)}
            className="size-4 accent-accent"
          />
          The AI changed
        </label>
        {aiChanged && (
          <div className="mt-2">
            <label htmlFor={idOf('aiModel')} className={labelStyle}>
              The model it uses now
            </label>
            <input
              id={idOf('aiModel')}
              value={aiModel}
              onChange={(event) => setAiModel(event.target.value)}
              aria-invalid={errors.aiModel ? true : undefined}
              aria-describedby={describedBy('aiModel')}
              className={`${inputStyle} mt-1`}
              placeholder="Llama 3.3 70B"
            />
            <Hint
              id={`${idOf('aiModel')}-hint`}
              error={errors.aiModel}
              errorId={`${idOf('aiModel')}-error`}
              count={aiModel.length}
              max={UPDATE_AI_MODEL_MAX_LENGTH}
            />
          </div>
        )}
      </div>
      <SaveOrCancel
        problem={save.error?.message}
        pending={save.isPending}
        saveLabel={update ? 'Save update' : 'Post update'}
        onCancel={onCancel}
      />
    </form>
  );
}

function Hint({ id, errorId, error, count, max }: { id: string; errorId: string; error?: string; count: number; max: number }) {
  return (
    <div className="mt-1 flex justify-between gap-4 text-sm">
      <p id={errorId} className="text-danger-ink">
        {error}
      </p>
      <p id={id} className={`shrink-0 ${count > max ? 'font-semibold text-danger-ink' : 'text-muted'}`}>
        {formatCount(count)} / {formatCount(max)}
        <span className="sr-only"> characters</span>
      </p>
    </div>
  );
}
