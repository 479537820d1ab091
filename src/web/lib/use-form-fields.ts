import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, focusFirstError, type FieldErrors } from './field-errors';

interface FormFieldsOptions<Field extends string> {
  schema: z.ZodType;
  initial: Record<Field, string>;
  order: readonly Field[];
  idOf: (field: Field) => string;
}

/**
 * Text fields checked by a shared schema: quiet until the first submit, then re-checked as
 * the user types, so messages appear when they help and disappear as soon as they are fixed.
 */
export function useFormFields<Field extends string>({ schema, initial, order, idOf }: FormFieldsOptions<Field>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: Field) => (value: string) => {
    const nextValues = { ...values, [field]: value };
    setValues(nextValues);
    if (submitted) setErrors(fieldErrors(schema, nextValues));
  };

  /** Shows every problem and focuses the first; true when there is none. */
  const validate = (): boolean => {
    setSubmitted(true);
    const found = fieldErrors(schema, values);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstError(found, order, idOf);
    return false;
  };

  return { values, errors, change, validate };
}
