/**
 * Two illustrative screenshots per sample game, drawn for GameSource like the covers
 * (`src/web/public/media/<slug>-1.svg` and `-2.svg`). They are illustrations, and their alt
 * texts say what is drawn, not what a real game would show.
 */
export const seedGameMedia: Readonly<Record<string, readonly [string, string]>> = {
  'hearthwick-tales': [
    'Illustration: at dusk between two cottages, the miller tells you in a dialogue box that the grain is gone again; a trust meter shows three hearts.',
    'Illustration: a web of villagers linked to you, showing who has passed rumours about you to whom.',
  ],
  knucklewise: [
    'Illustration: two fighter silhouettes mid-round on an orange stage, health bars above and a note that the AI read your jump-in three times.',
    'Illustration: the habits screen, with bars for the habits the AI opponent has learned, such as jumping after a blocked sweep.',
  ],
  humfield: [
    'Illustration: round flowers on stems in a green meadow, with a card for a new seed in C major at 84 beats per minute.',
    'Illustration: the garden shown as a loop of coloured notes with a playhead, and a button to export it as audio.',
  ],
  'ninefold-front': [
    'Illustration: a three-by-three map of territories with gold arrows for advancing armies and a turn counter.',
    'Illustration: an AI general called Varga accusing you of breaking a treaty, above an offer of two provinces for passage.',
  ],
  'slipstream-ghosts': [
    'Illustration: a yellow car on a pink neon track at night, a translucent cyan ghost car ahead, with the lap and gap to the ghost.',
    "Illustration: a list of ghosts to race, your own and other players' ones, with their lap times.",
  ],
  'tidewater-commons': [
    'Illustration: a teal harbour with pastel houses, a pier and boats, and a note that a fisher named Nell is heading out early.',
    'Illustration: harbour dashboards for the bay fish stock, a weekly quota slider and the town mood.',
  ],
  'the-lying-sphinx': [
    'Illustration: three golden sphinxes under a night sky; you ask a question and the middle sphinx answers in a dialogue box.',
    'Illustration: a notebook page with a truth table of which sphinx is truthful and which door each one names.',
  ],
  'the-lamplit-table': [
    'Illustration: a lamplit table with cards and dice while the game master narrates what the innkeeper says.',
    'Illustration: the party list with health bars beside a red twenty-sided die showing 17 for a successful stealth check.',
  ],
  'byte-hollow': [
    'Illustration: a purple pixel-art cavern with a green hero, red bat-like enemies and gold coins, at depth 4 with three hearts.',
    'Illustration: the director AI log explaining how it reshapes the next rooms after watching how you play.',
  ],
  'bench-whisper': [
    'Illustration: a timeout on a wooden court; you tell player 7 to kick the ball out and she answers with a condition.',
    'Illustration: the roster mood screen, with bars showing each player as confident, frustrated, listening, tired or ready.',
  ],
  pulsewright: [
    'Illustration: a pixel runner jumping over blocks in front of pink equaliser bars, with a 24 combo and 128 beats per minute.',
    'Illustration: four mood cards to choose from, Dreamy, Furious, Sunny and Eerie, which shape the soundtrack and level.',
  ],
  'marrow-lane-mysteries': [
    'Illustration: a suspect in silhouette under a lamp while you ask where he was when the gaslight went out.',
    'Illustration: an evidence board of notes such as a torn ticket and wet boots, joined by red string.',
  ],
};

export function mediaPath(slug: string, index: number): string {
  return `/media/${slug}-${index}.svg`;
}
