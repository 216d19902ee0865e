import { useQuery } from '@tanstack/react-query';
import type {
  AdminSession,
  ChangePassword,
  TwoFactorDisable,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../../domain/api/admin-account.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';

/* The owner's account (Account tab): password, sessions, two-step sign-in. Keys ['admin', resource]. */

export const sessionsQuery = () =>
  readQuery<AdminSession[]>(['admin', 'sessions'], '/api/admin/sessions', { staleTime: 0 });

export const twoFactorQuery = () =>
  readQuery<TwoFactorStatus>(['admin', 'two-factor'], '/api/admin/two-factor');

export const useSessions = () => useQuery(sessionsQuery());
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

export const useChangePassword = () =>
  useChange({
    mutationFn: (input: ChangePassword) =>
      apiRequest<{ signedOutSessions: number }>('POST', '/api/admin/password', input),
    stale: [sessionsQuery().queryKey],
  });

export const useRevokeOtherSessions = () =>
  useChange({
    mutationFn: () => apiRequest<{ revoked: number }>('POST', '/api/admin/sessions/revoke-others'),
    stale: [sessionsQuery().queryKey],
  });

export const useTwoFactorSetup = () =>
  useChange({
    mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/admin/two-factor/setup'),
    stale: [],
  });

export const useTwoFactorEnable = () =>
  useChange({
    mutationFn: (code: string) =>
      apiRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/two-factor/enable', { code }),
    stale: [twoFactorQuery().queryKey],
  });

export const useTwoFactorDisable = () =>
  useChange({
    mutationFn: (input: TwoFactorDisable) =>
      apiRequest<TwoFactorStatus>('POST', '/api/admin/two-factor/disable', input),
    stale: [twoFactorQuery().queryKey],
  });
