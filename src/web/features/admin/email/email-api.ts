import { useQuery } from '@tanstack/react-query';
import type {
  EmailStatus,
  EmailTestResult,
  MailServerSettings,
  SaveMailServer,
} from '../../../../domain/api/email.ts';
import type { GuestMessageSettings, TemplatePreview } from '../../../../domain/api/guest-journey.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery, bookingsQuery, goLiveQuery } from '../shared/queries.ts';

/* The Email tab's reads and writes, keyed ['admin', resource] (the scheme in lib/api.ts). */

/** The owner's answer from `GET /api/admin/email-status` (spec section 3). */
export const emailStatusQuery = () =>
  readQuery<EmailStatus>(['admin', 'email-status'], '/api/admin/email-status');

export const guestMessageSettingsQuery = () =>
  readQuery<GuestMessageSettings>(['admin', 'guest-messages'], '/api/admin/guest-messages');

export const emailTemplatesQuery = () =>
  readQuery<TemplatePreview[]>(['admin', 'email-templates'], '/api/admin/email-templates');

/** The mail server as the site uses it (decision 024); never the password, only whether one is stored. */
export const mailServerQuery = () =>
  readQuery<MailServerSettings>(['admin', 'mail-server'], '/api/admin/settings/mail-server');

export const useEmailStatus = () => useQuery(emailStatusQuery());
export const useMailServer = () => useQuery(mailServerQuery());

/** Checked by a login on the server before it is stored; the checklist's e-mail item may change. */
export const useSaveMailServer = () =>
  useChange({
    mutationFn: (form: SaveMailServer) =>
      apiRequest<MailServerSettings>('PUT', '/api/admin/settings/mail-server', form),
    onSuccess: (saved, _variables, queryClient) =>
      queryClient.setQueryData(mailServerQuery().queryKey, saved),
    stale: [emailStatusQuery().queryKey, goLiveQuery().queryKey, auditQuery().queryKey],
  });
export const useGuestMessageSettings = () => useQuery(guestMessageSettingsQuery());
export const useEmailTemplates = () => useQuery(emailTemplatesQuery());

export const useSetEmailPassword = () =>
  useChange({
    mutationFn: (password: string) => apiRequest('POST', '/api/admin/set-email-password', { password }),
    stale: [emailStatusQuery().queryKey],
  });

/** A message to the owner's own address; a success turns the checklist's e-mail item green. */
export const useSendTestEmail = () =>
  useChange({
    mutationFn: () => apiRequest<EmailTestResult>('POST', '/api/admin/email/test-message'),
    stale: [goLiveQuery().queryKey, auditQuery().queryKey],
  });

export const useSaveGuestMessageSettings = () =>
  useChange({
    mutationFn: (settings: GuestMessageSettings) =>
      apiRequest<GuestMessageSettings>('PUT', '/api/admin/guest-messages', settings),
    onSuccess: (saved, _variables, queryClient) =>
      queryClient.setQueryData(guestMessageSettingsQuery().queryKey, saved),
    // The default access code decides which stays are ready for their guests (the dashboard's Today).
    stale: [emailTemplatesQuery().queryKey, bookingsQuery().queryKey],
  });
