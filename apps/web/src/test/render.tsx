import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '../app/providers';
import { cssVariablesResolver, theme } from '../app/theme';
import { createQueryClient } from '../lib/query-client';

/** Renders a screen with the app's providers at a path, with a fresh query cache. */
export function renderScreen(element: ReactElement, { path = '/', route = '/' } = {}) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <AppToaster />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, client };
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answer to a request that worked: `{ success, message, data }`. */
export const okResponse = (data: unknown, status = 200, message = 'OK') =>
  jsonResponse(status, { success: true, message, data });

/** The server's 400 with messages for the named fields. */
export const fieldsRefused = (fields: Record<string, string>) =>
  jsonResponse(400, {
    success: false,
    message: 'Check the highlighted fields',
    error: { code: 'VALIDATION_FAILED', message: 'Check the highlighted fields', fields },
  });

/** What the fake server answers to a path it does not serve. */
export const noRoute = (path: string) => jsonResponse(404, { success: false, message: `No route ${path}` });
