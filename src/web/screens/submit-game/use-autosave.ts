import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftPayload } from '../../../shared/submissions';
import { createDraft, saveDraft } from '../../lib/submissions';

export type SaveState = 'idle' | 'saving' | 'saved' | 'invalid' | 'error';

const AUTOSAVE_DELAY_MS = 700;

interface AutosaveOptions {
  payload: DraftPayload;
  /** False while the payload breaks a draft rule: nothing is sent, the fields say why. */
  valid: boolean;
  /** False until the user changed something: a loaded draft is not saved back. */
  dirty: boolean;
  draftId: number | null;
  onCreated: (id: number) => void;
}

/**
 * Saves the draft a moment after each change: the first save creates it (and the screen puts
 * its id in the URL, so a reload finds it), later ones replace its payload. Saves run one at a time.
 */
export function useAutosave({ payload, valid, dirty, draftId, onCreated }: AutosaveOptions) {
  const [savedJson, setSavedJson] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const idRef = useRef(draftId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef<string | null>(null);
  /** Set while the form is being submitted: a save landing then would be refused (the submission is no longer a draft). */
  const paused = useRef(false);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
    if (draftId !== null) idRef.current = draftId;
  });

  const save = useCallback((next: DraftPayload): Promise<number> => {
    const run = queue.current
      .catch(() => undefined)
      .then(async () => {
        const body = JSON.stringify(next);
        if (idRef.current !== null && body === lastSaved.current) return idRef.current;
        try {
          if (idRef.current === null) {
            const created = await createDraft(next);
            idRef.current = created.id;
            onCreatedRef.current(created.id);
          } else {
            await saveDraft(idRef.current, next);
          }
          lastSaved.current = body;
          setSavedJson(body);
          setFailed(false);
          return idRef.current;
        } catch (error) {
          setFailed(true);
          throw error;
        }
      });
    queue.current = run;
    return run;
  }, []);

  const json = JSON.stringify(payload);
  useEffect(() => {
    if (!dirty || !valid) return;
    const timer = setTimeout(() => {
      if (!paused.current) void save(JSON.parse(json) as DraftPayload).catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [json, valid, dirty, save]);

  /** The draft's id once saves under way are done, creating the draft if need be (a web build needs one). */
  const draftNow = useCallback(
    async (next: DraftPayload) => {
      await queue.current.catch(() => undefined);
      return idRef.current ?? save(next);
    },
    [save],
  );

  /**
   * For the submit: stops saving by itself, waits for saves under way and returns the draft's id,
   * creating the draft if need be. `resume` starts saving again (the submit failed).
   */
  const finalDraft = useCallback(
    async (next: DraftPayload) => {
      paused.current = true;
      return draftNow(next);
    },
    [draftNow],
  );
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  return { state: saveState({ dirty, valid, failed, saved: json === savedJson }), finalDraft, draftNow, resume };
}

/** 'saved' only once what is on screen is what the server has. */
function saveState({ dirty, valid, failed, saved }: { dirty: boolean; valid: boolean; failed: boolean; saved: boolean }): SaveState {
  if (!dirty) return 'idle';
  if (!valid) return 'invalid';
  if (saved) return 'saved';
  return failed ? 'error' : 'saving';
}
