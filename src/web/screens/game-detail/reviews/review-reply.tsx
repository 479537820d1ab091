import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Review } from '../../../../shared/reviews';
import { CodeButton } from '../../../components/code-button';
import { ConfirmDelete } from '../../../components/forms/confirm-delete';
import { FormStatus } from '../../../components/forms/form-messages';
import { buttonStyles } from '../../../components/styles';
import { useDeleteReply } from '../../../lib/replies';
import { MakerReply } from './maker-reply';
import { ReplyForm } from './reply-form';

/** Who made the game, as the reviews list knows it. */
export interface GameMaker {
  /** The game's developer, as its page names it. */
  name: string;
  /** The signed-in viewer made the game (the server's `yourGame`). */
  isViewer: boolean;
  /** The viewer is suspended: they may delete a reply, not write one (the list says why). */
  suspended: boolean;
}

/** Under a review: the maker's reply for everyone; for the maker, Reply, Edit and Delete as well. */
export function ReviewReply({ review, maker }: { review: Review; maker: GameMaker }) {
  if (maker.isViewer) return <MakersReply review={review} maker={maker} />;
  return review.reply ? <MakerReply review={{ ...review, reply: review.reply }} makerName={maker.name} yours={false} /> : null;
}

/**
 * Focus goes to the element that replaces the control just used as soon as it is shown, even a
 * render or more after the save's answer, so it is never lost to a render that does not show that
 * element yet (the browser suite once found it lost there on a loaded CI machine). Not if the
 * person has put focus somewhere meanwhile.
 */
function useFocusWhenShown() {
  const pending = useRef<RefObject<HTMLElement | null>>(undefined);
  useEffect(() => {
    const element = pending.current?.current;
    if (!element) return;
    pending.current = undefined;
    if (!document.activeElement || document.activeElement === document.body) element.focus();
  });
  return (ref: RefObject<HTMLElement | null>) => {
    pending.current = ref;
  };
}

type Mode = 'reading' | 'writing' | 'confirming';

function MakersReply({ review, maker }: { review: Review; maker: GameMaker }) {
  const [mode, setMode] = useState<Mode>('reading');
  const [notice, setNotice] = useState('');
  const replyHeading = useRef<HTMLParagraphElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const show = (next: Mode, focus: RefObject<HTMLElement | null>, message = '') => {
    setMode(next);
    setNotice(message);
    focusWhenShown(focus);
  };
  const { reply } = review;
  if (review.mine && !reply) return null;
  return (
    <>
      {mode === 'writing' ? (
        <ReplyForm
          review={review}
          onDone={() => show('reading', replyHeading, reply ? 'Your changes to the reply are saved.' : 'Your reply is posted.')}
          onCancel={() => show('reading', reply ? replyHeading : replyButton)}
        />
      ) : reply ? (
        <MakerReply review={{ ...review, reply }} makerName={maker.name} yours headingRef={replyHeading}>
          {mode === 'confirming' ? (
            <ConfirmDeleteReply
              review={review}
              onKeep={() => show('reading', deleteButton)}
              onDeleted={() => show('reading', replyButton, 'Your reply is deleted.')}
            />
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              {!maker.suspended && (
                <CodeButton
                  keptTap={`edit-reply:${review.id}`}
                  onClick={() => setMode('writing')}
                  className={`${buttonStyles.secondary} px-3 py-1.5`}
                >
                  Edit reply
                </CodeButton>
              )}
              <CodeButton
                ref={deleteButton}
                keptTap={`delete-reply:${review.id}`}
                onClick={() => setMode('confirming')}
                className={`${buttonStyles.secondary} px-3 py-1.5`}
              >
                Delete reply
              </CodeButton>
            </div>
          )}
        </MakerReply>
      ) : (
        !maker.suspended && (
          <CodeButton
            ref={replyButton}
            keptTap={`reply:${review.id}`}
            onClick={() => setMode('writing')}
            aria-label={`Reply to ${review.authorName}`}
            className={`${buttonStyles.secondary} mt-3 px-3 py-1.5`}
          >
            Reply
          </CodeButton>
        )
      )}
      <FormStatus>{notice}</FormStatus>
    </>
  );
}

function ConfirmDeleteReply({ review, onKeep, onDeleted }: { review: Review; onKeep: () => void; onDeleted: () => void }) {
  const remove = useDeleteReply(review.gameId);
  return (
    <ConfirmDelete
      questionId={`delete-reply-question-${review.id}`}
      question="Delete your reply? This cannot be undone."
      remove={remove}
      id={review.id}
      onKeep={onKeep}
      onDeleted={onDeleted}
    />
  );
}
