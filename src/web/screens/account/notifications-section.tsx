import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationPreferenceKind, NotificationPreferences } from '../../../shared/follows';
import { notificationPreferencesQuery, useSaveNotificationPreferences } from '../../lib/follows';
import { AccountSection } from './account-section';

const kinds: { kind: NotificationPreferenceKind; label: string }[] = [
  { kind: 'following', label: 'Makers and games you follow: new games and updates' },
  { kind: 'reviews', label: 'New reviews and ratings of your games' },
  { kind: 'moderation', label: 'What moderators did about something you posted or reported' },
];

/** A moderator's decision always reaches the bell (it may name how to appeal); only its e-mail is a choice. */
const alwaysOnBell = (kind: NotificationPreferenceKind, how: 'bell' | 'email') => kind === 'moderation' && how === 'bell';

/** Per kind: the bell and e-mail, each saved as soon as it is ticked. */
export function NotificationsSection() {
  const { data: saved } = useQuery(notificationPreferencesQuery());
  const save = useSaveNotificationPreferences();
  // The box changes as it is clicked, before the save's own optimistic update reaches the query;
  // once the last save is settled, the query (saved, or read back after a failure) is the truth
  // again. The boxes stay enabled while saving, so focus stays where the keyboard left it.
  const [ticked, setTicked] = useState<NotificationPreferences>();
  const data = ticked ?? saved;
  const change = (kind: NotificationPreferenceKind, how: 'bell' | 'email', on: boolean) => {
    if (!data) return;
    const next: NotificationPreferences = { ...data, [kind]: { ...data[kind], [how]: on } };
    setTicked(next);
    save.mutate(next, { onSettled: (_saved, _error, settled) => setTicked((shown) => (shown === settled ? undefined : shown)) });
  };
  return (
    <AccountSection id="notifications" title="Notifications" intro="Choose what reaches your bell and your inbox.">
      {data ? (
        <ul className="space-y-4">
          {kinds.map(({ kind, label }) => (
            <li key={kind}>
              <fieldset>
                <legend className="font-medium text-ink">{label}</legend>
                <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink">
                  {(['bell', 'email'] as const).map((how) => (
                    <label key={how} className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={alwaysOnBell(kind, how) || data[kind][how]}
                        disabled={alwaysOnBell(kind, how)}
                        onChange={(event) => change(kind, how, event.target.checked)}
                        className="size-4 accent-accent"
                      />
                      {how === 'bell'
                        ? alwaysOnBell(kind, how)
                          ? 'On the bell (always)'
                          : 'On the bell'
                        : kind === 'reviews'
                          ? 'By e-mail, once a day'
                          : 'By e-mail'}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Loading your choices…</p>
      )}
      <p role="status" className={save.isError ? 'mt-3 text-sm text-danger-ink' : 'sr-only'}>
        {save.isError ? 'Could not save that. Try again.' : save.isSuccess ? 'Saved' : ''}
      </p>
    </AccountSection>
  );
}
