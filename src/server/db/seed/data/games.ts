import type { CategorySlug } from '../../../../shared/categories';

export interface SeedGame {
  slug: string;
  title: string;
  tagline: string;
  description: string;
  imageAlt: string;
  categories: readonly CategorySlug[];
  priceAmount: number | null;
  rating: number;
  ratingCount: number;
  releaseDate: string;
  developer: string;
  playCount: number;
}

/**
 * Twelve sample games written for GameSource. The titles, studios and games are our own
 * inventions. The first category of each game is its primary category. Cover art lives in
 * `src/web/public/covers/<slug>.svg`.
 */
export const seedGames: readonly SeedGame[] = [
  {
    slug: 'hearthwick-tales',
    title: 'Hearthwick Tales',
    tagline: 'A village RPG where every neighbour remembers what you said and talks about it behind your back.',
    description: [
      'Hearthwick is a small valley town of forty residents, and each of them is voiced by a language model with its own memories, worries and daily routine. You can type anything to them. They remember past conversations, pass rumours to each other, and change how they treat you based on what they have heard.',
      "Quests are not scripted in advance. When the miller's grain goes missing, the game sets up the facts and lets the villagers reason about them, so the culprit and the clues differ between playthroughs.",
      'Combat is light; most of your time goes on talking, trading and deciding whose side to take. The AI runs on our servers, so an internet connection is required.',
    ].join('\n\n'),
    imageAlt: 'A cluster of cottages with glowing windows under a violet dusk sky, speech bubbles drifting up from the chimneys.',
    categories: ['rpg', 'fantasy', 'adventure'],
    priceAmount: 24.99,
    rating: 4.7,
    ratingCount: 3180,
    releaseDate: '2025-03-14',
    developer: 'Lanternmoth Studio',
    playCount: 486200,
  },
  {
    slug: 'knucklewise',
    title: 'Knucklewise',
    tagline: 'A hand-to-hand duel of fist, palm and blade against a rival that learns your habits and shows what it has learned.',
    description: [
      'Knucklewise is a quick duel of hands: fist breaks blade, blade cuts palm, palm covers fist. First to seven points wins the bout. Your rival starts out throwing at random, but it watches every hand you throw.',
      'It keeps a notebook of your habits: which hand you throw after your last one and after your last two. When a habit is strong enough it bets on it and throws what beats it, and the page shows you exactly what it expected and why. Break your patterns, or set traps with them.',
      'It plays in the page, on any screen, by mouse, touch or keyboard. The rival is a small frequency model that runs on your device: nothing you throw leaves it, and it needs no account or key.',
    ].join('\n\n'),
    imageAlt: 'Two angular fighter silhouettes face off on a red and orange split background, a faint grid of data points between them.',
    categories: ['fighting', 'action'],
    priceAmount: 19.99,
    rating: 4.4,
    ratingCount: 1620,
    releaseDate: '2024-08-22',
    developer: 'Backfist Collective',
    playCount: 212900,
  },
  {
    slug: 'humfield',
    title: 'Humfield',
    tagline: 'Plant melodies, not flowers: a calm garden where every seed grows into an AI-composed tune.',
    description: [
      'Humfield is a relaxing garden game with no timers and no way to fail. Each seed you plant is a short musical idea. As it grows, a generative music model extends it into a loop that fits the key and tempo of the plants around it, so your garden slowly becomes a piece of ambient music.',
      'Pruning, moving and watering plants changes how they sound. Neighbouring flowers harmonise, and weeds add a gentle dissonance if you leave them alone.',
      'You can export your garden as an audio file to keep. The game is free, with no ads and no purchases.',
    ].join('\n\n'),
    imageAlt: 'Round pastel flowers on tall stems rise from a green meadow, with musical sound waves rippling out of their petals.',
    categories: ['music', 'casual'],
    priceAmount: null,
    rating: 4.3,
    ratingCount: 2240,
    releaseDate: '2024-05-09',
    developer: 'Small Orchard Audio',
    playCount: 734500,
  },
  {
    slug: 'ninefold-front',
    title: 'Ninefold Front',
    tagline: 'Nine fronts, three strengths of banner, one General who searches every line of battle before it moves.',
    description: [
      'Ninefold Front is a duel on a three-by-three map of fronts. You and the General each hold two banners of strength one, two and three. Plant a banner on an empty front, or over a weaker banner of either side, and the top banner holds the front. Three fronts in a row wins at once; when nobody can plant, whoever holds more fronts wins.',
      'The General plans with minimax search and alpha-beta pruning. As a Recruit it looks one move ahead and blunders; as a Captain, three; as the General, six, weighing every reply you could make. After each move it tells you how many positions it searched and how it rates the battle.',
      'It plays in the page on a phone or a desktop, by touch, mouse or keyboard, and the search runs on your device.',
    ].join('\n\n'),
    imageAlt: 'A dark steel-blue map divided into a three-by-three grid of territories, with gold arrows pushing across the borders.',
    categories: ['strategy', 'turn-based'],
    priceAmount: 29.99,
    rating: 4.9,
    ratingCount: 5870,
    releaseDate: '2025-10-02',
    developer: 'Greyharbor Interactive',
    playCount: 1184000,
  },
  {
    slug: 'slipstream-ghosts',
    title: 'Slipstream Ghosts',
    tagline: 'Race against ghost drivers trained on your own laps, and on the laps of players around the world.',
    description: [
      'Slipstream Ghosts is a free arcade racer built around ghosts that drive rather than replay. After each race, a driving model is trained on your lap data, so next time your ghost brakes where you brake and takes your lines, but reacts to traffic instead of driving through it.',
      'You can download ghosts shared by other players and race the whole pack at once, or set two of them against each other and watch.',
      'There are twelve circuits and a weekly league. Ghost training runs in the background while you are in the menus; on older computers it can take a minute or two after a race.',
    ].join('\n\n'),
    imageAlt: 'A low racing car speeds along a curving neon track at night, trailed by translucent cyan copies of itself.',
    categories: ['racing', 'sports'],
    priceAmount: null,
    rating: 4.1,
    ratingCount: 9640,
    releaseDate: '2023-11-17',
    developer: 'Apex Pylon Games',
    playCount: 2430000,
  },
  {
    slug: 'tidewater-commons',
    title: 'Tidewater Commons',
    tagline: 'Run a small fishing harbour where every resident makes their own plans, for better or worse.',
    description: [
      "In Tidewater Commons you look after a harbour town of about sixty residents. Each one is an AI agent with needs, friendships and a job, and each plans their own day. You don't give direct orders: you build piers, set fishing quotas and hold festivals, then watch how people respond.",
      'The agents talk to each other, so news of a good catch or a bad rumour spreads through town. Overfish the bay and the fishers argue, some leave, and those who stay may start ignoring your quotas.',
      'Each season lasts about forty minutes. A relaxed mode without fish stocks or storms suits players who just want to watch the town live.',
    ].join('\n\n'),
    imageAlt: 'A teal harbour at sunrise with small fishing boats, wooden piers and a row of pastel houses along the shore.',
    categories: ['simulation', 'casual', 'strategy'],
    priceAmount: 15.99,
    rating: 4.6,
    ratingCount: 1290,
    releaseDate: '2024-02-27',
    developer: 'Brackish Bay Works',
    playCount: 98400,
  },
  {
    slug: 'the-lying-sphinx',
    title: 'The Lying Sphinx',
    tagline: 'Three sphinxes, one liar, one treasure: a new logic puzzle every round, checked by a solver so exactly one answer fits.',
    description: [
      'The Lying Sphinx is a logic puzzle in five rounds. Three sphinxes guard the doors; exactly one of them lies and the other two always tell the truth. Each makes one statement about the doors or about the others. Work out who lies and where the treasure is, then answer.',
      'Every puzzle is new. A small generator writes random statements and a solver tries every possible liar and every door, keeping the puzzle only when exactly one answer fits, so every round can be solved by reasoning alone. From round three there are four doors. Naming the liar scores one point, the right door two; ten points pass the trial.',
      'It plays in the page by touch, mouse or keyboard. The generator runs on your device and nothing is sent anywhere.',
    ].join('\n\n'),
    imageAlt: 'Three stylised sphinx heads in gold stand before a tall desert doorway under a deep indigo sky with a crescent moon.',
    categories: ['puzzle', 'fantasy'],
    priceAmount: null,
    rating: 4.5,
    ratingCount: 410,
    releaseDate: '2023-06-12',
    developer: 'Quillbright',
    playCount: 58700,
  },
  {
    slug: 'the-lamplit-table',
    title: 'The Lamplit Table',
    tagline: 'A tabletop-style adventure run by an AI game master who improvises around whatever your party does.',
    description: [
      'The Lamplit Table recreates an evening of tabletop role-playing with an AI game master. You describe what your characters do, and the game master narrates the result, voices the people you meet, and adapts the story when you ignore the plot hook and go fishing instead.',
      'The storytelling is improvised, but the rules are not. Dice rolls, hit points and spells follow a fixed turn-based ruleset, and the game master can only describe outcomes the rules allow.',
      'Up to four friends can play online, or you can fill the party with AI companions. Each campaign is saved as a readable log you can export.',
    ].join('\n\n'),
    imageAlt: 'An oil lamp lights a wooden table scattered with dice, a map and character cards, surrounded by warm amber shadows.',
    categories: ['rpg', 'turn-based', 'fantasy'],
    priceAmount: 27.99,
    rating: 4.8,
    ratingCount: 2760,
    releaseDate: '2026-04-21',
    developer: 'Candlewright Games',
    playCount: 164300,
  },
  {
    slug: 'byte-hollow',
    title: 'Byte Hollow',
    tagline: 'A pixel-art roguelite whose caverns are generated for you and reshaped by a director AI as you play.',
    description: [
      'Byte Hollow is a fast action roguelite drawn in crisp pixel art. Every run descends through caverns generated from scratch, and a director AI watches how you play to shape what comes next: struggle with flying enemies and it gives you room to practise; breeze through and it adds traps and tighter corridors.',
      'The director never changes enemy stats behind your back. It only chooses layouts, enemy groups and item drops, and a screen after each run shows the choices it made.',
      'Runs last twenty to forty minutes. Controller support and a colour-blind-friendly palette are included.',
    ].join('\n\n'),
    imageAlt: 'A blocky pixel-art cavern in greens and purples, with a tiny hero holding a torch at the mouth of a glowing tunnel.',
    categories: ['pixel', 'action', 'adventure'],
    priceAmount: 17.99,
    rating: 4.2,
    ratingCount: 870,
    releaseDate: '2025-07-30',
    developer: 'Hollowbit Studio',
    playCount: 41250,
  },
  {
    slug: 'bench-whisper',
    title: 'Bench Whisper',
    tagline: 'Coach a basketball team of AI players by talking to them during timeouts.',
    description: [
      'Bench Whisper is a basketball coaching game in which you never touch the ball. Your players are AI agents with their own skills, moods and opinions. During timeouts you type or speak instructions, and a language model turns them into tactics the players try to follow.',
      'Players respond to tone as well as content. Praise a struggling shooter and her confidence may recover; blame her in front of the team and she might stop listening. Matches are simulated with a simple physics model, so results are uncertain but fair.',
      'A full season takes about ten hours. The game is free, with an optional pack of cosmetic jerseys.',
    ].join('\n\n'),
    imageAlt: 'A basketball court seen from above in orange and navy, with chalk play diagrams and a ball at the centre circle.',
    categories: ['sports', 'simulation'],
    priceAmount: null,
    rating: 4.2,
    ratingCount: 3950,
    releaseDate: '2026-01-15',
    developer: 'Sideline Systems',
    playCount: 612800,
  },
  {
    slug: 'pulsewright',
    title: 'Pulsewright',
    tagline: 'A pixel rhythm runner whose soundtrack and levels are generated from a mood you pick.',
    description: [
      'Pulsewright is a rhythm runner in which the music and the level are made together. Pick a mood, a tempo and a few instruments, and a music model composes a track; the game then builds a pixel-art course whose jumps, slides and enemies land on the beat.',
      'Because the track comes first, every obstacle has a musical reason to be there. If you dislike part of a song, you can regenerate that section without losing the rest.',
      'Tracks are generated on your device and are yours to keep. Share a seed code and friends get the same song and course.',
    ].join('\n\n'),
    imageAlt: 'A pixel runner leaps over magenta equaliser bars that rise and fall like a city skyline against a dark blue sky.',
    categories: ['music', 'action', 'pixel'],
    priceAmount: null,
    rating: 4.8,
    ratingCount: 74,
    releaseDate: '2026-09-18',
    developer: 'Neon Tuning Fork',
    playCount: 3860,
  },
  {
    slug: 'marrow-lane-mysteries',
    title: 'Marrow Lane Mysteries',
    tagline: 'A new detective case every night, with suspects you question in your own words.',
    description: [
      'Marrow Lane Mysteries is a detective adventure set on one foggy street. Every case is generated fresh: a planner builds the crime, the motive and the trail of evidence, and suspects voiced by a language model answer your questions in their own words.',
      'Suspects lie when it suits them, but they lie consistently, because what they know comes from the case file rather than being invented on the spot. Catching a contradiction and confronting a suspect with evidence is the heart of the game.',
      'Cases take thirty to sixty minutes. You name the culprit at the end, and the game then shows you the full case file.',
    ].join('\n\n'),
    imageAlt:
      'A foggy cobbled lane at night lit by a single gas lamp, with a long shadow falling across a door marked with a question mark.',
    categories: ['adventure', 'puzzle'],
    priceAmount: 22.99,
    rating: 4.6,
    ratingCount: 1460,
    releaseDate: '2025-11-06',
    developer: 'Fogline Interactive',
    playCount: 127600,
  },
];
