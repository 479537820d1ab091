import type { z } from 'zod';
import { aiDisclosureSchema, unansweredDisclosure } from '../../../shared/ai-disclosure';
import { NOT_STATED } from '../../../shared/ai-disclosure-values';
import type { AiRunsOn } from '../../../shared/catalogue-values';
import { compactDraft, type DraftPayload, submissionSchema, type SubmissionPayload } from '../../../shared/submissions';
import { altInputId } from '../../components/uploads/image-upload-item';
import type { ImageRef } from '../../components/uploads/image-upload-list';

/** The form as the inputs hold it: text as typed, unanswered questions as null. */
export interface FormValues {
  title: string;
  tagline: string;
  description: string;
  categories: string[];
  price: 'free' | 'paid' | null;
  priceAmount: string;
  releaseDate: string;
  developer: string;
  playUrl: string;
  homepageUrl: string;
  healthUrl: string;
  platforms: string[];
  ai: {
    roles: string[];
    runsOn: AiRunsOn | null;
    worksOffline: boolean | null;
    needsOwnApiKey: boolean | null;
    modelFamily: string;
    outputModerated: boolean | null;
    disclosure: DisclosureValues;
  };
  cover: ImageRef[];
  screenshots: ImageRef[];
}

/** The disclosure questions as the inputs hold them: a choice or null, text as typed (numbers too). */
export interface DisclosureValues {
  generation: string | null;
  liveSafety: string;
  provider: string | null;
  providerName: string;
  model: string;
  inputGoesTo: string | null;
  inputProviderName: string;
  inputKept: string | null;
  inputKeptDays: string;
  cost: string | null;
  downloadMb: string;
  memoryMb: string;
  webGpu: string | null;
  licence: string | null;
  licenceName: string;
}

const emptyDisclosure: DisclosureValues = {
  generation: null,
  liveSafety: '',
  provider: null,
  providerName: '',
  model: '',
  downloadMb: '',
  memoryMb: '',
  webGpu: null,
  inputGoesTo: null,
  inputProviderName: '',
  inputKept: null,
  inputKeptDays: '',
  cost: null,
  licence: null,
  licenceName: '',
};

type DraftDisclosure = NonNullable<NonNullable<DraftPayload['ai']>['disclosure']>;

/** "Not stated" (a game listed before the questions) shows as unanswered: the maker is asked again. */
const choiceOf = (value: string | undefined) => (value === undefined || value === NOT_STATED ? null : value);
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function disclosureValues(d: DraftDisclosure = {}): DisclosureValues {
  return {
    generation: choiceOf(d.generation),
    liveSafety: d.liveSafety ?? '',
    provider: choiceOf(d.provider),
    providerName: d.providerName ?? '',
    model: d.model ?? '',
    inputGoesTo: choiceOf(d.inputGoesTo),
    inputProviderName: d.inputProviderName ?? '',
    inputKept: choiceOf(d.inputKept),
    inputKeptDays: numberText(d.inputKeptDays),
    cost: choiceOf(d.cost),
    downloadMb: numberText(d.downloadMb),
    memoryMb: numberText(d.memoryMb),
    webGpu: choiceOf(d.webGpu),
    licence: choiceOf(d.licence),
    licenceName: d.licenceName ?? '',
  };
}

/** Only what applies is sent: the days when kept for days, the device's needs when on device, and so on. */
function disclosurePayload(d: DisclosureValues): Record<string, unknown> {
  const live = d.generation === 'live' || d.generation === 'both';
  const onDevice = d.provider === 'on-device';
  return {
    generation: d.generation,
    liveSafety: live ? d.liveSafety : undefined,
    provider: d.provider,
    providerName: d.provider === 'other' ? d.providerName : undefined,
    model: d.model,
    inputGoesTo: d.inputGoesTo,
    inputProviderName: d.inputGoesTo === 'third-party' ? d.inputProviderName : undefined,
    inputKept: d.inputKept,
    inputKeptDays: d.inputKept === 'days' ? priceOf(d.inputKeptDays) : undefined,
    cost: d.cost,
    downloadMb: onDevice ? priceOf(d.downloadMb) : undefined,
    memoryMb: onDevice ? priceOf(d.memoryMb) : undefined,
    webGpu: onDevice ? d.webGpu : undefined,
    licence: d.licence,
    licenceName: d.licence === 'other' ? d.licenceName : undefined,
  };
}

export const emptyValues: FormValues = {
  title: '',
  tagline: '',
  description: '',
  categories: [],
  price: null,
  priceAmount: '',
  releaseDate: '',
  developer: '',
  playUrl: '',
  homepageUrl: '',
  healthUrl: '',
  platforms: [],
  ai: {
    roles: [],
    runsOn: null,
    worksOffline: null,
    needsOwnApiKey: null,
    modelFamily: '',
    outputModerated: null,
    disclosure: emptyDisclosure,
  },
  cover: [],
  screenshots: [],
};

