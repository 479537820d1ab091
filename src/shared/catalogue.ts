import { z } from 'zod';
import { aiGenerationValues, aiInputDestinations, aiPlayCosts, aiProviders } from './ai-disclosure-values';
import { aiRoles, aiRunsOnValues, catalogueSorts, platforms } from './catalogue-values';
import { categorySlugSchema, categorySlugs } from './categories';
import { DEFAULT_PAGE_SIZE, FIRST_RELEASE_YEAR, LAST_RELEASE_YEAR, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './constants';
import { pageNumberSchema } from './pagination';

const yearProblem = `year must be from ${FIRST_RELEASE_YEAR} to ${LAST_RELEASE_YEAR}`;

export * from './catalogue-values';

export const gameAiSchema = z.object({
  roles: z.array(z.enum(aiRoles)).min(1),
  runsOn: z.enum(aiRunsOnValues),
  worksOffline: z.boolean(),
  needsOwnApiKey: z.boolean(),
  modelFamily: z.string(),
  outputModerated: z.boolean(),
});
export type GameAi = z.infer<typeof gameAiSchema>;

/** `?category=rpg&category=puzzle` and `?category=rpg,puzzle` mean the same. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? undefined
        : [value]
            .flat()
            .flatMap((v) => String(v).split(','))
            .filter(Boolean),
    z.array(item).optional(),
  );

const yesNo = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.map((v) => `'${v}'`).join(', ')}` }).optional();

const number = (name: string) => z.coerce.number({ error: `${name} must be a number` });
const wholeNumber = (name: string) => number(name).int({ error: `${name} must be a whole number` });

export const catalogueQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, { error: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
      .optional(),
    category: listOf(categorySlugSchema),
    exclude: listOf(categorySlugSchema),
    price: z.enum(['free', 'paid'], { error: "price must be 'free' or 'paid'" }).optional(),
    minPrice: number('minPrice').min(0, { error: 'minPrice must be 0 or more' }).optional(),
    maxPrice: number('maxPrice').min(0, { error: 'maxPrice must be 0 or more' }).optional(),
    minRating: number('minRating')
      .min(0, { error: 'minRating must be from 0 to 5' })
      .max(5, { error: 'minRating must be from 0 to 5' })
      .optional(),
    year: wholeNumber('year').min(FIRST_RELEASE_YEAR, { error: yearProblem }).max(LAST_RELEASE_YEAR, { error: yearProblem }).optional(),
    aiRole: listOf(z.enum(aiRoles, { error: (issue) => `Unknown AI role '${String(issue.input)}'` })),
    platform: listOf(z.enum(platforms, { error: (issue) => `Unknown platform '${String(issue.input)}'` })),
    runsOn: z.enum(aiRunsOnValues, { error: "runsOn must be 'device', 'cloud' or 'both'" }).optional(),
    offline: yesNo('offline'),
    ownKey: yesNo('ownKey'),
    moderated: yesNo('moderated'),
    made: oneOf('made', aiGenerationValues).describe(
      "When the AI's content is made ('beforehand' is \"Made beforehand\"); 'not-stated' finds games whose maker has not said.",
    ),
    provider: oneOf('provider', aiProviders).describe("Whose AI the game uses; 'on-device' runs on the player's device."),
    inputGoes: oneOf('inputGoes', aiInputDestinations).describe(
      "Where the player's input goes ('device' is \"Nothing leaves your device\").",
    ),
    playCost: oneOf('playCost', aiPlayCosts).describe('What playing costs, AI included.'),
    noApiKey: yesNo('noApiKey').describe(
      "true: games that say they need no API key of the player's (free, a free allowance, or paid); false: the others, those that did not say included.",
    ),
    showNotWorking: yesNo('showNotWorking').describe(
      'Games the still-works checks found Not working (several failed checks in a row) are left out unless this is true.',
    ),
    sort: z.enum(catalogueSorts, { error: (issue) => `Unknown sort '${String(issue.input)}'` }).optional(),
    page: pageNumberSchema,
    pageSize: wholeNumber('pageSize')
      .min(1, { error: 'pageSize must be 1 or more' })
      .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    error: 'minPrice must not be more than maxPrice',
  })
  .refine((q) => q.sort !== 'relevance' || Boolean(q.q), { error: "sort 'relevance' needs a search (q)" });
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

const counts = <T extends string>(keys: readonly T[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<T, z.ZodNumber>);

/** How many games each option would give, with every other filter as it is. */
export const catalogueFacetsSchema = z.object({
  category: counts(categorySlugs),
  price: counts(['free', 'paid'] as const),
  aiRole: counts(aiRoles),
  runsOn: counts(aiRunsOnValues),
  platform: counts(platforms),
  offline: counts(['true', 'false'] as const),
  ownKey: counts(['true', 'false'] as const),
  moderated: counts(['true', 'false'] as const),
  made: counts(aiGenerationValues),
  provider: counts(aiProviders),
  inputGoes: counts(aiInputDestinations),
  playCost: counts(aiPlayCosts),
  noApiKey: counts(['true', 'false'] as const),
  /** 'true' counts the Not working games the other filters find: what "Show games that don't work" would add. */
  notWorking: counts(['true', 'false'] as const),
  year: z.record(z.string(), z.number().int()),
});
export type CatalogueFacets = z.infer<typeof catalogueFacetsSchema>;
