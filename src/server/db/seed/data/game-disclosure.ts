import { notStatedDisclosure, type AiDisclosure } from '../../../../shared/ai-disclosure';

const told = (facts: Partial<AiDisclosure>): AiDisclosure => ({ ...notStatedDisclosure, ...facts });

const sentTo = (provider: string, days: number | null) => ({
  inputGoesTo: 'third-party' as const,
  inputProviderName: provider,
  inputKept: days === null ? ('not-kept' as const) : ('days' as const),
  inputKeptDays: days,
});

const onDevice = (model: string, downloadMb: number, memoryMb: number, webGpu: 'yes' | 'no', licence: AiDisclosure['licence']) => ({
  provider: 'on-device' as const,
  model,
  downloadMb,
  memoryMb,
  webGpu,
  licence,
  inputGoesTo: 'device' as const,
  inputKept: 'not-kept' as const,
});

/** AI that is the game's own code, running in the page: nothing to download beyond the page, nothing sent. */
const inThePage = (model: string) => ({
  ...onDevice(model, 1, 16, 'no', 'other'),
  licenceName: 'Part of GameSource',
});

/**
 * The second edition of each sample game's disclosure (decision 0064), as its description and
 * older facts tell it: a paid game costs "paid", a game that needs the player's key says so, and
 * a game whose AI runs on the device names the model it downloads. One is left not stated, as a
 * game listed before these questions is.
 */
export const seedGameDisclosure: Record<string, AiDisclosure> = {
  'hearthwick-tales': told({
    generation: 'live',
    liveSafety: 'Every line passes a moderation model and a word list; villagers stay in character and never talk about real people.',
    provider: 'anthropic',
    model: 'Claude 3.5 Haiku',
    ...sentTo('Anthropic', 30),
    cost: 'paid',
    licence: 'proprietary',
  }),
  knucklewise: told({
    generation: 'live',
    liveSafety: 'The rival only picks one of three hands: it writes no text and makes no images or sound.',
    ...inThePage('Knucklewise habit model: n-gram counts of your moves (our own)'),
    cost: 'paid',
  }),
  humfield: told({
    generation: 'live',
    liveSafety: 'It only makes music, from notes and instruments that ship with the game; no words are generated.',
    ...onDevice('MusicGen Small', 1200, 2048, 'yes', 'cc-by-4.0'),
    cost: 'free',
  }),
  'ninefold-front': told({
    generation: 'live',
    liveSafety: 'The General only picks legal moves by searching the board: it writes no text and makes no images or sound.',
    ...inThePage('Minimax search with alpha-beta pruning (our own)'),
    cost: 'paid',
  }),
  'slipstream-ghosts': told({
    generation: 'beforehand',
    provider: 'on-device',
    model: 'Ghost driver imitation model (our own)',
    downloadMb: 85,
    memoryMb: 512,
    webGpu: 'no',
    inputGoesTo: 'maker-server',
    inputKept: 'kept',
    cost: 'free',
    licence: 'mit',
  }),
  'tidewater-commons': told({
    generation: 'live',
    liveSafety: 'Residents speak only through a small model tuned on the game’s own script, with a profanity filter on every line.',
    ...onDevice('Llama 3.2 1B Instruct', 900, 1536, 'yes', 'llama'),
    cost: 'paid',
  }),
  'the-lying-sphinx': told({
    generation: 'live',
    liveSafety: 'Statements come from a fixed set of sentence patterns about the doors and the sphinxes; no free text is generated.',
    ...inThePage('Puzzle generator with a brute-force solver (our own)'),
    cost: 'free',
  }),
  'the-lamplit-table': told({
    generation: 'both',
    liveSafety:
      'The game master is told the table’s content settings, and every reply is checked by a moderation model before it is shown.',
    provider: 'anthropic',
    model: 'Claude 3.5 Sonnet',
    ...sentTo('Anthropic', null),
    cost: 'paid',
    licence: 'proprietary',
  }),
  // Listed before the second edition and not yet answered: shown as "Not stated".
  'byte-hollow': notStatedDisclosure,
  'bench-whisper': told({
    generation: 'live',
    liveSafety: 'Players only answer about the match; replies are moderated and a timeout ends after three refused lines.',
    provider: 'google',
    model: 'Gemini 1.5 Flash',
    ...sentTo('Google', 7),
    cost: 'allowance',
    licence: 'proprietary',
  }),
  pulsewright: told({
    generation: 'beforehand',
    provider: 'stability',
    model: 'Stable Audio Open',
    inputGoesTo: 'device',
    inputKept: 'not-kept',
    cost: 'free',
    licence: 'other',
    licenceName: 'Stability AI Community License',
  }),
  'marrow-lane-mysteries': told({
    generation: 'live',
    liveSafety:
      'Suspects answer within the case file; a moderation model checks every answer and the case ends gently if a player pushes past it.',
    provider: 'mistral',
    model: 'Mistral Small',
    ...sentTo('Mistral AI', null),
    cost: 'own-key',
    licence: 'apache-2.0',
  }),
};
