import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { MESSAGES } from '@tillbook/contract/constants';
import { createCustomerBody, updateCustomerBody, type Customer } from '@tillbook/contract/customers';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ErrorState, LoadingState, Section } from '../../../components/states';
import { useStoreId } from '../../../lib/current-user';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useCustomer } from '../api/get-customer';
import { useCreateCustomer, useUpdateCustomer } from '../api/save-customer';
import { selectCustomer } from '../components/selected-customer';
import { paths } from '../../../config/paths';
import { FormActions } from '../../../components/form-actions';

type CustomerValues = {
  first_name: string;
  last_name: string;
  phone_number: string;
  email_address: string;
  address: string;
  city: string;
  state: string;
  country: string;
  notes: string;
};

const blank: CustomerValues = {
  first_name: '',
  last_name: '',
  phone_number: '',
  email_address: '',
  address: '',
  city: '',
  state: '',
  country: 'Nigeria',
  notes: '',
};

const fromCustomer = (c: Customer): CustomerValues => ({
  first_name: c.first_name,
  last_name: c.last_name,
  phone_number: c.phone_number,
  email_address: c.email_address ?? '',
  address: c.address ?? '',
  city: c.city ?? '',
  state: c.state ?? '',
  country: c.country ?? '',
  notes: c.notes ?? '',
});

/** On edit a cleared field is sent as null (removed); on create it is left out. */
const editBody = (v: CustomerValues) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim() === '' ? null : x])) as Record<
    string,
    string | null
  >;

function CustomerForm({ customer }: { customer?: Customer }) {
  const navigate = useNavigate();
  const storeId = useStoreId();
  const form = useSchemaForm<CustomerValues>(
    customer ? updateCustomerBody : createCustomerBody,
    customer ? fromCustomer(customer) : blank,
  );
  const done = (c: Customer) => {
    selectCustomer(storeId, c.id);
    navigate(paths.customer(c.id), { replace: !customer });
  };
  const create = useCreateCustomer({
    onSuccess: (answer) => {
      notify.success(MESSAGES.customerAdded);
      done(answer.data);
    },
    onError: (error) => showFormError(form, error),
  });
  const update = useUpdateCustomer({
    onSuccess: (answer) => {
      notify.success(MESSAGES.customerUpdated);
      done(answer.data);
    },
    onError: (error) => showFormError(form, error),
  });
  const submit = form.onSubmit((values) => {
    if (customer) update.mutate({ id: customer.id, body: editBody(values) });
    else create.mutate(withoutEmpty(values) as CustomerValues);
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title={customer ? `Edit ${customer.full_name}` : 'Add customer'}
        breadcrumbs={[
          { label: 'Sales' },
          { label: 'Customers', to: paths.customers },
          ...(customer ? [{ label: customer.full_name, to: paths.customer(customer.id) }] : []),
          { label: customer ? 'Edit' : 'Add' },
        ]}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Customer">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="First name" required data-autofocus {...form.getInputProps('first_name')} />
              <TextInput label="Last name" required {...form.getInputProps('last_name')} />
              <TextInput
                label="Phone number"
                required
                type="tel"
                placeholder="+2348031234567"
                {...form.getInputProps('phone_number')}
              />
              <TextInput label="Email" type="email" {...form.getInputProps('email_address')} />
            </SimpleGrid>
          </Section>
          <Section title="Address">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Address" {...form.getInputProps('address')} />
              <TextInput label="City" {...form.getInputProps('city')} />
              <TextInput label="State" {...form.getInputProps('state')} />
              <TextInput label="Country" {...form.getInputProps('country')} />
            </SimpleGrid>
            <Textarea label="Notes" mt="sm" autosize minRows={2} {...form.getInputProps('notes')} />
          </Section>
          <FormActions
            onCancel={() => navigate(customer ? paths.customer(customer.id) : paths.customers)}
            submitLabel={customer ? 'Save customer' : 'Add customer'}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Stack>
  );
}

/** paths.customerCreate and `/sales/customers/edit/{id}`: one form. */
export default function CustomerFormScreen() {
  const { id } = useParams();
  const customer = useCustomer(id);
  if (!id) return <CustomerForm />;
  if (customer.isPending) return <LoadingState rows={8} label="Loading customer" />;
  if (customer.isError) return <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />;
  return <CustomerForm key={customer.data.id} customer={customer.data} />;
}
