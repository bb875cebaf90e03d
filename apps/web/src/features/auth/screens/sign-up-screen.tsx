import { Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { signUpBody } from '@tillbook/contract/auth';
import { useNavigate } from 'react-router';
import { CardForm, EmailInput, CardPrompt, NewPasswordInput } from '../../../components/card-form';
import { CenteredCard } from '../../../components/centered-card';
import { ApiError, messageOf } from '../../../lib/api-client';
import { showFormError, useSchemaForm, withoutEmpty } from '../../../lib/forms';
import { notify } from '../../../lib/toast';
import { useSignUp } from '../api/sign-up';
import { keepPendingSignUp } from '../start-session';
import { paths } from '../../../config/paths';

export default function SignUpScreen() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useSchemaForm(signUpBody, {
    first_name: '',
    last_name: '',
    email: '',
    phone_number: '',
    country: 'Nigeria',
    business_name: '',
    password: '',
  });

  const submit = form.onSubmit((values) =>
    signUp.mutate(withoutEmpty(values) as typeof values, {
      onSuccess: (answer) => {
        keepPendingSignUp(answer.data);
        notify.success(answer.message || 'Account created');
        navigate(paths.verifyEmailFor(answer.data.email));
      },
      onError: (error) => {
        // The spec: a 400 shows the phone number's message.
        if (error instanceof ApiError && error.status === 400 && error.fields.phone_number) {
          form.setErrors(error.fields);
          notify.error(error.fields.phone_number);
          return;
        }
        if (error instanceof ApiError && Object.keys(error.fields).length) showFormError(form, error);
        else notify.error(messageOf(error));
      },
    }),
  );

  return (
    <CenteredCard
      title="Create your account"
      subtitle="Start selling, tracking stock and getting paid in minutes."
      width={520}
      footer={<CardPrompt question="Already have an account?" to={paths.signIn} link="Sign in" />}
    >
      <CardForm
        onSubmit={submit}
        submitLabel="Create account"
        loading={signUp.isPending}
        after={
          <Group justify="center">
            <Text size="xs" c="dimmed" ta="center">
              We will email you a 6-digit code to verify your address.
            </Text>
          </Group>
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <EmailInput {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Phone number"
            type="tel"
            autoComplete="tel"
            placeholder="+2348012345678"
            required
            {...form.getInputProps('phone_number')}
          />
          <TextInput
            label="Country"
            autoComplete="country-name"
            required
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <TextInput
          label="Business name"
          description="Optional: you can add it in the next step"
          autoComplete="organization"
          {...form.getInputProps('business_name')}
        />
        <NewPasswordInput {...form.getInputProps('password')} />
      </CardForm>
    </CenteredCard>
  );
}
