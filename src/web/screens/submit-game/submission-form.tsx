import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { aiRoleLabels, aiRoles, aiRunsOnLabels, aiRunsOnValues } from '../../../shared/catalogue-values';
import { draftSchema, MAX_CATEGORIES, MAX_SCREENSHOTS, platformLabels, platforms, TAGLINE_MAX } from '../../../shared/submissions';
import { FormAlert } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { TextField } from '../../components/forms/text-field';
import { ImageUploadList } from '../../components/uploads/image-upload-list';
import { categoriesQuery } from '../../lib/categories';
import { CheckboxGroup, RadioGroup, yesNoOptions } from './choice-fields';
import { DescriptionField } from './description-field';
import { DisclosureSection } from './disclosure-section';
import { FormSection } from './form-section';
import {
  asSubmission,
  errorFor,
  errorInside,
  errorsOf,
  fieldId,
  fieldOrder,
  focusIdFor,
  imageListIds,
  payloadOf,
  submissionErrorsOf,
  type FormValues,
} from './form-values';
import { SaveStatus } from './save-status';
import { useAutosave } from './use-autosave';
import { WebBuildSection } from './web-build-section';

interface SubmissionFormProps {
  initial: FormValues;
  draftId: number | null;
  /** The game a web build goes to, once the draft has one (decision 0074). */
  buildGameId?: number | null;
  onDraftCreated: (id: number) => void;
  onSubmitted: (id: number) => Promise<void> | void;
  submit: (id: number, payload: ReturnType<typeof asSubmission>) => Promise<unknown>;
}

