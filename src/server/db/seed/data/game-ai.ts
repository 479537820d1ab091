import type { GameAi } from '../../../../shared/catalogue';

/** How each sample game uses AI, as its description tells it. */
export const seedGameAi: Record<string, GameAi> = {
  'hearthwick-tales': { roles: ['npc-dialogue', 'story'], runsOn: 'cloud', worksOffline: false, needsOwnApiKey: false, modelFamily: 'Large language model', outputModerated: true },
  knucklewise: { roles: ['opponent-companion'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Frequency model (n-grams of your moves)', outputModerated: false },
  humfield: { roles: ['music-voice'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Generative music model', outputModerated: false },
  'ninefold-front': { roles: ['opponent-companion'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Minimax search with alpha-beta pruning', outputModerated: false },
  'slipstream-ghosts': { roles: ['opponent-companion'], runsOn: 'both', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Imitation learning', outputModerated: false },
  'tidewater-commons': { roles: ['npc-dialogue', 'opponent-companion'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Agent planner + small language model', outputModerated: true },
  'the-lying-sphinx': { roles: ['world-generation'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Puzzle generator + brute-force solver', outputModerated: false },
  'the-lamplit-table': { roles: ['story', 'npc-dialogue', 'world-generation'], runsOn: 'cloud', worksOffline: false, needsOwnApiKey: false, modelFamily: 'Large language model', outputModerated: true },
  'byte-hollow': { roles: ['world-generation', 'opponent-companion'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Procedural generator + director AI', outputModerated: false },
  'bench-whisper': { roles: ['npc-dialogue', 'opponent-companion'], runsOn: 'cloud', worksOffline: false, needsOwnApiKey: false, modelFamily: 'Large language model + speech recognition', outputModerated: true },
  pulsewright: { roles: ['music-voice', 'world-generation'], runsOn: 'device', worksOffline: true, needsOwnApiKey: false, modelFamily: 'Generative music model', outputModerated: false },
  'marrow-lane-mysteries': { roles: ['story', 'npc-dialogue', 'world-generation'], runsOn: 'cloud', worksOffline: false, needsOwnApiKey: true, modelFamily: 'Large language model + story planner', outputModerated: true },
};
