import { POSSIBLY_STALE_MESSAGE } from '../../../shared/possibly-stale';
import { usePossiblyStale } from '../../lib/possibly-stale';

/** A quiet line under the header while the catalogue answers from memory during a database outage (decision 0056). */
export function PossiblyStaleBanner() {
  const stale = usePossiblyStale();
  return (
    <p role="status" className={stale ? 'border-b border-line bg-raised px-4 py-2 text-center text-sm text-muted' : 'sr-only'}>
      {stale ? POSSIBLY_STALE_MESSAGE : ''}
    </p>
  );
}
