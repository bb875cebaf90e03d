import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { ApiError, messageOf } from './api-client';
import { notify } from './toast';

/** A Mantine form validated by a contract schema (the same rules as the server). */
type Schema = Parameters<typeof schemaResolver>[0];

export function useSchemaForm<T extends Record<string, unknown>>(
  schema: Schema,
  initialValues: T,
  { blankAsMissing = true }: { blankAsMissing?: boolean } = {},
) {
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<T>({
    mode: 'controlled',
    initialValues,
    // An empty optional field is "not given", as it is sent (see `withoutEmpty`).
    validate: (values: T) => resolve(blankAsMissing ? withoutEmpty(values) : values),
  });
}

/**
 * Shows a failed submit: the server's per-field messages next to their fields, and the message
 * as an error toast. Returns the field errors that were placed.
 */
export function showFormError<T>(form: UseFormReturnType<T>, error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.fields : {};
  if (Object.keys(fields).length) form.setErrors(fields);
  notify.error(messageOf(error));
  return fields;
}

/** Empty text fields are sent as absent, so optional fields stay unset on the server. */
export function withoutEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
  ) as Partial<T>;
}

/**
 * The first message of a list field's items (`states.2`), for an input that edits the whole list
 * (tags) and so has no place for a message per item.
 */
export function itemError(errors: Record<string, unknown>, list: string): string | undefined {
  const found = Object.entries(errors).find(([key]) => key.startsWith(`${list}.`))?.[1];
  return typeof found === 'string' ? found : undefined;
}
