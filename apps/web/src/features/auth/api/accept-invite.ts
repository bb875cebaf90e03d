import { useMutation } from '@tanstack/react-query';
import type { acceptInviteBody } from '@tillbook/contract/auth';
import type { z } from 'zod';
import { authRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';

/**
 * `password` is a new person's chosen password, or an account's current one; none when signed
 * in as the invitee.
 */
export type AcceptInviteBody = z.input<typeof acceptInviteBody>;

export const acceptInvite = (body: AcceptInviteBody) => call(authRoutes.acceptInvite, { body });

export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
