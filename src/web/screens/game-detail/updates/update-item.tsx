import { useRef, useState, type RefObject } from 'react';
import type { GameUpdate } from '../../../../shared/updates';
import { CodeButton } from '../../../components/code-button';
import { ConfirmDelete } from '../../../components/forms/confirm-delete';
import { FormStatus } from '../../../components/forms/form-messages';
import { RenderedMarkdown } from '../../../components/rendered-markdown';
import { ReportButton } from '../../../components/reports/report-button';
import { buttonStyles } from '../../../components/styles';
import { useDeleteUpdate } from '../../../lib/updates';
import { ReviewDate } from '../reviews/review-date';
import { UpdateForm } from './update-form';

interface UpdateItemProps {
  update: GameUpdate;
  /** The viewer made the game: Edit and Delete instead of Report. */
  yours: boolean;
  /** The maker is suspended: they may delete, not edit. */
  suspended: boolean;
  /** Where focus goes once the post is deleted. */
  afterDelete: RefObject<HTMLElement | null>;
  onDeleted: (message: string) => void;
}

type Mode = 'reading' | 'editing' | 'confirming';

/** One update post: its title, day, the AI badge and its Markdown; the maker's controls for the maker. */
export function UpdateItem({ update, yours, suspended, afterDelete, onDeleted }: UpdateItemProps) {
  const [mode, setMode] = useState<Mode>('reading');
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const headingId = `update-${update.id}-title`;
  const back = (next: Mode, focus: RefObject<HTMLElement | null>, message = '') => {
    setMode(next);
    setNotice(message);
    requestAnimationFrame(() => focus.current?.focus());
  };
  if (mode === 'editing') {
    return (
      <UpdateForm
        gameId={update.gameId}
        update={update}
        onDone={() => back('reading', heading, 'Your changes to the update are saved.')}
        onCancel={() => back('reading', editButton)}
      />
    );
  }
  return (
    <article id={`update-${update.id}`} aria-labelledby={headingId} className="scroll-mt-20 border-t border-line py-5">
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div>
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {update.title}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
            <ReviewDate at={update.createdAt} />
            {update.edited && <span>· edited</span>}
            {update.aiModel !== null && (
              <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">
                AI changed: {update.aiModel}
              </span>
            )}
          </p>
        </div>
        {!yours && (
          <div className="-mr-2 ml-auto">
            <ReportButton kind="update" targetId={String(update.id)} name={`the update “${update.title}”`} />
          </div>
        )}
      </header>
      <div className="mt-3 break-words">
        <RenderedMarkdown html={update.bodyHtml} />
      </div>
      {yours &&
        (mode === 'confirming' ? (
          <ConfirmDeleteUpdate
            update={update}
            onKeep={() => back('reading', deleteButton)}
            onDeleted={() => onDeleted('Your update is deleted.')}
            afterDelete={afterDelete}
          />
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {!suspended && (
              <CodeButton
                ref={editButton}
                keptTap={`edit-update:${update.id}`}
                onClick={() => setMode('editing')}
                aria-label={`Edit update: ${update.title}`}
                className={`${buttonStyles.secondary} px-3 py-1.5`}
              >
                Edit
              </CodeButton>
            )}
            <CodeButton
              ref={deleteButton}
              keptTap={`delete-update:${update.id}`}
              onClick={() => setMode('confirming')}
              aria-label={`Delete update: ${update.title}`}
              className={`${buttonStyles.secondary} px-3 py-1.5`}
            >
              Delete
            </CodeButton>
          </div>
        ))}
      <FormStatus>{notice}</FormStatus>
    </article>
  );
}

interface ConfirmDeleteProps {
  update: GameUpdate;
  onKeep: () => void;
  onDeleted: () => void;
  afterDelete: RefObject<HTMLElement | null>;
}

function ConfirmDeleteUpdate({ update, onKeep, onDeleted, afterDelete }: ConfirmDeleteProps) {
  const remove = useDeleteUpdate(update.gameId);
  const deleted = () => {
    onDeleted();
    requestAnimationFrame(() => afterDelete.current?.focus());
  };
  return (
    <ConfirmDelete
      questionId={`delete-update-question-${update.id}`}
      question="Delete this update? This cannot be undone."
      remove={remove}
      id={update.id}
      onKeep={onKeep}
      onDeleted={deleted}
    />
  );
}
