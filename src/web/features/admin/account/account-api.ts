import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSession,
  ChangePassword,
  TwoFactorDisable,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../../domain/api/admin-account.ts';
import { apiRequest } from '../../../lib/api.ts';

/* The owner's account (Account tab): password, sessions, two-step sign-in. Keys ['admin', resource]. */

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'sessions'],
    queryFn: () => apiRequest<AdminSession[]>('GET', '/api/admin/sessions'),
    staleTime: 0,
  });

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['admin', 'two-factor'],
    queryFn: () => apiRequest<TwoFactorStatus>('GET', '/api/admin/two-factor'),
  });

export const useSessions = () => useQuery(sessionsQuery());
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      apiRequest<{ signedOutSessions: number }>('POST', '/api/admin/password', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ revoked: number }>('POST', '/api/admin/sessions/revoke-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/admin/two-factor/setup'),
  });
}

export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/two-factor/enable', { code }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisable) =>
      apiRequest<TwoFactorStatus>('POST', '/api/admin/two-factor/disable', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}
