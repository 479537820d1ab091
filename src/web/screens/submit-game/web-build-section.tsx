import { useState } from 'react';
import { BuildUpload } from '../../components/uploads/build-upload';
import { BuildVersions } from '../../components/uploads/build-versions';
import { buildGameOf } from '../../lib/submissions';
import { FormSection } from './form-section';

interface WebBuildSectionProps {
  title: string;
  /** Known for an edit of a listed game, or once a build was added to this draft. */
  buildGameId: number | null;
  /** The draft's id, saved first if it has none yet. */
  draftId: () => Promise<number>;
}

/**
 * A web build sent with the submission, so the game plays in its page once listed: kept with the
 * draft's game (decision 0074) and reviewed as every build is.
 */
export function WebBuildSection({ title, buildGameId, draftId }: WebBuildSectionProps) {
  const [gameId, setGameId] = useState(buildGameId);
  const shownTitle = title.trim() || 'your game';
  const gameIdNow = async () => gameId ?? buildGameOf(await draftId());
  return (
    <FormSection
      id="web-build"
      title="Web build (optional)"
      hint="A zip or a folder with index.html at its top: the game then plays in its page here, from an origin of its own. A moderator plays each version before it is listed."
    >
      <BuildUpload title={shownTitle} gameId={gameIdNow} onUploaded={setGameId} />
      {gameId !== null && <BuildVersions gameId={gameId} title={shownTitle} />}
    </FormSection>
  );
}
