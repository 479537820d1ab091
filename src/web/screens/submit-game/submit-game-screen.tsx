import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { editableStatuses, submissionStatusLabels, type SubmissionView } from '../../../shared/submissions';
import { FullScreenLoading } from '../../components/full-screen-loading';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { textLinkStyle } from '../../components/styles';
import { isApiError } from '../../lib/api';
import { memberRoot } from '../../lib/query-roots';
import { submissionQuery, submitForReview } from '../../lib/submissions';
import { emptyValues, valuesFromPayload } from './form-values';
import { SubmissionForm } from './submission-form';

function parseDraftId(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export default function SubmitGameScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const draftParam = parseDraftId(searchParams.get('draft'));
  // A draft this visit created is already in the form: it is not loaded again.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const navigate = useNavigate();
  const client = useQueryClient();

  const onSubmitted = async () => {
    await client.invalidateQueries({ queryKey: memberRoot });
    await navigate('/my-games?sent=1');
  };
  const onDraftCreated = (id: number) => {
    setCreatedId(id);
    setSearchParams({ draft: String(id) }, { replace: true });
  };

  return (
    <Screen>
      <PageIntro title="Submit a game" eyebrow="For makers">
        Tell players about your game. Your draft saves as you go; when it is ready, send it to our moderators, who review every game before
        it is listed.
      </PageIntro>
      {draftParam !== null && draftParam !== createdId ? (
        <SavedDraft key={draftParam} id={draftParam} onSubmitted={onSubmitted} />
      ) : (
        <SubmissionForm
          key="new"
          initial={emptyValues}
          draftId={createdId}
          onDraftCreated={onDraftCreated}
          onSubmitted={onSubmitted}
          submit={submitForReview}
        />
      )}
    </Screen>
  );
}

function SavedDraft({ id, onSubmitted }: { id: number; onSubmitted: () => Promise<void> }) {
  const { data, error, isPending } = useQuery(submissionQuery(id));
  if (isPending) return <FullScreenLoading text="Loading your draft..." />;
  if (error) {
    const message = isApiError(error, 'not-found') ? 'There is no draft of yours with this link.' : error.message;
    return (
      <Notice>
        {message}{' '}
        <Link to="/my-games" className={textLinkStyle}>
          See your games
        </Link>
        .
      </Notice>
    );
  }
  if (!editableStatuses.includes(data.status)) {
    return (
      <Notice>
        This submission is “{submissionStatusLabels[data.status]}” and cannot be edited now.{' '}
        <Link to="/my-games" className={textLinkStyle}>
          Back to My games
        </Link>
        .
      </Notice>
    );
  }
  return (
    <>
      <ModeratorNote submission={data} />
      <SubmissionForm
        initial={valuesFromPayload(data.payload)}
        draftId={id}
        buildGameId={data.buildGameId}
        onDraftCreated={() => undefined}
        onSubmitted={onSubmitted}
        submit={submitForReview}
      />
    </>
  );
}

function ModeratorNote({ submission }: { submission: SubmissionView }) {
  if (!submission.moderatorNote) return null;
  const heading = submission.status === 'rejected' ? 'Why it was rejected' : 'What the moderator asked for';
  return (
    <section aria-label="Note from the moderator" className="mb-6 rounded-xl border border-accent/50 bg-accent-soft px-4 py-3 text-ink">
      <h2 className="font-semibold">{heading}</h2>
      <p className="mt-1 whitespace-pre-line">{submission.moderatorNote}</p>
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-line bg-surface px-4 py-3 text-ink">{children}</p>;
}
