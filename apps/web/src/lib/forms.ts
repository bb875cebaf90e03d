import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { ApiError, messageOf } from './api-client';
import { notify } from './toast';

/** A Mantine form validated by a contract schema (the same rules as the server). */
type Schema = Parameters<typeof schemaResolver>[0];

export interface SchemaFormOptions<T> {
  /** An empty optional text field is "not given", as it is sent (see `withoutEmpty`). */
  blankAsMissing?: boolean;
  /**
   * The body the values are sent as, when the form holds them otherwise (a rate typed as text, an
   * estimate cleared to null on edit): the schema checks that body, so the messages are the
   * contract's and name the body's paths, which the form's fields share.
   */
  toBody?: (values: T) => unknown;
  /**
   * Checks about what was typed that the body cannot carry (an amount box holding words); a
   * message here replaces the schema's for the same field.
   */
  check?: (values: T) => Record<string, string | undefined>;
}

/** The messages of `schema` for the form `values`, keyed by field path (`rates.0.rate`). */
export function schemaErrors<T extends Record<string, unknown>>(
  schema: Schema,
  values: T,
  { blankAsMissing = true, toBody, check }: SchemaFormOptions<T> = {},
): Record<string, string> {
  const resolve = schemaResolver(schema, { sync: true });
  const body = toBody ? toBody(values) : blankAsMissing ? withoutEmpty(values) : values;
  // The schema's messages are strings (zod issues).
  const errors = { ...resolve(body as Record<string, unknown>) } as Record<string, string>;
  for (const [field, message] of Object.entries(check?.(values) ?? {})) if (message) errors[field] = message;
  return errors;
}

export function useSchemaForm<T extends Record<string, unknown>>(
  schema: Schema,
  initialValues: T,
  options: SchemaFormOptions<T> = {},
) {
  return useForm<T>({
    mode: 'controlled',
    initialValues,
    validate: (values: T) => schemaErrors(schema, values, options),
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
