// The second edition of a game's AI disclosure (decision 0064): its value lists and labels,
// with no Zod, so screens that only show or filter by them need not load the schema library.
// Every list ends in 'not-stated': what a game listed before the second edition says until its
// maker answers. "Not stated" is shown as such and never guessed from the older facts.

export const NOT_STATED = 'not-stated';

/** When the AI's content is made. */
export const aiGenerationValues = ['beforehand', 'live', 'both', NOT_STATED] as const;
export type AiGeneration = (typeof aiGenerationValues)[number];
export const aiGenerationLabels: Record<AiGeneration, string> = {
  beforehand: 'Made beforehand',
  live: 'Made live while you play',
  both: 'Both: some beforehand, some live',
  'not-stated': 'Not stated',
};

/** Whose AI the game uses; 'on-device' is a model that runs on the player's own device. */
export const aiProviders = [
  'openai',
  'anthropic',
  'google',
  'meta',
  'mistral',
  'deepseek',
  'xai',
  'stability',
  'elevenlabs',
  'on-device',
  'other',
  NOT_STATED,
] as const;
export type AiProvider = (typeof aiProviders)[number];
export const aiProviderLabels: Record<AiProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  meta: 'Meta',
  mistral: 'Mistral AI',
  deepseek: 'DeepSeek',
  xai: 'xAI',
  stability: 'Stability AI',
  elevenlabs: 'ElevenLabs',
  'on-device': 'Runs on your device',
  other: 'Other',
  'not-stated': 'Not stated',
};

/** Where what the player types or says goes. */
export const aiInputDestinations = ['device', 'maker-server', 'third-party', NOT_STATED] as const;
export type AiInputDestination = (typeof aiInputDestinations)[number];
export const aiInputDestinationLabels: Record<AiInputDestination, string> = {
  device: 'Nothing leaves your device',
  'maker-server': "The maker's own server",
  'third-party': 'A third-party AI provider',
  'not-stated': 'Not stated',
};

/** Whether the player's input is kept once it has been used. */
export const aiInputRetentions = ['not-kept', 'days', 'kept', NOT_STATED] as const;
export type AiInputRetention = (typeof aiInputRetentions)[number];
export const aiInputRetentionLabels: Record<AiInputRetention, string> = {
  'not-kept': 'Not kept',
  days: 'Kept for a number of days',
  kept: 'Kept',
  'not-stated': 'Not stated',
};

/** What playing costs, AI included. */
export const aiPlayCosts = ['free', 'own-key', 'allowance', 'paid', NOT_STATED] as const;
export type AiPlayCost = (typeof aiPlayCosts)[number];
export const aiPlayCostLabels: Record<AiPlayCost, string> = {
  free: 'Free',
  'own-key': 'Your own API key',
  allowance: 'A free allowance, then paid',
  paid: 'Paid',
  'not-stated': 'Not stated',
};

/** Whether an on-device model needs WebGPU. */
export const aiWebGpuValues = ['yes', 'no', NOT_STATED] as const;
export type AiWebGpu = (typeof aiWebGpuValues)[number];
export const aiWebGpuLabels: Record<AiWebGpu, string> = { yes: 'Yes', no: 'No', 'not-stated': 'Not stated' };

/** The model's licence: the common ones, or another named in words. */
export const aiLicences = ['proprietary', 'apache-2.0', 'mit', 'llama', 'gemma', 'openrail', 'cc-by-4.0', 'other', NOT_STATED] as const;
export type AiLicence = (typeof aiLicences)[number];
export const aiLicenceLabels: Record<AiLicence, string> = {
  proprietary: "Proprietary (the provider's terms)",
  'apache-2.0': 'Apache 2.0',
  mit: 'MIT',
  llama: 'Llama community licence',
  gemma: 'Gemma terms of use',
  openrail: 'OpenRAIL',
  'cc-by-4.0': 'CC BY 4.0',
  other: 'Other',
  'not-stated': 'Not stated',
};

/** A cost that asks nothing of the player's own API key (what "No API key needed" finds). */
export const noApiKeyCosts: readonly AiPlayCost[] = ['free', 'allowance', 'paid'];

export const MAX_KEPT_DAYS = 3650;
export const MAX_DOWNLOAD_MB = 200_000;
export const MAX_MEMORY_MB = 1_000_000;
