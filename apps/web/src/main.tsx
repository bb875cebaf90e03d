import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { rehydrateUiState } from './lib/ui-state';
import { config as zodConfig } from 'zod';

// zod 4 probes whether it may compile parsers with `Function('')` on its first object parse. The
// app's CSP (script-src 'self', no 'unsafe-eval') refuses that, so zod never compiles here anyway,
// but the probe was reported as a CSP violation on every page that parses a form or an answer.
zodConfig({ jitless: true });

const router = createRouter();
void rehydrateUiState();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
