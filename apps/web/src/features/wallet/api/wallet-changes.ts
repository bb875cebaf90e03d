import type { sandboxDepositBody, transferBody } from '@tillbook/contract/wallet';
import type { z } from 'zod';
import { walletRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation } from '../../../lib/use-api-mutation';
import { walletKeys } from './get-wallet';

export type TransferBody = z.input<typeof transferBody>;

export const useOpenWallet = () =>
  useRouteMutation(walletRoutes.open, {
    kind: 'create',
    args: () => ({}),
    invalidate: [walletKeys.all(useStoreId())],
    persist: false,
  });

export const useSimulateDeposit = () =>
  useRouteMutation(walletRoutes.sandboxDeposit, {
    kind: 'create',
    args: (body: z.input<typeof sandboxDepositBody>) => ({ body }),
    invalidate: [walletKeys.all(useStoreId())],
    persist: false,
  });

/**
 * A transfer carries the password, so it is never kept for sending later (`persist: false`),
 * and its Idempotency-Key is made once per filled-in form: a retry of the same form sends the
 * same key, and the server moves the money once.
 */
export const useTransfer = () =>
  useRouteMutation(walletRoutes.transfer, {
    kind: 'create',
    args: ({ body, key }: { body: TransferBody; key: string }) => ({
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [walletKeys.all(useStoreId())],
    persist: false,
  });
