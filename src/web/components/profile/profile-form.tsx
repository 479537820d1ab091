import { useState, type FormEvent } from 'react';
import { BIO_MAX_LENGTH, MAX_PROFILE_LINKS, profileInputSchema, type OwnProfile, type ProfileInput } from '../../../shared/profiles';
import { useSaveProfile } from '../../lib/profiles';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { SubmitButton } from '../forms/submit-button';
import { FieldError, TextField, describedByIds } from '../forms/text-field';
import { buttonStyles, inputStyle, labelStyle, linkButtonStyle } from '../styles';
import { AvatarPicker } from './avatar-picker';
import { LocationFields } from './location-fields';
import { formValuesOf, hasErrors, inputOf, profileErrors, type ProfileErrors, type ProfileFormValues } from './profile-values';

const noErrors: ProfileErrors = { fields: {}, links: {} };
const fieldOrder = ['name', 'image', 'bio', 'website', 'latitude', 'longitude'] as const;

interface ProfileFormProps {
  profile: OwnProfile;
  submitLabel: string;
  onSaved?: (profile: OwnProfile) => void;
}

/** Profile setup's form: checked in the browser with the API's own schema, saved in one request. */
export function ProfileForm({ profile, submitLabel, onSaved }: ProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(profile));
  const [errors, setErrors] = useState<ProfileErrors>(noErrors);
  const [checked, setChecked] = useState(false);
  const save = useSaveProfile();

  const check = (next: ProfileFormValues) => {
    const result = profileInputSchema.safeParse(inputOf(next));
    return result.success ? { input: result.data, errors: noErrors } : { input: null, errors: profileErrors(result.error.issues) };
  };

  const change = (patch: Partial<ProfileFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    save.reset();
    if (checked) setErrors(check(next).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const { input, errors: found } = check(values);
    setErrors(found);
    if (!input || hasErrors(found)) return focusFirst(found);
    save.mutate(input as ProfileInput, { onSuccess: (saved) => onSaved?.(saved) });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <TextField
        id="profile-name"
        label="Display name"
        autoComplete="name"
        value={values.name}
        onValueChange={(name) => change({ name })}
        error={errors.fields.name}
        hint="Shown on your profile, your reviews and the games you list."
      />
      <AvatarPicker name={values.name} image={values.image} onChange={(image) => change({ image })} error={errors.fields.image} />
      <BioField value={values.bio} onChange={(bio) => change({ bio })} error={errors.fields.bio} />
      <TextField
        id="profile-website"
        label="Website (optional)"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={values.website}
        onValueChange={(website) => change({ website })}
        error={errors.fields.website}
      />
      <LinksField links={values.links} onChange={(links) => change({ links })} errors={errors.links} />
      <LocationFields
        latitude={values.latitude}
        longitude={values.longitude}
        onChange={(location) => change(location)}
        errors={{ latitude: errors.fields.latitude, longitude: errors.fields.longitude }}
      />
      <FormAlert>{save.error ? `Your profile was not saved: ${save.error.message}` : undefined}</FormAlert>
      <FormStatus>{save.isSuccess ? 'Your profile is saved.' : undefined}</FormStatus>
      <SubmitButton pending={save.isPending}>{submitLabel}</SubmitButton>
    </form>
  );
}

function focusFirst(errors: ProfileErrors) {
  const field = fieldOrder.find((name) => errors.fields[name]);
  const id = field ? `profile-${field}` : 'profile-links-add';
  document.getElementById(id)?.focus();
}

function BioField({ value, onChange, error }: { value: string; onChange: (bio: string) => void; error?: string }) {
  const left = BIO_MAX_LENGTH - value.length;
  return (
    <div className="space-y-1.5">
      <label htmlFor="profile-bio" className={labelStyle}>
        Bio (optional)
      </label>
      <textarea
        id="profile-bio"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds('profile-bio-count', error && 'profile-bio-error')}
        className={inputStyle}
      />
      <p id="profile-bio-count" className={`text-sm ${left < 0 ? 'font-medium text-danger-ink' : 'text-muted'}`}>
        {left >= 0 ? `${left} characters left` : `${-left} characters too many`}
      </p>
      {error && <FieldError id="profile-bio-error">{error}</FieldError>}
    </div>
  );
}

interface LinksFieldProps {
  links: string[];
  onChange: (links: string[]) => void;
  /** By position among the non-empty links (empty ones are not sent). */
  errors: Record<number, string>;
}

function LinksField({ links, onChange, errors }: LinksFieldProps) {
  // Errors count only the links that are sent (empty ones are dropped).
  const sentIndex = links.map((_, index) => links.slice(0, index + 1).filter((link) => link.trim() !== '').length - 1);
  return (
    <fieldset className="space-y-3">
      <legend className={labelStyle}>Links (optional, up to {MAX_PROFILE_LINKS})</legend>
      {links.map((link, index) => {
        const error = link.trim() !== '' ? errors[sentIndex[index]!] : undefined;
        return (
          <div key={index} className="flex items-start gap-2">
            <div className="flex-1">
              <TextField
                id={`profile-link-${index}`}
                label={`Link ${index + 1}`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={link}
                onValueChange={(value) => onChange(links.map((other, at) => (at === index ? value : other)))}
                error={error}
              />
            </div>
            <button
              type="button"
              className={`${linkButtonStyle} mt-8 text-sm`}
              onClick={() => onChange(links.filter((_, at) => at !== index))}
            >
              Remove<span className="sr-only"> link {index + 1}</span>
            </button>
          </div>
        );
      })}
      {links.length < MAX_PROFILE_LINKS && (
        <button id="profile-links-add" type="button" className={buttonStyles.secondary} onClick={() => onChange([...links, ''])}>
          Add a link
        </button>
      )}
    </fieldset>
  );
}
