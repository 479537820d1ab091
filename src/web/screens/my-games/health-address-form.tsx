import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../components/forms/text-field';
import { buttonStyles } from '../../components/styles';
import { healthUrlQuery, useSetHealthUrl } from '../../lib/still-works';

/** The maker's own health address, checked instead of the play URL (decision 0067); empty clears it. */
export function HealthAddressForm({ gameId }: { gameId: number }) {
  const { data } = useQuery(healthUrlQuery(gameId));
  // Held here: the fields start again from each saved address, and what the save said must outlive them.
  const save = useSetHealthUrl(gameId);
  return data ? <HealthAddressFields key={data.healthUrl ?? ''} save={save} saved={data.healthUrl} /> : null;
}

function HealthAddressFields({ save, saved }: { save: ReturnType<typeof useSetHealthUrl>; saved: string | null }) {
  const id = useId();
  const [value, setValue] = useState(saved ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value.trim() === '' ? null : value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <TextField
          id={`${id}-health`}
          label="Health address (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          onValueChange={setValue}
          hint="Checked instead of the play address, if your game has a status page. Leave it empty to check the play address."
          error={save.isError ? save.error.message : undefined}
        />
      </div>
      <button type="submit" disabled={save.isPending} className={buttonStyles.secondary}>
        Save address
      </button>
      <span role="status" className="text-sm text-muted">
        {save.isSuccess && (save.data.healthUrl ? 'Saved: the next check uses it.' : 'Cleared: the play address is checked.')}
      </span>
    </form>
  );
}
