import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { ReportKind } from '../../../shared/reports';
import { pathOf } from '../../../shared/routes';
import { useAuthStatus } from '../../lib/auth-status';

// The dialog brings the reasons and their rules (Zod) along: loaded the first time someone opens it.
const ReportDialog = lazy(() => import('./report-dialog'));

interface ReportButtonProps {
  kind: ReportKind;
  targetId: string;
  /** What is reported, for the control's name and the dialog's question ("the review by Ada"). */
  name: string;
}

const quietStyle =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The report page's address: where the control leads before the page's scripts arrive. */
export function reportPath(kind: ReportKind, targetId: string, back: string): string {
  const query = new URLSearchParams({ kind, id: targetId, back });
  return `${pathOf('report')}?${query.toString()}`;
}

/**
 * "Report": a link, so it works on a page rendered on the server before its scripts arrive (to
 * sign in and back for a visitor, to the report page for a member); once they have, a member's
 * click opens the report dialog on the page instead.
 */
export function ReportButton({ kind, targetId, name }: ReportButtonProps) {
  const status = useAuthStatus();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const here = pathname + search;
  const label = `Report ${name}`;
  if (status !== 'signed-in') {
    return (
      <Link to={`${pathOf('login')}?next=${encodeURIComponent(here)}`} aria-label={`${label} (sign in first)`} className={quietStyle}>
        <FlagIcon />
        Report
      </Link>
    );
  }
  const openDialog = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a href={reportPath(kind, targetId, here)} onClick={openDialog} aria-haspopup="dialog" aria-label={label} className={quietStyle}>
        <FlagIcon />
        Report
      </a>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={{ kind, targetId, name }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function FlagIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}