export function SubmissionForm({ initial, draftId, buildGameId = null, onDraftCreated, onSubmitted, submit }: SubmissionFormProps) {
  const [values, setValues] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [uploading, setUploading] = useState({ cover: false, screenshots: false });
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState('');
  const categories = useQuery(categoriesQuery()).data?.items ?? [];

  const payload = payloadOf(values);
  const draftErrors = errorsOf(draftSchema, payload);
  const errors = triedSubmit ? { ...draftErrors, ...submissionErrorsOf(payload) } : draftErrors;
  const autosave = useAutosave({ payload, valid: Object.keys(draftErrors).length === 0, dirty, draftId, onCreated: onDraftCreated });

  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) => {
      setDirty(true);
      setValues((current) => ({ ...current, [key]: value }));
    };
  const setAi =
    <K extends keyof FormValues['ai']>(key: K) =>
    (value: FormValues['ai'][K]) => {
      setDirty(true);
      setValues((current) => ({ ...current, ai: { ...current.ai, [key]: value } }));
    };
  const setDisclosure =
    <K extends keyof FormValues['ai']['disclosure']>(key: K) =>
    (value: FormValues['ai']['disclosure'][K]) => {
      setDirty(true);
      setValues((current) => ({ ...current, ai: { ...current.ai, disclosure: { ...current.ai.disclosure, [key]: value } } }));
    };
  const err = (field: string) => errorFor(errors, field);
  const busy = uploading.cover || uploading.screenshots;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    setFormError('');
    const found = submissionErrorsOf(payload);
    const first = fieldOrder.find((field) => errorFor(found, field));
    if (first) {
      document.getElementById(focusIdFor(found, first))?.focus();
      setFormError('Some fields need your attention before the game can be reviewed.');
      return;
    }
    setPending(true);
    try {
      const id = await autosave.finalDraft(payload);
      await submit(id, asSubmission(payload));
      await onSubmitted(id);
    } catch (error) {
      autosave.resume();
      setFormError(error instanceof Error ? error.message : 'The game could not be sent. Try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6" aria-label="Game submission">
      <FormSection id="basics" title="The basics">
        <TextField
          id={fieldId('title')}
          label="Title"
          value={values.title}
          onValueChange={set('title')}
          error={err('title')}
          maxLength={80}
        />
        <TextField
          id={fieldId('tagline')}
          label="Tagline"
          value={values.tagline}
          onValueChange={set('tagline')}
          error={err('tagline')}
          hint={`One line that sells it: ${values.tagline.length} of ${TAGLINE_MAX} characters.`}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={fieldId('developer')}
            label="Developer or studio"
            value={values.developer}
            onValueChange={set('developer')}
            error={err('developer')}
          />
          <TextField
            id={fieldId('releaseDate')}
            label="Release date"
            type="date"
            value={values.releaseDate}
            onValueChange={set('releaseDate')}
            error={err('releaseDate')}
          />
        </div>
      </FormSection>

      <FormSection id="about" title="About the game">
        <DescriptionField id={fieldId('description')} value={values.description} onChange={set('description')} error={err('description')} />
      </FormSection>

      <FormSection id="listing" title="Categories and price">
        <CheckboxGroup
          id={fieldId('categories')}
          legend="Categories"
          hint={`Choose 1 to ${MAX_CATEGORIES}; the first one you tick is the main one.`}
          options={categories.map((c) => ({ value: c.slug, label: c.name }))}
          value={values.categories}
          max={MAX_CATEGORIES}
          onChange={set('categories')}
          error={err('categories')}
        />
        <RadioGroup
          id={fieldId('price')}
          legend="Price"
          options={[
            { value: 'free', label: 'Free' },
            { value: 'paid', label: 'Paid' },
          ]}
          value={values.price}
          onChange={(price) => {
            set('price')(price);
            if (price === 'free') set('priceAmount')('');
          }}
          error={err('price')}
        />
        {values.price === 'paid' && (
          <TextField
            id={fieldId('priceAmount')}
            label="Price in US dollars"
            inputMode="decimal"
            value={values.priceAmount}
            onValueChange={set('priceAmount')}
            error={err('priceAmount')}
            hint="From 0.99 to 999.99, at most two decimals."
          />
        )}
      </FormSection>

      <FormSection id="where" title="Where to play">
        <TextField
          id={fieldId('playUrl')}
          label="Play URL"
          type="url"
          placeholder="https://"
          value={values.playUrl}
          onValueChange={set('playUrl')}
          error={err('playUrl')}
          hint="Where Play sends players: an https:// address."
        />
        <TextField
          id={fieldId('homepageUrl')}
          label="Homepage (optional)"
          type="url"
          placeholder="https://"
          value={values.homepageUrl}
          onValueChange={set('homepageUrl')}
          error={err('homepageUrl')}
        />
        <TextField
          id={fieldId('healthUrl')}
          label="Health address (optional)"
          type="url"
          placeholder="https://"
          value={values.healthUrl}
          onValueChange={set('healthUrl')}
          error={err('healthUrl')}
          hint="We check your game's address once a day and show players whether it still works. Give a status page here to have it checked instead of the play URL."
        />
        <CheckboxGroup
          id={fieldId('platforms')}
          legend="Platforms"
          options={platforms.map((p) => ({ value: p, label: platformLabels[p] }))}
          value={values.platforms}
          onChange={set('platforms')}
          error={err('platforms')}
        />
      </FormSection>

      <WebBuildSection title={values.title} buildGameId={buildGameId} draftId={() => autosave.draftNow(payload)} />

      <FormSection id="ai" title="How this game uses AI" hint="Players filter the catalogue by these answers, so each one is required.">
        <CheckboxGroup
          id={fieldId('ai.roles')}
          legend="What the AI does"
          options={aiRoles.map((r) => ({ value: r, label: aiRoleLabels[r] }))}
          value={values.ai.roles}
          onChange={setAi('roles')}
          error={err('ai.roles')}
        />
        <RadioGroup
          id={fieldId('ai.runsOn')}
          legend="Where the AI runs"
          options={aiRunsOnValues.map((v) => ({ value: v, label: aiRunsOnLabels[v] }))}
          value={values.ai.runsOn}
          onChange={setAi('runsOn')}
          error={err('ai.runsOn')}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <RadioGroup
            id={fieldId('ai.worksOffline')}
            legend="Works offline"
            options={yesNoOptions}
            value={values.ai.worksOffline}
            onChange={setAi('worksOffline')}
            error={err('ai.worksOffline')}
          />
          <RadioGroup
            id={fieldId('ai.needsOwnApiKey')}
            legend="Needs the player's own API key"
            options={yesNoOptions}
            value={values.ai.needsOwnApiKey}
            onChange={setAi('needsOwnApiKey')}
            error={err('ai.needsOwnApiKey')}
          />
          <RadioGroup
            id={fieldId('ai.outputModerated')}
            legend="AI output is moderated"
            options={yesNoOptions}
            value={values.ai.outputModerated}
            onChange={setAi('outputModerated')}
            error={err('ai.outputModerated')}
          />
        </div>
        <TextField
          id={fieldId('ai.modelFamily')}
          label="Model family"
          placeholder="e.g. Open-weights LLM, diffusion model"
          value={values.ai.modelFamily}
          onValueChange={setAi('modelFamily')}
          error={err('ai.modelFamily')}
        />
      </FormSection>

      <DisclosureSection values={values.ai.disclosure} set={setDisclosure} err={err} />

      <FormSection id="images" title="Images">
        <div id={fieldId('cover')} tabIndex={-1}>
          <ImageUploadList
            id={imageListIds.cover}
            label="Cover image"
            value={values.cover}
            onChange={set('cover')}
            maxItems={1}
            itemName={() => 'Cover image'}
            onBusyChange={(cover) => setUploading((u) => (u.cover === cover ? u : { ...u, cover }))}
            error={errors.cover}
            itemError={() => errorInside(errors, 'cover')}
          />
        </div>
        <div id={fieldId('screenshots')} tabIndex={-1}>
          <ImageUploadList
            id={imageListIds.screenshots}
            label={`Screenshots (up to ${MAX_SCREENSHOTS})`}
            value={values.screenshots}
            onChange={set('screenshots')}
            maxItems={MAX_SCREENSHOTS}
            itemName={(index) => `Screenshot ${index + 1}`}
            onBusyChange={(screenshots) => setUploading((u) => (u.screenshots === screenshots ? u : { ...u, screenshots }))}
            error={errors.screenshots}
            itemError={(index) => errorFor(errors, `screenshots.${index}`)}
          />
        </div>
      </FormSection>

      <div
        data-sticky-submit-bar
        className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-page/95 px-4 py-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between"
      >
        <SaveStatus state={autosave.state} />
        <div className="flex items-center gap-3">
          {busy && <p className="text-sm text-muted">Waiting for uploads to finish…</p>}
          <SubmitButton pending={pending} disabled={busy}>
            Submit for review
          </SubmitButton>
        </div>
      </div>
      <FormAlert>{formError}</FormAlert>
    </form>
  );
}
