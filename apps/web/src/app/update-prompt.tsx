/// <reference types="vite-plugin-pwa/react" />
import { Button, Group, Paper, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useSaleInProgress } from '../lib/sale-in-progress';

/** How often an open till asks whether a new version was released (it may stay open all day). */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker (the app shell that lets the till open offline, decision 0036)
 * and says when a new version is ready. The new version waits for the cashier: "Reload" is
 * held back while a sale is being rung up or sent, so an update never breaks a sale.
 */
export default function UpdatePrompt() {
  const saleInProgress = useSaleInProgress();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <Paper
      role="status"
      aria-label="Update ready"
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      style={{ position: 'fixed', bottom: 16, left: 16, zIndex: 300, maxWidth: 360 }}
    >
      <Text size="sm" fw={500}>
        A new version of Tillbook is ready.
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {saleInProgress
          ? 'Finish the sale on the till first; it reloads when you say so.'
          : 'Reload to use it. Nothing you entered is lost.'}
      </Text>
      <Group gap="xs">
        <Button size="xs" disabled={saleInProgress} onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
        <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </Group>
    </Paper>
  );
}