export function valuesFromPayload(payload: DraftPayload): FormValues {
  const ai = payload.ai ?? {};
  return {
    ...emptyValues,
    title: payload.title ?? '',
    tagline: payload.tagline ?? '',
    description: payload.description ?? '',
    categories: payload.categories ?? [],
    price: payload.price ?? null,
    priceAmount: payload.priceAmount === undefined ? '' : payload.priceAmount.toFixed(2),
    releaseDate: payload.releaseDate ?? '',
    developer: payload.developer ?? '',
    playUrl: payload.playUrl ?? '',
    homepageUrl: payload.homepageUrl ?? '',
    healthUrl: payload.healthUrl ?? '',
    platforms: payload.platforms ?? [],
    ai: {
      roles: ai.roles ?? [],
      runsOn: ai.runsOn ?? null,
      worksOffline: ai.worksOffline ?? null,
      needsOwnApiKey: ai.needsOwnApiKey ?? null,
      modelFamily: ai.modelFamily ?? '',
      outputModerated: ai.outputModerated ?? null,
      disclosure: disclosureValues(ai.disclosure),
    },
    cover: payload.cover ? [imageRef(payload.cover)] : [],
    screenshots: (payload.screenshots ?? []).map(imageRef),
  };
}

const imageRef = (image: { path: string; alt?: string | undefined }): ImageRef => ({ path: image.path, alt: image.alt ?? '' });

/** A typed price as the schema sees it: a number, or the text itself so the schema can say what is wrong. */
function priceOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The form's values as the request body: empty answers left out (see `compactDraft`). */
export function payloadOf(values: FormValues): DraftPayload {
  return compactDraft({
    ...values,
    ai: { ...values.ai, disclosure: disclosurePayload(values.ai.disclosure) },
    priceAmount: priceOf(values.priceAmount),
    homepageUrl: values.homepageUrl,
    cover: values.cover[0],
  }) as unknown as DraftPayload;
}

export const asSubmission = (payload: DraftPayload) => payload as SubmissionPayload;

/** Field path ('ai.roles', 'screenshots.2.alt') -> the first message about it. */
export type FormErrors = Record<string, string>;

export function errorsOf(schema: z.ZodType, payload: DraftPayload): FormErrors {
  const result = schema.safeParse(payload);
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A submission's problems, each unanswered AI question with its own (not one for the section). */
export const submissionErrorsOf = (payload: DraftPayload): FormErrors => ({
  ...disclosureErrorsOf(payload),
  ...errorsOf(submissionSchema, { ...payload, ai: { ...payload.ai, disclosure: payload.ai?.disclosure ?? {} } }),
});

/** The unanswered disclosure questions, each beside its own field, whatever else the form still lacks. */
function disclosureErrorsOf(payload: DraftPayload): FormErrors {
  const parsed = aiDisclosureSchema.safeParse(payload.ai?.disclosure ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(unansweredDisclosure(parsed.data).map(([field, message]) => [`ai.disclosure.${field}`, message]));
}

const firstInside = (errors: FormErrors, field: string) => Object.keys(errors).find((path) => path.startsWith(`${field}.`));

/** The first message about something inside a field ('cover' finds 'cover.alt'). */
export function errorInside(errors: FormErrors, field: string): string | undefined {
  const key = firstInside(errors, field);
  return key ? errors[key] : undefined;
}

/** The first message for a field or anything inside it. */
export const errorFor = (errors: FormErrors, field: string) => errors[field] ?? errorInside(errors, field);

/** The upload lists' ids, whose images' descriptions are focused by their own ids. */
export const imageListIds = { cover: 'game-cover-upload', screenshots: 'game-screenshots-upload' } as const;

/** Where the cursor goes for a field's first problem: an image's own description when it is about one image. */
export function focusIdFor(errors: FormErrors, field: string): string {
  const inside = firstInside(errors, field);
  if (!inside || !(field === 'cover' || field === 'screenshots')) return fieldId(field);
  const index = field === 'cover' ? 0 : Number(inside.split('.')[1]);
  return altInputId(imageListIds[field], index);
}

function disclosureFieldOrder() {
  return Object.keys(emptyDisclosure).map((field) => `ai.disclosure.${field}`);
}

/** Fields in the order they appear, to focus the first one with a problem. */
export const fieldOrder = [
  'title',
  'tagline',
  'developer',
  'releaseDate',
  'description',
  'categories',
  'price',
  'priceAmount',
  'playUrl',
  'homepageUrl',
  'healthUrl',
  'platforms',
  'ai.roles',
  'ai.runsOn',
  'ai.worksOffline',
  'ai.needsOwnApiKey',
  'ai.outputModerated',
  'ai.modelFamily',
  ...disclosureFieldOrder(),
  'cover',
  'screenshots',
];

export const fieldId = (field: string) => `game-${field.replaceAll('.', '-')}`;
