import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tillbook/contract/auth';
import {
  billingContactBody,
  updatePasswordBody,
  updateUserDetailsBody,
  websiteBody,
} from '@tillbook/contract/users';
import { ImageUpload } from '../../../components/image-upload';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SectionForm } from '../../../components/section-form';
import { Section } from '../../../components/states';
import { showFormError, useSchemaForm } from '../../../lib/forms';
import { accountKeys } from '../../../lib/query-keys';
import { updateSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useBillingContact } from '../api/billing-contact';
import { useInsertWebsite } from '../api/insert-website';
import { useUpdatePassword } from '../api/update-password';
import { useUpdateUserDetails } from '../api/update-user-details';
import { uploadPhoto } from '../api/upload-photo';

const nullIfBlank = (v: string) => (v.trim() ? v : null);

function DetailsForm({ user }: { user: User }) {
  const form = useSchemaForm(updateUserDetailsBody, {
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    country: user.country,
  });
  const save = useUpdateUserDetails({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Saved!!');
      updateSession((s) => ({
        ...s,
        user: { ...s.user, ...answer.data, business_name: s.user.business_name },
      }));
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <SectionForm
      title="Personal details"
      description="Your name and phone, as your team sees them."
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel="Save details"
      loading={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" required {...form.getInputProps('first_name')} />
        <TextInput label="Last name" required {...form.getInputProps('last_name')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label="Country" {...form.getInputProps('country')} />
      </SimpleGrid>
      <TextInput
        label="Email"
        value={user.email}
        disabled
        description="Your sign-in email cannot be changed here."
      />
    </SectionForm>
  );
}

function PasswordForm() {
  const form = useSchemaForm(updatePasswordBody, {
    current_password: '',
    password: '',
    confirm_password: '',
  });
  const save = useUpdatePassword({
    onSuccess: (answer) => {
      notify.success(answer.message || 'Password changed');
      form.reset();
    },
    onError: (error) => showFormError(form, error),
  });
  return (
    <SectionForm
      title="Password"
      description="Changing it signs you out everywhere else."
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      submitLabel="Change password"
      loading={save.isPending}
    >
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        {...form.getInputProps('current_password')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirm_password')}
        />
      </SimpleGrid>
    </SectionForm>
  );
}

function WebsiteForm({ user }: { user: User }) {
  const form = useSchemaForm(websiteBody, { website: user.website ?? '' }, { blankAsMissing: false });
  const save = useInsertWebsite({
    onSuccess: (answer) => notify.success(answer.message || 'Saved!!'),
    onError: (error) => showFormError(form, error),
  });
  return (
    <Section title="Website" description="Where customers find you online.">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Group align="flex-start">
          <TextInput
            aria-label="Website"
            placeholder="https://myshop.ng"
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('website')}
          />
          <Button type="submit" loading={save.isPending}>
            Save website
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function BillingContactForm({ user }: { user: User }) {
  const contact = user.billing_contact ?? {};
  const form = useSchemaForm(billingContactBody, {
    name: contact.name ?? '',
    email: contact.email ?? '',
    phone_number: contact.phone_number ?? '',
    address: contact.address ?? '',
  });
  const save = useBillingContact({
    onSuccess: (answer) => notify.success(answer.message || 'Saved!!'),
    onError: (error) => showFormError(form, error),
  });
  return (
    <SectionForm
      title="Billing contact"
      description="Who receives invoices for your subscription."
      onSubmit={form.onSubmit((v) =>
        save.mutate({
          name: nullIfBlank(v.name ?? ''),
          email: nullIfBlank(v.email ?? ''),
          phone_number: nullIfBlank(v.phone_number ?? ''),
          address: nullIfBlank(v.address ?? ''),
        }),
      )}
      submitLabel="Save billing contact"
      loading={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Phone number" type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label="Address" {...form.getInputProps('address')} />
      </SimpleGrid>
    </SectionForm>
  );
}

export function ProfilePanel({ user }: { user: User }) {
  const client = useQueryClient();
  return (
    <Stack gap="lg">
      <Section title="Profile photo">
        <ImageUpload
          label="Profile photo"
          shape="round"
          currentUrl={user.photo_url}
          upload={async (file, onProgress) => {
            const answer = await uploadPhoto(file, onProgress);
            notify.success(answer.message || 'Photo uploaded');
            await client.invalidateQueries({ queryKey: accountKeys.currentUser() });
          }}
        />
      </Section>
      <DetailsForm user={user} />
      <PasswordForm />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <WebsiteForm user={user} />
        <BillingContactForm user={user} />
      </SimpleGrid>
    </Stack>
  );
}
