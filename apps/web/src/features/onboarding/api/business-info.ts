import { useMutation } from '@tanstack/react-query';
import type { businessInfoBody, User } from '@tillbook/contract/auth';
import type { Store, StoreSummary } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type BusinessInfoBody = z.input<typeof businessInfoBody>;

/** Creates the user's first store (or updates it when sent again). */
export const saveBusinessInfo = ({ userId, ...body }: BusinessInfoBody & { userId: string }) =>
  api.put<{ user: User; store: Store; userStore: StoreSummary[] }>(
    `/user/business-info/${encodeURIComponent(userId)}`,
    body,
  );

export const useSaveBusinessInfo = () =>
  useMutation({ mutationFn: saveBusinessInfo, meta: { kind: 'save' } });
