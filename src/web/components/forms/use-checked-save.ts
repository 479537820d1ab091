import { type FormEvent, useState } from 'react';

/**
 * Submits a small form: the local check first (its words shown, nothing sent), then the save,
 * whose failure message is shown and re-enables the form. A successful save leaves `pending`
 * set, because the form is about to close.
 */
export function useCheckedSave(problemWith: () => string | null, save: () => Promise<void>) {
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = problemWith();
    if (invalid) return setProblem(invalid);
    setProblem('');
    setPending(true);
    try {
      await save();
    } catch (error) {
      setProblem((error as Error).message);
      setPending(false);
    }
  };
  return { problem, pending, onSubmit: (event: FormEvent) => void submit(event) };
}
