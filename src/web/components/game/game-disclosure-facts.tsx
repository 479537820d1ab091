import type { ReactNode } from 'react';
import type { AiDisclosure } from '../../../shared/ai-disclosure';
import {
  aiGenerationLabels,
  aiInputDestinationLabels,
  aiInputRetentionLabels,
  aiLicenceLabels,
  aiPlayCostLabels,
  aiProviderLabels,
  aiWebGpuLabels,
  NOT_STATED,
} from '../../../shared/ai-disclosure-values';

const notStated = <span className="italic text-muted">Not stated</span>;
const said = (value: string, words: string) => (value === NOT_STATED ? notStated : words);
const megabytes = (mb: number | null) => (mb === null ? notStated : mb >= 1000 ? `${(mb / 1000).toLocaleString('en')} GB` : `${mb} MB`);

function provider(d: AiDisclosure): ReactNode {
  if (d.provider === NOT_STATED) return notStated;
  const name = d.provider === 'other' ? d.providerName : aiProviderLabels[d.provider];
  return d.model ? `${name}: ${d.model}` : name;
}

function inputGoes(d: AiDisclosure): ReactNode {
  if (d.inputGoesTo === 'third-party' && d.inputProviderName) return `A third-party AI provider: ${d.inputProviderName}`;
  return said(d.inputGoesTo, aiInputDestinationLabels[d.inputGoesTo]);
}

function kept(d: AiDisclosure): ReactNode {
  if (d.inputKept === 'days' && d.inputKeptDays !== null) return `Kept for ${d.inputKeptDays} ${d.inputKeptDays === 1 ? 'day' : 'days'}`;
  return said(d.inputKept, aiInputRetentionLabels[d.inputKept]);
}

/** The second edition's answers (decision 0064): each one as the maker said it, or "Not stated". */
export function GameDisclosureFacts({
  disclosure: d,
  Fact,
}: {
  disclosure: AiDisclosure;
  Fact: (props: { term: string; children: ReactNode }) => ReactNode;
}) {
  const live = d.generation === 'live' || d.generation === 'both';
  return (
    <>
      <Fact term="When AI content is made">{said(d.generation, aiGenerationLabels[d.generation])}</Fact>
      {live && <Fact term="Keeping live content safe">{d.liveSafety || notStated}</Fact>}
      <Fact term="AI provider and model">{provider(d)}</Fact>
      <Fact term="Where what you type goes">{inputGoes(d)}</Fact>
      <Fact term="Is it kept">{kept(d)}</Fact>
      <Fact term="Cost to play">{said(d.cost, aiPlayCostLabels[d.cost])}</Fact>
      <Fact term="Model licence">{d.licence === 'other' ? d.licenceName || notStated : said(d.licence, aiLicenceLabels[d.licence])}</Fact>
      {d.provider === 'on-device' && (
        <>
          <Fact term="Download size">{megabytes(d.downloadMb)}</Fact>
          <Fact term="Memory needed">{megabytes(d.memoryMb)}</Fact>
          <Fact term="Needs WebGPU">{said(d.webGpu, aiWebGpuLabels[d.webGpu])}</Fact>
        </>
      )}
    </>
  );
}
