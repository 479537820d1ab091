import { failedRequestId } from '../lib/api';

/** When the server failed, the id that lets whoever runs it find what happened; nothing otherwise. */
export function RequestIdNote({ error }: { error: unknown }) {
  const requestId = failedRequestId(error);
  if (!requestId) return null;
  return (
    <p className="mt-4 text-sm text-muted">
      If you report this, quote this id: <code className="select-all font-mono text-ink">{requestId}</code>
    </p>
  );
}
