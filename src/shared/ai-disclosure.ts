import { z } from 'zod';
import {
  aiGenerationValues,
  aiInputDestinations,
  aiInputRetentions,
  aiLicences,
  aiPlayCosts,
  aiProviders,
  aiWebGpuValues,
  MAX_DOWNLOAD_MB,
  MAX_KEPT_DAYS,
  MAX_MEMORY_MB,
  NOT_STATED,
} from './ai-disclosure-values';

export * from './ai-disclosure-values';

const choice = <T extends readonly [string, ...string[]]>(values: T, missing: string, description: string) =>
  z
    .enum(values, {
      error: (issue) => (issue.input === undefined ? missing : `${missing}: '${String(issue.input)}' is not one of the choices`),
    })
    .describe(description);

const words = (label: string, max: number, description: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .describe(description);

const megabytes = (label: string, max: number, description: string) =>
  z
    .number({ error: `${label} must be a number of megabytes` })
    .int({ error: `${label} must be a whole number of megabytes` })
    .min(1, { error: `${label} must be at least 1 MB` })
    .max(max, { error: `${label} must be at most ${max} MB` })
    .nullable()
    .describe(description);

const disclosureFields = {
  generation: choice(
    aiGenerationValues,
    "Say when the AI's content is made",
    "When the AI's content is made: beforehand, live while playing, or both.",
  ),
  liveSafety: words(
    'What keeps live content safe',
    500,
    'For live content: what the maker does to keep it safe (filters, moderation, limits). Empty unless content is made live.',
  ),
  provider: choice(
    aiProviders,
    'Choose the AI provider',
    "Whose AI the game uses; 'on-device' is a model that runs on the player's device.",
  ),
  providerName: words('Provider name', 80, "The provider's name when `provider` is 'other'."),
  model: words('Model', 80, 'The model by name (for example gpt-4o-mini, Llama 3.2 3B); for on-device, the model that is downloaded.'),
  inputGoesTo: choice(
    aiInputDestinations,
    "Say where the player's input goes",
    "Where what the player types or says goes: nothing leaves the device, the maker's own server, or a named third-party AI provider.",
  ),
  inputProviderName: words('Third-party provider', 80, "Who receives the input when `inputGoesTo` is 'third-party'."),
  inputKept: choice(
    aiInputRetentions,
    "Say whether the player's input is kept",
    'Whether the input is kept: not kept, kept for `inputKeptDays` days, or kept.',
  ),
  inputKeptDays: z
    .number({ error: 'Days kept must be a number' })
    .int({ error: 'Days kept must be a whole number' })
    .min(1, { error: 'Days kept must be at least 1' })
    .max(MAX_KEPT_DAYS, { error: `Days kept must be at most ${MAX_KEPT_DAYS}` })
    .nullable()
    .describe("How many days the input is kept when `inputKept` is 'days'; otherwise null."),
  cost: choice(
    aiPlayCosts,
    'Say what playing costs',
    "What playing costs, AI included: free, the player's own API key, a free allowance then paid, or paid.",
  ),
  downloadMb: megabytes('Download size', MAX_DOWNLOAD_MB, 'For on-device models: the download size in MB; null when not stated.'),
  memoryMb: megabytes(
    'Memory needed',
    MAX_MEMORY_MB,
    'For on-device models: memory or graphics memory needed, in MB; null when not stated.',
  ),
  webGpu: choice(aiWebGpuValues, 'Say whether WebGPU is required', 'For on-device models: whether the browser must support WebGPU.'),
  licence: choice(
    aiLicences,
    "Choose the model's licence",
    "The model's licence: one of the common ones, or 'other' named in `licenceName`.",
  ),
  licenceName: words('Licence name', 80, "The licence's name when `licence` is 'other'."),
};

/** Text left out is empty, a number left out null, WebGPU (asked only on device) not stated: the form sends only what applies. */
const { liveSafety, providerName, model, inputProviderName, licenceName, inputKeptDays, downloadMb, memoryMb, webGpu } = disclosureFields;

/** The second edition of "How this game uses AI" (decision 0064), as stored, listed and answered. */
export const aiDisclosureSchema = z
  .object({
    ...disclosureFields,
    liveSafety: liveSafety.default(''),
    providerName: providerName.default(''),
    model: model.default(''),
    inputProviderName: inputProviderName.default(''),
    licenceName: licenceName.default(''),
    inputKeptDays: inputKeptDays.default(null),
    downloadMb: downloadMb.default(null),
    memoryMb: memoryMb.default(null),
    webGpu: webGpu.default(NOT_STATED),
  })
  .strict();
export type AiDisclosure = z.output<typeof aiDisclosureSchema>;

/** While drafting, any answer may be missing; each one given is checked as above. */
export const aiDisclosureDraftSchema = z.object(disclosureFields).partial().strict();
export type AiDisclosureDraft = z.input<typeof aiDisclosureDraftSchema>;

/** What a game listed before the second edition says: nothing, until its maker answers. */
export const notStatedDisclosure: AiDisclosure = {
  generation: NOT_STATED,
  liveSafety: '',
  provider: NOT_STATED,
  providerName: '',
  model: '',
  inputGoesTo: NOT_STATED,
  inputProviderName: '',
  inputKept: NOT_STATED,
  inputKeptDays: null,
  cost: NOT_STATED,
  downloadMb: null,
  memoryMb: null,
  webGpu: NOT_STATED,
  licence: NOT_STATED,
  licenceName: '',
};

export const isLive = (d: Pick<AiDisclosure, 'generation'>) => d.generation === 'live' || d.generation === 'both';
export const isOnDevice = (d: Pick<AiDisclosure, 'provider'>) => d.provider === 'on-device';

type Problem = [field: keyof AiDisclosure, message: string];

/** Each answer a maker must give before review, in the form's order, with the words shown beside it. */
export function unansweredDisclosure(d: AiDisclosure): Problem[] {
  const needs: [missing: boolean, field: keyof AiDisclosure, message: string][] = [
    [d.generation === NOT_STATED, 'generation', "Say when the AI's content is made"],
    [isLive(d) && d.liveSafety === '', 'liveSafety', 'Say what you do to keep live content safe'],
    [d.provider === NOT_STATED, 'provider', 'Choose the AI provider'],
    [d.provider === 'other' && d.providerName === '', 'providerName', 'Name the provider'],
    [d.provider !== NOT_STATED && d.model === '', 'model', isOnDevice(d) ? 'Name the model that runs on the device' : 'Name the model'],
    [isOnDevice(d) && d.downloadMb === null, 'downloadMb', 'Give the download size in MB'],
    [isOnDevice(d) && d.memoryMb === null, 'memoryMb', 'Give the memory needed in MB'],
    [isOnDevice(d) && d.webGpu === NOT_STATED, 'webGpu', 'Say whether WebGPU is required'],
    [d.inputGoesTo === NOT_STATED, 'inputGoesTo', "Say where the player's input goes"],
    [d.inputGoesTo === 'third-party' && d.inputProviderName === '', 'inputProviderName', 'Name the third party that receives the input'],
    [d.inputKept === NOT_STATED, 'inputKept', "Say whether the player's input is kept"],
    [d.inputKept === 'days' && d.inputKeptDays === null, 'inputKeptDays', 'Say for how many days the input is kept'],
    [d.cost === NOT_STATED, 'cost', 'Say what playing costs'],
    [d.licence === NOT_STATED, 'licence', "Choose the model's licence"],
    [d.licence === 'other' && d.licenceName === '', 'licenceName', 'Name the licence'],
  ];
  return needs.flatMap(([missing, field, message]) => (missing ? [[field, message] as Problem] : []));
}

/** How many of the questions a game leaves unanswered: what My games asks its maker to fill in. */
export const hasUnstatedDisclosure = (d: AiDisclosure) => unansweredDisclosure(d).length > 0;

/** The answers with what does not apply cleared (days only when kept for days, device needs only on device, …). */
export function normalisedDisclosure(d: AiDisclosure): AiDisclosure {
  return {
    ...d,
    liveSafety: isLive(d) ? d.liveSafety : '',
    providerName: d.provider === 'other' ? d.providerName : '',
    inputProviderName: d.inputGoesTo === 'third-party' ? d.inputProviderName : '',
    inputKeptDays: d.inputKept === 'days' ? d.inputKeptDays : null,
    downloadMb: isOnDevice(d) ? d.downloadMb : null,
    memoryMb: isOnDevice(d) ? d.memoryMb : null,
    webGpu: isOnDevice(d) ? d.webGpu : NOT_STATED,
    licenceName: d.licence === 'other' ? d.licenceName : '',
  };
}
