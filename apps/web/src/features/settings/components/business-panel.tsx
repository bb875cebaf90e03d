import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { businessNumberBody } from '@tillbook/contract/auth';
import type { StoreSummary } from '@tillbook/contract/stores';
import { Link } from 'react-router';
import { ImageUpload } from '../../../components/image-upload';
import { Section } from '../../../components/states';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { accountKeys } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { useBusinessNumber } from '../api/business-number';
import { uploadBrandPhoto } from '../api/upload-brand-photo';
import { paths } from '../../../config/paths';

/** The current store's logo and registration numbers; details, currency and address are on /store. */
export function BusinessPanel({
  store,
  userId,
  canEdit,
}: {
  store: StoreSummary;
  userId: string;
  canEdit: boolean;
}) {
  const client = useQueryClient();
  const form = useSchemaForm(businessNumberBody, {
    registration_number: store.registration_number ?? '',
    tin: store.tin ?? '',
    phone_number: store.phone_number ?? '',
  });
  const save = useBusinessNumber({
    onSuccess: (answer) => notify.success(answer.message || 'Saved!!'),
    onError: (error) => showFormError(form, error),
  });
  return (
    <Stack gap="lg">
      <Section
        title="Brand photo"
        description={`The logo of ${store.business_name} on receipts, invoices and the app.`}
      >
        {canEdit ? (
          <ImageUpload
            label="Brand photo"
            currentUrl={store.logo_url}
            upload={async (file, onProgress) => {
              const answer = await uploadBrandPhoto(file, onProgress);
              notify.success(answer.message || 'Logo uploaded');
              await client.invalidateQueries({ queryKey: accountKeys.currentUser() });
              await client.invalidateQueries({ queryKey: accountKeys.stores() });
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Only a role with “Edit store details” can change the logo.
          </Text>
        )}
      </Section>
      <Section title="Business number" description="Registration and tax numbers shown on invoices.">
        <form
          onSubmit={form.onSubmit((v) => save.mutate({ userId, ...(withoutEmpty(v) as typeof v) }))}
          noValidate
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Registration (CAC/RC) number"
                disabled={!canEdit}
                {...form.getInputProps('registration_number')}
              />
              <TextInput
                label="Tax identification number"
                disabled={!canEdit}
                {...form.getInputProps('tin')}
              />
              <TextInput
                label="Business phone"
                type="tel"
                disabled={!canEdit}
                {...form.getInputProps('phone_number')}
              />
            </SimpleGrid>
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save business number
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Section>
      <Text size="sm" c="dimmed">
        The store’s name, currency and address are in{' '}
        <Anchor component={Link} to={paths.stores}>
          Stores and branches
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
