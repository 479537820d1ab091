import type { z } from 'zod';
import type { OwnProfile, ProfileInput } from '../../../shared/profiles';

/** The form as typed: numbers stay text until checked, so "abc" can be told apart from empty. */
export interface ProfileFormValues {
  name: string;
  image: string | null;
  bio: string;
  website: string;
  latitude: string;
  longitude: string;
  links: string[];
}

export type ProfileField = Exclude<keyof ProfileFormValues, 'links'> | 'links';

export function formValuesOf(profile: OwnProfile): ProfileFormValues {
  return {
    name: profile.name,
    image: profile.image,
    bio: profile.bio,
    website: profile.website,
    latitude: profile.latitude === null ? '' : String(profile.latitude),
    longitude: profile.longitude === null ? '' : String(profile.longitude),
    links: profile.links,
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** What the API is sent: empty links are dropped, coordinates become numbers (NaN when not one). */
export function inputOf(values: ProfileFormValues): Record<keyof ProfileInput, unknown> {
  return {
    name: values.name,
    image: values.image,
    bio: values.bio,
    website: values.website.trim(),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    links: values.links.map((link) => link.trim()).filter((link) => link !== ''),
  };
}

export interface ProfileErrors {
  fields: Partial<Record<ProfileField, string>>;
  /** By position among the non-empty links. */
  links: Record<number, string>;
}

export function profileErrors(issues: readonly z.core.$ZodIssue[]): ProfileErrors {
  const errors: ProfileErrors = { fields: {}, links: {} };
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (field === 'links' && typeof index === 'number') errors.links[index] ??= issue.message;
    else if (typeof field === 'string') errors.fields[field as ProfileField] ??= issue.message;
  }
  return errors;
}

export const hasErrors = (errors: ProfileErrors) => Object.keys(errors.fields).length > 0 || Object.keys(errors.links).length > 0;
