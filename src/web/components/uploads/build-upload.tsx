import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { buildAspectRatios, DEFAULT_ASPECT_RATIO, type BuildAspectRatio } from '../../../shared/builds';
import { NetworkError } from '../../lib/api';
import { buildKeys, uploadGameBuild } from '../../lib/builds';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { buttonStyles, inputStyle, labelStyle } from '../styles';
import { ProgressBar } from './progress-bar';

type Source = 'zip' | 'folder';

const shapeLabels: Record<BuildAspectRatio, string> = {
  '16:9': '16:9, wide',
  '4:3': '4:3',
  '3:2': '3:2',
  '1:1': '1:1, square',
  '3:4': '3:4, tall',
  '9:16': '9:16, a phone held upright',
};

// The folder picker is not in React's types; every browser of the last years reads this name.
const folderPicker = { webkitdirectory: '' } as Record<string, string>;

interface BuildUploadProps {
  title: string;
  /** The game the build is for: known for a listed game, made on first use for a new submission. */
  gameId: () => Promise<number>;
  /** Told once the version is kept, with the game it went to (its versions are already being read again). */
  onUploaded?: (gameId: number) => void;
}

/**
 * Uploads a web build: a zip, or a folder the browser packs into one (stored, never copied into
 * memory), with the shape of its screen and whether it needs cross-origin isolation. Not a form
 * of its own, so it can sit inside the submission form.
 */
export function BuildUpload({ title, gameId, onUploaded }: BuildUploadProps) {
  const id = useId();
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source>('zip');
  const [aspectRatio, setAspectRatio] = useState<BuildAspectRatio>(DEFAULT_ASPECT_RATIO);
  const [isolated, setIsolated] = useState(false);
  const [stage, setStage] = useState<{ doing: 'Packing the folder' | 'Uploading'; fraction: number } | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const upload = async () => {
    const picked = [...(inputRef.current?.files ?? [])];
    setDone('');
    if (picked.length === 0)
      return fail(source === 'zip' ? 'Choose a zip of your web build first.' : 'Choose the folder of your web build first.');
    setError('');
    try {
      const zip = source === 'zip' ? picked[0]! : await packFolder(picked);
      setStage({ doing: 'Uploading', fraction: 0 });
      const id = await gameId();
      const build = await uploadGameBuild(
        id,
        zip,
        { aspectRatio, crossOriginIsolated: isolated },
        { onProgress: (fraction) => setStage({ doing: 'Uploading', fraction }) },
      );
      setDone(`Version ${build.version} uploaded: it waits for a moderator’s review.`);
      if (inputRef.current) inputRef.current.value = '';
      void client.invalidateQueries({ queryKey: buildKeys.ofGame(id) });
      onUploaded?.(id);
    } catch (caught) {
      fail(
        caught instanceof NetworkError
          ? 'The upload did not reach GameSource. Check your connection and try again.'
          : (caught as Error).message,
      );
    } finally {
      setStage(null);
    }
  };

  const packFolder = async (files: File[]) => {
    setStage({ doing: 'Packing the folder', fraction: 0 });
    const { zipFolder } = await import('../../lib/zip-folder');
    return zipFolder(files, { onProgress: (fraction) => setStage({ doing: 'Packing the folder', fraction }) });
  };

  const inputId = `${id}-file`;
  const percent = stage ? Math.round(stage.fraction * 100) : 0;
  return (
    <div role="group" aria-label={`Upload a build of ${title}`} className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className={`${labelStyle} mb-1`}>What you upload</legend>
        {(['zip', 'folder'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-ink">
            <input
              type="radio"
              name={`${id}-source`}
              value={kind}
              checked={source === kind}
              onChange={() => setSource(kind)}
              className="size-4 accent-accent"
            />
            {kind === 'zip' ? 'A zip' : 'A folder'}
          </label>
        ))}
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className={labelStyle}>
          {source === 'zip' ? 'Zip of the web build' : 'Folder of the web build'}
        </label>
        <input
          key={source}
          ref={inputRef}
          id={inputId}
          type="file"
          {...(source === 'zip' ? { accept: '.zip,application/zip' } : folderPicker)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputStyle} file:mr-3 file:rounded-md file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink`}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-shape`} className={labelStyle}>
          Shape of the game’s screen
        </label>
        <select
          id={`${id}-shape`}
          value={aspectRatio}
          onChange={(event) => setAspectRatio(event.target.value as BuildAspectRatio)}
          className={`${inputStyle} sm:max-w-xs`}
        >
          {buildAspectRatios.map((ratio) => (
            <option key={ratio} value={ratio}>
              {shapeLabels[ratio]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-start gap-2 text-ink">
        <input
          type="checkbox"
          checked={isolated}
          onChange={(event) => setIsolated(event.target.checked)}
          className="mt-1 size-4 accent-accent"
        />
        <span>
          It needs cross-origin isolation (threads, SharedArrayBuffer)
          <span className="block text-sm text-muted">
            Browsers allow it only to a whole tab, so it will play in a tab of its own rather than in its page.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void upload()} className={buttonStyles.primary} disabled={stage !== null}>
          Upload
        </button>
        {stage && (
          <ProgressBar
            label={`${stage.doing}: the build of ${title}`}
            percent={percent}
            valueText={`${stage.doing}, ${percent}%`}
            className="max-w-xs"
          />
        )}
      </div>
      <FormAlert id={`${id}-error`}>{error}</FormAlert>
      <FormStatus>{done}</FormStatus>
    </div>
  );
}
