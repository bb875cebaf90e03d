import { Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export type AddressValues = {
  label: string;
  type: 'billing' | 'shipping';
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  is_default: boolean;
};

export const emptyAddress = (type: 'billing' | 'shipping' = 'billing'): AddressValues => ({
  label: '',
  type,
  line1: '',
  line2: '',
  city: '',
  state: '',
  country: 'Nigeria',
  postal_code: '',
  is_default: false,
});

/**
 * The fields of one vendor address, bound to a form at `prefix` (for example `addresses.0.`
 * inside the vendor form, or nothing in an address's own form), so server field errors such as
 * `addresses.0.city` land next to their field.
 */
export function AddressFields<T>({ form, prefix = '' }: { form: UseFormReturnType<T>; prefix?: string }) {
  const p = (name: keyof AddressValues) => `${prefix}${name}`;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Type
          </Text>
          <SegmentedControl
            data={[
              { value: 'billing', label: 'Billing' },
              { value: 'shipping', label: 'Shipping' },
            ]}
            {...form.getInputProps(p('type'))}
          />
        </Stack>
        <Checkbox
          label="Default address of this type"
          {...form.getInputProps(p('is_default'), { type: 'checkbox' })}
        />
      </Group>
      <TextInput label="Label" placeholder="Head office, warehouse…" {...form.getInputProps(p('label'))} />
      <TextInput label="Address line 1" required {...form.getInputProps(p('line1'))} />
      <TextInput label="Address line 2" {...form.getInputProps(p('line2'))} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="City" required {...form.getInputProps(p('city'))} />
        <TextInput label="State" {...form.getInputProps(p('state'))} />
        <TextInput label="Country" required {...form.getInputProps(p('country'))} />
        <TextInput label="Postal code" {...form.getInputProps(p('postal_code'))} />
      </SimpleGrid>
    </Stack>
  );
}

/** Drops blank optional text so it is sent as absent, like the other forms. */
export function addressBody(values: AddressValues) {
  const blank = (v: string) => (v.trim() === '' ? undefined : v);
  return {
    type: values.type,
    is_default: values.is_default,
    label: blank(values.label),
    line1: values.line1,
    line2: blank(values.line2),
    city: values.city,
    state: blank(values.state),
    country: values.country,
    postal_code: blank(values.postal_code),
  };
}

export function addressLines(a: {
  label: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  country: string;
  postal_code: string | null;
}) {
  return [
    a.line1,
    a.line2,
    [a.city, a.state].filter(Boolean).join(', '),
    [a.country, a.postal_code].filter(Boolean).join(' '),
  ].filter((l): l is string => Boolean(l));
}
