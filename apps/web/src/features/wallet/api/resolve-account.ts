import { walletRoutes } from '@tillbook/contract/wallet';
import { call } from '../../../lib/api-client';

/** Name enquiry: the name on a bank account, before money is sent to it. */
export const resolveAccount = async (accountNumber: string, bankCode: string, signal?: AbortSignal) =>
  (await call(walletRoutes.validate, { body: { accountNumber, bankCode }, signal })).data;
