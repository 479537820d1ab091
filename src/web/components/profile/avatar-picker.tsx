import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { uploadAcceptedTypes, type UploadedImage } from '../../../shared/uploads';
import { uploadImage } from '../../lib/uploads';
import { Avatar } from '../avatar';
import { FieldError } from '../forms/text-field';
import { buttonStyles, labelStyle } from '../styles';
import { clampView, cropToBlob, drawCrop, type CropView } from './square-crop';

const FRAME = 240;
const AVATAR_SIZE = 512;
const PAN_STEP = 10;

interface AvatarPickerProps {
  name: string;
  image: string | null;
  onChange: (image: string | null) => void;
  error?: string;
}

/** The current picture, and a new one: chosen, framed as a square on a canvas, then uploaded. */
export function AvatarPicker({ name, image, onChange, error }: AvatarPickerProps) {
  const [source, setSource] = useState<HTMLImageElement | null>(null);
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return;
    const url = URL.createObjectURL(file);
    const picture = new Image();
    picture.onload = () => setSource(picture);
    picture.onerror = () => {
      URL.revokeObjectURL(url);
      setProblem('That file is not an image this browser can open.');
    };
    picture.src = url;
  };

  const finish = (uploaded: UploadedImage | null) => {
    if (source) URL.revokeObjectURL(source.src);
    setSource(null);
    if (input.current) input.current.value = '';
    if (uploaded) onChange(uploaded.path);
  };

  return (
    <fieldset className="space-y-3">
      <legend className={labelStyle}>Picture</legend>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} image={image} size="lg" />
        <div className="flex flex-wrap gap-2">
          <label className={`${buttonStyles.secondary} cursor-pointer focus-within:ring-2 focus-within:ring-ring`}>
            {image ? 'Choose another picture' : 'Choose a picture'}
            <input
              ref={input}
              type="file"
              accept={uploadAcceptedTypes.join(',')}
              className="sr-only"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
          {image && (
            <button type="button" className={buttonStyles.secondary} onClick={() => onChange(null)}>
              Remove picture
            </button>
          )}
        </div>
      </div>
      {source && <Cropper source={source} onDone={finish} />}
      {(problem ?? error) && <FieldError id="profile-image-error">{problem ?? error}</FieldError>}
    </fieldset>
  );
}

function Cropper({ source, onDone }: { source: HTMLImageElement; onDone: (uploaded: UploadedImage | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();
  const size = { width: source.naturalWidth, height: source.naturalHeight };
  const update = (next: CropView) => setView(clampView(size, FRAME, next));

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context) drawCrop(context, source, FRAME, view);
  }, [source, view]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX - view.x, y: event.clientY - view.y };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drag.current) update({ ...view, x: event.clientX - drag.current.x, y: event.clientY - drag.current.y });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update({ ...view, x: view.x + move[0], y: view.y + move[1] });
  };

  const upload = async () => {
    setFailure(undefined);
    setProgress(0);
    try {
      const blob = await cropToBlob(source, FRAME, view, AVATAR_SIZE);
      onDone(await uploadImage(blob, { onProgress: setProgress }));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The picture could not be uploaded.');
      setProgress(null);
    }
  };

  return (
    <div className="space-y-3 rounded-xl border border-line bg-raised p-4">
      <p id="crop-help" className="text-sm text-muted">
        Drag the picture (or use the arrow keys) to frame it, and zoom with the slider.
      </p>
      <canvas
        ref={canvas}
        width={FRAME}
        height={FRAME}
        tabIndex={0}
        role="img"
        aria-label="Your picture, framed as a square"
        aria-describedby="crop-help"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className="size-60 cursor-move touch-none rounded-full bg-page focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <label className="flex max-w-60 items-center gap-3 text-sm text-ink">
        Zoom
        <input
          type="range"
          min={1}
          max={4}
          step={0.05}
          value={view.zoom}
          onChange={(event) => update({ ...view, zoom: Number(event.target.value) })}
          className="flex-1 accent-accent"
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonStyles.primary} disabled={progress !== null} onClick={() => void upload()}>
          Use this picture
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={progress !== null} onClick={() => onDone(null)}>
          Cancel
        </button>
        {progress !== null && (
          <span role="status" className="text-sm text-muted">
            Uploading… {Math.round(progress * 100)}%
          </span>
        )}
      </div>
      {failure && <FieldError id="crop-error">{failure}</FieldError>}
    </div>
  );
}
