import type { ReactNode } from 'react';
import type { AiDisclosure } from '../../../shared/ai-disclosure';
import type { GameAi } from '../../../shared/catalogue';
import { aiRoleLabels, aiRunsOnLabels } from '../../../shared/catalogue-values';
import { cardStyle } from '../styles';
import { GameDisclosureFacts } from './game-disclosure-facts';

/** "How this game uses AI": what the AI does and what it needs. Nothing when the game has no such facts. */
export function GameAiCard({ ai, disclosure }: { ai?: GameAi; disclosure?: AiDisclosure }) {
  if (!ai) return null;
  return (
    <section aria-labelledby="game-ai-title" className={`${cardStyle} p-5 sm:p-6 lg:col-span-2`}>
      <h2 id="game-ai-title" className="text-xl font-semibold tracking-tight text-ink">
        How this game uses AI
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <AiFact term="What the AI does" wide>
          <ul className="flex flex-wrap gap-2">
            {ai.roles.map((role) => (
              <li key={role} className="rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-ink">
                {aiRoleLabels[role]}
              </li>
            ))}
          </ul>
        </AiFact>
        <AiFact term="Where it runs">{aiRunsOnLabels[ai.runsOn]}</AiFact>
        <AiFact term="Model family">{ai.modelFamily}</AiFact>
        <AiFact term="Works offline">{yesNo(ai.worksOffline)}</AiFact>
        <AiFact term="Needs your own API key">{yesNo(ai.needsOwnApiKey)}</AiFact>
        <AiFact term="Output moderated">{yesNo(ai.outputModerated)}</AiFact>
        {disclosure && <GameDisclosureFacts disclosure={disclosure} Fact={AiFact} />}
      </dl>
    </section>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function AiFact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2 lg:col-span-3' : ''}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{term}</dt>
      <dd className="mt-1 text-ink">{children}</dd>
    </div>
  );
}
