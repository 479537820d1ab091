import { ModalDialog } from '../lists/modal-dialog';
import { ReportForm, type ReportTarget } from './report-form';

const titles = {
  game: 'Report a game',
  review: 'Report a review',
  list: 'Report a list',
  profile: 'Report a profile',
  reply: 'Report a reply',
  update: 'Report an update',
} as const;

/** The report form in a modal dialog: Escape or Cancel closes it, focus stays inside while it is open. */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  return (
    <ModalDialog title={titles[target.kind]} onClose={onClose}>
      <ReportForm target={target} onDone={onClose} doneLabel="Close" />
    </ModalDialog>
  );
}
