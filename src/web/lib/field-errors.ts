import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first problem of each field, by the field's name, from a shared Zod object schema. */
export function fieldErrors<Field extends string>(schema: z.ZodType, values: Record<Field, unknown>): FieldErrors<Field> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<Field> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Moves focus to the first field (in the order given) that has an error. */
export function focusFirstError<Field extends string>(
  errors: FieldErrors<Field>,
  order: readonly Field[],
  idOf: (field: Field) => string,
): void {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
