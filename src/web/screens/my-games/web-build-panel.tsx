import { useId } from 'react';
import { cardStyle } from '../../components/styles';
import { BuildUpload } from '../../components/uploads/build-upload';
import { BuildVersions } from '../../components/uploads/build-versions';

/** A game's web build: upload a new version, follow its review, choose which approved version plays. */
export function WebBuildPanel({ gameId, title }: { gameId: number; title: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardStyle} space-y-4 p-5`}>
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Web build: {title}
      </h3>
      <p className="text-sm text-muted">
        Upload a zip or a folder with index.html at its top (or in its one folder). Each upload is a new version, reviewed by a moderator;
        the version that plays stays until a new one is approved.
      </p>
      <BuildUpload title={title} gameId={() => Promise.resolve(gameId)} />
      <BuildVersions gameId={gameId} title={title} />
    </section>
  );
}
