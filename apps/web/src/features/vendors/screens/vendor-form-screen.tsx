import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createVendorBody, updateVendorBody, type VendorDetail } from '@tillbook/contract/vendors';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useVendor } from '../api/get-vendor';
import { useCreateVendor, useUpdateVendor } from '../api/save-vendor';
import { AddAddress, AddressCard } from '../components/address-card';
import { AddressFields, addressBody, emptyAddress, type AddressValues } from '../components/address-fields';
import { paths } from '../../../config/paths';
import { FormActions } from '../../../components/form-actions';

type VendorValues = {
  name: string;
  company_name: string;
  email: string;
  phone_number: string;
  website: string;
  status: 'active' | 'inactive';
  notes: string;
  addresses: AddressValues[];
};

const blank: VendorValues = {
  name: '',
  company_name: '',
  email: '',
  phone_number: '',
  website: '',
  status: 'active',
  notes: '',
  addresses: [],
};

const fromVendor = (v: VendorDetail): VendorValues => ({
  name: v.name,
  company_name: v.company_name ?? '',
  email: v.email ?? '',
  phone_number: v.phone_number ?? '',
  website: v.website ?? '',
  status: v.status,
  notes: v.notes ?? '',
  addresses: [],
});

function VendorFields({ form }: { form: ReturnType<typeof useSchemaForm<VendorValues>> }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Vendor name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Company name" {...form.getInputProps('company_name')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label="Website" placeholder="supplier.ng" {...form.getInputProps('website')} />
        <Select
          label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
    </Stack>
  );
}

/** Vendor fields as sent: blanks absent on create, cleared (null) on edit. */
function vendorBody(values: VendorValues, editing: boolean) {
  const { addresses, ...fields } = values;
  if (!editing) {
    return { ...withoutEmpty(fields), addresses: addresses.map(addressBody) } as Record<string, unknown> & {
      name: string;
    };
  }
  const orNull = (v: string) => (v.trim() === '' ? null : v);
  return {
    name: fields.name,
    status: fields.status,
    company_name: orNull(fields.company_name),
    email: orNull(fields.email),
    phone_number: orNull(fields.phone_number),
    website: orNull(fields.website),
    notes: orNull(fields.notes),
  };
}

function CreateAddresses({ form }: { form: ReturnType<typeof useSchemaForm<VendorValues>> }) {
  const addresses = form.getValues().addresses;
  return (
    <Stack gap="sm">
      {addresses.length === 0 && (
        <Text size="sm" c="dimmed">
          No addresses yet. Add a billing address for invoices and a shipping address for deliveries.
        </Text>
      )}
      {addresses.map((_, i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600} size="sm">
                Address {i + 1}
              </Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => form.removeListItem('addresses', i)}
              >
                Remove
              </Button>
            </Group>
            <AddressFields form={form} prefix={`addresses.${i}.`} />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" onClick={() => form.insertListItem('addresses', emptyAddress('billing'))}>
          Add billing address
        </Button>
        <Button variant="light" onClick={() => form.insertListItem('addresses', emptyAddress('shipping'))}>
          Add shipping address
        </Button>
      </Group>
    </Stack>
  );
}

function VendorForm({ vendor }: { vendor?: VendorDetail }) {
  const navigate = useNavigate();
  const editing = Boolean(vendor);
  const form = useSchemaForm<VendorValues>(
    editing ? updateVendorBody : createVendorBody,
    vendor ? fromVendor(vendor) : blank,
  );
  const create = useCreateVendor({
    onSuccess: (answer) => {
      notify.success('Vendor added');
      navigate(paths.vendor(answer.data.id), { replace: true });
    },
    onError: (error) => showFormError(form, error),
  });
  const update = useUpdateVendor({
    onSuccess: (answer) => {
      notify.success('Vendor updated');
      navigate(paths.vendor(answer.data.id));
    },
    onError: (error) => showFormError(form, error),
  });

  const submit = form.onSubmit((values) => {
    if (vendor) update.mutate({ id: vendor.id, body: vendorBody(values, true) });
    else create.mutate(vendorBody(values, false));
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title={vendor ? `Edit ${vendor.name}` : 'Add vendor'}
        breadcrumbs={[
          { label: 'Purchasing' },
          { label: 'Vendors', to: paths.vendors },
          ...(vendor ? [{ label: vendor.name, to: paths.vendor(vendor.id) }] : []),
          { label: vendor ? 'Edit' : 'Add' },
        ]}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Vendor">
            <VendorFields form={form} />
          </Section>
          {!vendor && (
            <Section title="Addresses" description="The first address of each type becomes its default.">
              <CreateAddresses form={form} />
            </Section>
          )}
          <FormActions
            onCancel={() => navigate(vendor ? paths.vendor(vendor.id) : paths.vendors)}
            submitLabel={vendor ? 'Save vendor' : 'Add vendor'}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
      {vendor && (
        <Section title="Addresses" description="Changes to addresses are saved as you make them.">
          <Stack gap="sm">
            {vendor.addresses.map((a) => (
              <AddressCard key={a.id} address={a} editable />
            ))}
            <AddAddress vendorId={vendor.id} hasAny={vendor.addresses.length > 0} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

/**
 * paths.vendorCreate and `/purchase/vendors/edit/{id}`: the same screen (spec
 * section 2). A new vendor's addresses go with it; a saved vendor's are edited in place.
 */
export default function VendorFormScreen() {
  const { id } = useParams();
  const vendor = useVendor(id);
  if (!id) return <VendorForm />;
  if (vendor.isPending) return <LoadingState rows={8} label="Loading vendor" />;
  if (vendor.isError) return <ErrorState error={vendor.error} onRetry={() => void vendor.refetch()} />;
  return <VendorForm key={vendor.data.id} vendor={vendor.data} />;
}
