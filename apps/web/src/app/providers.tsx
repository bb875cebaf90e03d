import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { TOAST } from '@tillbook/contract/constants';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { persistOptions, queryClient, queryPersister } from '../lib/query-client';
import { theme } from './theme';

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
      style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light">
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
