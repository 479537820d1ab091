import {
  aiGenerationLabels,
  aiGenerationValues,
  aiInputDestinationLabels,
  aiInputDestinations,
  aiInputRetentionLabels,
  aiInputRetentions,
  aiLicenceLabels,
  aiLicences,
  aiPlayCostLabels,
  aiPlayCosts,
  aiProviderLabels,
  aiProviders,
  aiWebGpuLabels,
  aiWebGpuValues,
  NOT_STATED,
} from '../../../shared/ai-disclosure-values';
import { TextField } from '../../components/forms/text-field';
import { RadioGroup } from './choice-fields';
import { FormSection } from './form-section';
import { fieldId, type DisclosureValues } from './form-values';

/** The answers a maker gives; "Not stated" is only what a game listed before the questions says. */
const answers = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.filter((value) => value !== NOT_STATED).map((value) => ({ value: value as string, label: labels[value] }));

interface Props {
  values: DisclosureValues;
  set: <K extends keyof DisclosureValues>(key: K) => (value: DisclosureValues[K]) => void;
  err: (field: string) => string | undefined;
}

/** The second edition of the disclosure (decision 0064): what players need to know before they play. */
export function DisclosureSection({ values: d, set, err }: Props) {
  const id = (field: keyof DisclosureValues) => fieldId(`ai.disclosure.${field}`);
  const e = (field: keyof DisclosureValues) => err(`ai.disclosure.${field}`);
  const live = d.generation === 'live' || d.generation === 'both';
  const onDevice = d.provider === 'on-device';
  return (
    <FormSection
      id="disclosure"
      title="What players should know about the AI"
      hint="Players filter by these answers and see them on the game's page. A game listed before these questions shows “Not stated” for each until you answer."
    >
      <RadioGroup
        id={id('generation')}
        legend="When is the AI's content made?"
        hint="Made beforehand: you generated it while making the game and it ships as it is. Live: it is generated while someone plays."
        options={answers(aiGenerationValues, aiGenerationLabels)}
        value={d.generation}
        onChange={set('generation')}
        error={e('generation')}
      />
      {live && (
        <TextField
          id={id('liveSafety')}
          label="What do you do to keep live content safe?"
          hint="For example: a moderation model checks every line, a word list, limits on what characters may talk about. Up to 500 characters."
          value={d.liveSafety}
          onValueChange={set('liveSafety')}
          error={e('liveSafety')}
          maxLength={500}
        />
      )}
      <RadioGroup
        id={id('provider')}
        legend="Whose AI does the game use?"
        hint="Choose the provider of the main model, or “Runs on your device” when the model is downloaded and runs on the player's own device."
        options={answers(aiProviders, aiProviderLabels)}
        value={d.provider}
        onChange={set('provider')}
        error={e('provider')}
      />
      {d.provider === 'other' && (
        <TextField
          id={id('providerName')}
          label="Provider's name"
          value={d.providerName}
          onValueChange={set('providerName')}
          error={e('providerName')}
          maxLength={80}
        />
      )}
      <TextField
        id={id('model')}
        label={onDevice ? 'Model that runs on the device' : 'Model'}
        hint="The model by name and size, for example gpt-4o-mini or Llama 3.2 1B Instruct."
        value={d.model}
        onValueChange={set('model')}
        error={e('model')}
        maxLength={80}
      />
      {onDevice && (
        <fieldset className="space-y-4 rounded-lg border border-line p-4">
          <legend className="px-1 text-sm font-semibold text-ink">What the player's device needs</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={id('downloadMb')}
              label="Download size (MB)"
              inputMode="numeric"
              hint="What the player downloads before playing, in megabytes."
              value={d.downloadMb}
              onValueChange={set('downloadMb')}
              error={e('downloadMb')}
            />
            <TextField
              id={id('memoryMb')}
              label="Memory or graphics memory needed (MB)"
              inputMode="numeric"
              hint="The most the model uses while playing, in megabytes."
              value={d.memoryMb}
              onValueChange={set('memoryMb')}
              error={e('memoryMb')}
            />
          </div>
          <RadioGroup
            id={id('webGpu')}
            legend="Is WebGPU required?"
            hint="Yes when the game runs its model in the browser through WebGPU."
            options={answers(aiWebGpuValues, aiWebGpuLabels)}
            value={d.webGpu}
            onChange={set('webGpu')}
            error={e('webGpu')}
          />
        </fieldset>
      )}
      <RadioGroup
        id={id('inputGoesTo')}
        legend="Where does what the player types or says go?"
        hint="“Nothing leaves your device” only when no input is sent anywhere, not even to your own server."
        options={answers(aiInputDestinations, aiInputDestinationLabels)}
        value={d.inputGoesTo}
        onChange={set('inputGoesTo')}
        error={e('inputGoesTo')}
      />
      {d.inputGoesTo === 'third-party' && (
        <TextField
          id={id('inputProviderName')}
          label="Which third party receives it?"
          value={d.inputProviderName}
          onValueChange={set('inputProviderName')}
          error={e('inputProviderName')}
          maxLength={80}
        />
      )}
      <RadioGroup
        id={id('inputKept')}
        legend="Is the player's input kept?"
        hint="By you or by the provider, after it has been used to answer."
        options={answers(aiInputRetentions, aiInputRetentionLabels)}
        value={d.inputKept}
        onChange={set('inputKept')}
        error={e('inputKept')}
      />
      {d.inputKept === 'days' && (
        <TextField
          id={id('inputKeptDays')}
          label="For how many days?"
          inputMode="numeric"
          value={d.inputKeptDays}
          onValueChange={set('inputKeptDays')}
          error={e('inputKeptDays')}
        />
      )}
      <RadioGroup
        id={id('cost')}
        legend="What does playing cost, AI included?"
        hint="“Your own API key” means players pay their AI provider themselves."
        options={answers(aiPlayCosts, aiPlayCostLabels)}
        value={d.cost}
        onChange={set('cost')}
        error={e('cost')}
      />
      <RadioGroup
        id={id('licence')}
        legend="Under what licence is the model?"
        hint="For a provider's hosted model, its terms are “Proprietary”."
        options={answers(aiLicences, aiLicenceLabels)}
        value={d.licence}
        onChange={set('licence')}
        error={e('licence')}
      />
      {d.licence === 'other' && (
        <TextField
          id={id('licenceName')}
          label="Licence name"
          value={d.licenceName}
          onValueChange={set('licenceName')}
          error={e('licenceName')}
          maxLength={80}
        />
      )}
    </FormSection>
  );
}
