import { useMutation } from '@tanstack/react-query';
import type { businessNumberBody } from '@tillbook/contract/auth';
import type { Store } from '@tillbook/contract/stores';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type BusinessNumberBody = z.input<typeof businessNumberBody>;

export const saveBusinessNumber = ({ userId, ...body }: BusinessNumberBody & { userId: string }) =>
  api.put<Store>(`/user/business-number/${encodeURIComponent(userId)}`, body);

export const useSaveBusinessNumber = () =>
  useMutation({ mutationFn: saveBusinessNumber, meta: { kind: 'save' } });
