import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { RestrictedAccounts } from '../../../shared/reports';
import { FormAlert } from '../../components/forms/form-messages';
import { FieldError } from '../../components/forms/text-field';
import { SearchPagination, usePageParam } from '../../components/pagination';
import { buttonStyles, cardStyle, inputStyle, labelStyle, textLinkStyle } from '../../components/styles';
import { formatMomentUtc } from '../../lib/format';
import { restrictedAccountsQuery, useAccountAction } from '../../lib/reports';

type Account = RestrictedAccounts['items'][number];

/** Suspended and banned members, each with why and until when, and a way to lift it. */
export function RestrictedAccountsList({ onDone }: { onDone: (message: string) => void }) {
  const { data, error } = useQuery(restrictedAccountsQuery(usePageParam()));
  return (
    <section aria-labelledby="restricted-title">
      <h2 id="restricted-title" className="text-lg font-semibold text-ink">
        Suspended and banned accounts {data && <span className="text-muted">({data.total})</span>}
      </h2>
      {error && <p className="mt-3 text-danger-ink">{error.message}</p>}
      {!data && !error && <p className="mt-3 text-muted">Loading accounts…</p>}
      {data && data.items.length === 0 && <p className="mt-3 text-muted">No account is suspended or banned.</p>}
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {data?.items.map((account) => (
          <li key={account.id} className={`${cardStyle} p-5`}>
            <AccountCard account={account} onDone={onDone} />
          </li>
        ))}
      </ul>
      {data && <SearchPagination total={data.total} page={data.page} pageSize={data.pageSize} />}
    </section>
  );
}

function AccountCard({ account, onDone }: { account: Account; onDone: (message: string) => void }) {
  return (
    <article aria-label={account.name} className="space-y-3">
      <header>
        <h3 className="break-words font-semibold text-ink">
          <Link to={`/profile?id=${encodeURIComponent(account.id)}`} className={textLinkStyle}>
            {account.name}
          </Link>
          {account.username && <span className="ml-2 text-sm font-normal text-muted">@{account.username}</span>}
        </h3>
        <p className="mt-1 text-sm">
          <span
            className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${account.standing === 'banned' ? 'bg-danger-soft text-danger-ink' : 'bg-accent-soft text-accent-ink'}`}
          >
            {account.standing === 'banned' ? 'Banned' : 'Suspended'}
          </span>
          <span className="text-muted">{account.until ? `until ${formatMomentUtc(account.until)}` : 'until reinstated'}</span>
        </p>
      </header>
      <p className="whitespace-pre-line break-words text-sm text-ink">{account.reason || 'No reason on record.'}</p>
      <ReinstateForm account={account} onDone={onDone} />
    </article>
  );
}

function ReinstateForm({ account, onDone }: { account: Account; onDone: (message: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const act = useAccountAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('Write the reason the member will be shown');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(undefined);
    act
      .mutateAsync({ userId: account.id, action: 'reinstate', input: { reason: reason.trim() } })
      .then(() => onDone(`${account.name} is in good standing again, and has your reason.`))
      .catch(() => undefined);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-2 border-t border-line pt-3">
      <label htmlFor={`${id}-reason`} className={labelStyle}>
        Reason for reinstating (the member is shown it)
      </label>
      <textarea
        id={`${id}-reason`}
        rows={2}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        className={inputStyle}
      />
      {reasonError && <FieldError id={`${id}-reason-error`}>{reasonError}</FieldError>}
      <FormAlert>{act.error?.message}</FormAlert>
      <button type="submit" disabled={act.isPending} className={buttonStyles.secondary}>
        Reinstate {account.name}
      </button>
    </form>
  );
}
