import { describe, expect, it } from 'vitest';
import { profileInputSchema } from '../../../shared/profiles';
import { hasErrors, inputOf, profileErrors, type ProfileFormValues } from './profile-values';

const values: ProfileFormValues = {
  name: 'Robin',
  image: null,
  bio: '',
  website: '',
  latitude: '',
  longitude: '',
  links: ['', ' https://robin.example '],
};

const errorsOf = (changes: Partial<ProfileFormValues>) => {
  const result = profileInputSchema.safeParse(inputOf({ ...values, ...changes }));
  return result.success ? undefined : profileErrors(result.error.issues);
};

describe('the profile form', () => {
  it('sends empty coordinates as null and drops empty links', () => {
    expect(inputOf(values)).toMatchObject({ latitude: null, longitude: null, links: ['https://robin.example'] });
    expect(errorsOf({})).toBeUndefined();
  });

  it('puts each message next to its field, and link messages next to their link', () => {
    const errors = errorsOf({ latitude: '90.0001', longitude: 'east', bio: 'x'.repeat(281), links: ['https://a.example', 'nope'] })!;
    expect(hasErrors(errors)).toBe(true);
    expect(errors.fields).toEqual({
      latitude: 'Latitude must be from -90 to 90',
      longitude: 'Longitude must be a number',
      bio: 'Keep your bio to 280 characters or fewer',
    });
    expect(errors.links).toEqual({ 1: 'Each link must be a web address starting with https:// or http://' });
  });
});
