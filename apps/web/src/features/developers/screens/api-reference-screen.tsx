import { Alert, Anchor, Code, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/states';

// Swagger UI is large: it loads with this screen only, never with the rest of the app.
const SwaggerReference = lazy(() => import('../components/swagger-reference'));

/** `/developers/reference`: the interactive reference of `/api/v1/openapi.json`, with "try it". */
export default function ApiReferenceScreen() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="API reference"
        breadcrumbs={[{ label: 'Developers', to: paths.developers }, { label: 'API reference' }]}
        description="Every route of the Tillbook API, generated from the same contract the server checks."
      />
      <Alert variant="light" color="blue">
        <Text size="sm">
          To try a route, press <b>Authorize</b> and paste your sandbox secret key (<Code>sk_test_…</Code>):
          calls made with it act on your store&apos;s sandbox, never on live data. The raw document is at{' '}
          <Anchor href="/api/v1/openapi.json" target="_blank" rel="noreferrer">
            /api/v1/openapi.json
          </Anchor>
          . Webhooks are set up under{' '}
          <Anchor component={Link} to={paths.webhooks}>
            Webhooks
          </Anchor>
          .
        </Text>
      </Alert>
      <Suspense fallback={<LoadingState rows={6} label="Loading the API reference" />}>
        <SwaggerReference url="/api/v1/openapi.json" />
      </Suspense>
    </Stack>
  );
}
