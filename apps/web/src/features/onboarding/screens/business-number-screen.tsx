import { Button, Group, Stack, TextInput } from '@mantine/core';
import { businessNumberBody } from '@tillbook/contract/auth';
import { Navigate, useNavigate } from 'react-router';
import { StepHeading } from '../step-heading';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { setUiState } from '../../../lib/ui-state';
import { useSaveBusinessNumber } from '../api/business-number';
import { paths } from '../../../config/paths';

export default function BusinessNumberScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const save = useSaveBusinessNumber();
  const form = useSchemaForm(businessNumberBody, { registration_number: '', tin: '', phone_number: '' });

  if (session && !session.store) return <Navigate to={paths.businessInfo} replace />;

  const finish = () => {
    setUiState({ onboardingStep: null });
    navigate(paths.home, { replace: true });
  };

  const submit = form.onSubmit((values) => {
    if (!session) return;
    save.mutate(
      { userId: session.user.id, ...(withoutEmpty(values) as typeof values) },
      {
        onSuccess: (answer) => {
          notify.success(answer.message || 'Business number saved');
          finish();
        },
        onError: (error) => showFormError(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <StepHeading title="Business registration">
          Your CAC registration number and tax number appear on invoices. You can add them later in Settings.
        </StepHeading>
        <TextInput
          label="Registration (CAC/RC) number"
          placeholder="RC1234567"
          {...form.getInputProps('registration_number')}
        />
        <TextInput label="Tax identification number (TIN)" {...form.getInputProps('tin')} />
        <TextInput
          label="Business phone"
          type="tel"
          placeholder="+2348012345678"
          {...form.getInputProps('phone_number')}
        />
        <Group justify="space-between" mt="sm">
          <Button variant="subtle" onClick={finish}>
            Skip for now
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save and finish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
