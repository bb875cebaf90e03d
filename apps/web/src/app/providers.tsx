import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { TOAST } from '@tillbook/contract/constants';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { persistOptions, queryClient, queryPersister } from '../lib/query-client';
import { cssVariablesResolver, TEXT_COLOURS, theme } from './theme';

// Sonner's rich colours put green text on pale green at 4.3:1 and red on pale red at 4.4:1;
// these shades of the same hues read at 4.5:1 or more (WCAG AA).
const TOAST_TEXT = {
  '--success-text': TEXT_COLOURS.green,
  '--error-text': TEXT_COLOURS.red,
  '--warning-text': TEXT_COLOURS.yellow,
  '--info-text': TEXT_COLOURS.blue,
};

/** The toast area of every route (spec sections 2, 4 and 9). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      visibleToasts={TOAST.visible}
      offset={TOAST.offsetPx}
      mobileOffset={TOAST.mobileOffsetPx}
      gap={TOAST.gapPx}
      hotkey={['altKey', 'KeyT']}
      toastOptions={{ duration: TOAST.defaultMs }}
      style={{ '--width': `${TOAST.widthPx}px`, ...TOAST_TEXT } as React.CSSProperties}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister: queryPersister, ...persistOptions }}
        // Changes made offline before a reload are sent once the cache is back.
        onSuccess={() => void queryClient.resumePausedMutations()}
      >
        {children}
        <AppToaster />
      </PersistQueryClientProvider>
    </MantineProvider>
  );
}
