import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const resetPassword = ({ id, ...body }: { id: string; password: string; confirm_password: string }) =>
  api.patch<null>(`/user/reset-password/${encodeURIComponent(id)}`, body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
