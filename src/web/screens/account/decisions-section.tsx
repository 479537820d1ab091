import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { APPEAL_TEXT_MAX, type myDecisionSchema } from '../../../shared/appeals';
import { FormAlert } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { SearchPagination, usePageParam } from '../../components/pagination';
import { inputStyle, labelStyle } from '../../components/styles';
import { myDecisionsQuery, useAppealDecision } from '../../lib/appeals';
import { formatCount, formatMomentUtc } from '../../lib/format';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';
import { AccountSection } from './account-section';

type MyDecision = z.infer<typeof myDecisionSchema>;

const itemNames: Record<string, string> = {
  game: 'your game',
  review: 'your review',
  reply: 'your reply to a review',
  update: 'your update post',
  list: 'your list',
  profile: 'your profile',
};

/** What was done, in the member's words: "Your review was removed". */
export function describeDecision(decision: Pick<MyDecision, 'action' | 'targetKind' | 'suspendDays'>): string {
  const item = itemNames[decision.targetKind ?? ''] ?? 'your account';
  const Item = item.charAt(0).toUpperCase() + item.slice(1);
  switch (decision.action) {
    case 'remove':
      return decision.targetKind === 'list'
        ? `${Item} was made private`
        : decision.targetKind === 'profile'
          ? `${Item} was reset`
          : `${Item} was removed`;
    case 'unlist':
      return `${Item} was unlisted`;
    case 'warn':
      return `You were warned about ${item}`;
    case 'suspend':
      return `Your account was suspended for ${decision.suspendDays ?? ''} ${decision.suspendDays === 1 ? 'day' : 'days'}`;
    case 'ban':
      return 'Your account was banned';
    default:
      return `A moderator decided about ${item}`;
  }
}

const outcomeWords = {
  open: 'Appeal open: another moderator will decide',
  upheld: 'Appeal upheld: the decision stands',
  overturned: 'Appeal overturned: the decision was undone',
};

function AppealStatus({ appeal }: { appeal: NonNullable<MyDecision['appeal']> }) {
  return (
    <div className="mt-3 rounded-xl border border-line bg-raised px-4 py-3 text-sm">
      <p className="font-medium text-ink" data-appeal-status={appeal.status}>
        {outcomeWords[appeal.status]}
      </p>
      <p className="mt-1 text-muted">You wrote: {appeal.text}</p>
      {appeal.reason && (
        <p className="mt-1 text-ink">
          Why: {appeal.reason}
          {appeal.decidedAt && <span className="text-muted"> ({formatMomentUtc(appeal.decidedAt)})</span>}
        </p>
      )}
    </div>
  );
}

function AppealForm({ decisionId }: { decisionId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const appeal = useAppealDecision();
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setMissing(true);
    setMissing(false);
    appeal.mutate({ decisionId, input: { text } });
  };
  const left = APPEAL_TEXT_MAX - text.length;
  return (
    <form noValidate onSubmit={send} className="mt-3 space-y-2">
      <label htmlFor={id} className={labelStyle}>
        Appeal: why is this decision wrong? (once; another moderator decides)
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={APPEAL_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={missing || undefined}
        className={inputStyle}
      />
      <p id={`${id}-count`} className={`text-right text-xs ${left < 100 ? 'text-danger-ink' : 'text-muted'}`}>
        {formatCount(text.length)} of {formatCount(APPEAL_TEXT_MAX)} characters
      </p>
      <FormAlert>{missing ? 'Say why you think the decision is wrong' : appeal.error?.message}</FormAlert>
      <SubmitButton pending={appeal.isPending}>Send appeal</SubmitButton>
    </form>
  );
}

function DecisionItem({ decision }: { decision: MyDecision }) {
  return (
    <li className="rounded-xl border border-line p-4">
      <p className="font-medium text-ink">{describeDecision(decision)}</p>
      <p className="mt-1 text-sm text-ink">Why: {decision.reason}</p>
      <p className="mt-1 text-xs text-muted">{formatMomentUtc(decision.createdAt)}</p>
      {decision.appeal && <AppealStatus appeal={decision.appeal} />}
      {decision.mayAppeal && !decision.appeal && <AppealForm decisionId={decision.id} />}
    </li>
  );
}

export function DecisionsSection() {
  const { data, error } = useQuery(myDecisionsQuery(usePageParam('decisions')));
  useScrollToHash();
  return (
    // The decision notification links to /account#decisions.
    <div id="decisions" className="scroll-mt-24">
      <AccountSection
        id="decisions"
        title="Decisions about you"
        intro="What moderators did about you or something you posted, and why. You may appeal each once."
      >
        <FormAlert>{error?.message}</FormAlert>
        {data && data.items.length === 0 && <p className="text-sm text-muted">No decisions about you.</p>}
        {data && data.items.length > 0 && (
          <ul className="space-y-3">
            {data.items.map((decision) => (
              <DecisionItem key={decision.id} decision={decision} />
            ))}
          </ul>
        )}
        {data && <SearchPagination total={data.total} page={data.page} pageSize={data.pageSize} name="decisions" hash="#decisions" />}
      </AccountSection>
    </div>
  );
}
