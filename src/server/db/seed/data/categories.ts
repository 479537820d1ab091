import type { CategorySlug } from '../../../../shared/categories';

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  description: string;
}

/** The 14 catalogue categories, in the same order as `categorySlugs`. */
export const seedCategories: readonly SeedCategory[] = [
  {
    slug: 'simulation',
    name: 'Simulation',
    description: 'Living systems such as towns, teams and ecosystems whose inhabitants are AI agents that make their own plans.',
  },
  {
    slug: 'adventure',
    name: 'Adventure',
    description: 'Story-led exploration where AI writes scenes, voices characters or generates the places you travel through.',
  },
  {
    slug: 'action',
    name: 'Action',
    description: 'Fast real-time games where AI directors and enemies react to how you play from moment to moment.',
  },
  {
    slug: 'fighting',
    name: 'Fighting',
    description: 'Head-to-head combat against AI opponents that study your habits and learn to counter them.',
  },
  {
    slug: 'strategy',
    name: 'Strategy',
    description: 'Games of planning and negotiation against AI rivals that scheme, bluff and adapt to your tactics.',
  },
  {
    slug: 'casual',
    name: 'Casual',
    description: 'Short, relaxed sessions where AI adds variety and surprise without asking much of you.',
  },
  {
    slug: 'sports',
    name: 'Sports',
    description: 'Athletics and motorsport where AI drives the players, rivals and coaching decisions.',
  },
  {
    slug: 'puzzle',
    name: 'Puzzle',
    description: 'Logic and deduction puzzles that AI generates or presents, checked by rules so each one can be solved.',
  },
  {
    slug: 'rpg',
    name: 'RPG',
    description: 'Role-playing games whose characters, conversations and quests are driven by AI.',
  },
  {
    slug: 'music',
    name: 'Music',
    description: 'Rhythm and music-making games where AI composes, arranges or reacts to sound.',
  },
  {
    slug: 'turn-based',
    name: 'Turn-based',
    description: 'Games played one move at a time, giving AI opponents and game masters room to think.',
  },
  {
    slug: 'pixel',
    name: 'Pixel art',
    description: 'Games drawn in pixel art, with AI behind the levels, music or characters.',
  },
  {
    slug: 'racing',
    name: 'Racing',
    description: 'Races against AI drivers that learn racing lines, often from your own laps.',
  },
  {
    slug: 'fantasy',
    name: 'Fantasy',
    description: 'Worlds of myth and magic where AI tells the story and gives voice to its creatures.',
  },
];
