import { useQuery } from '@tanstack/react-query';
import type {
  EmailStatus,
  EmailTestResult,
  MailServerSettings,
  SaveMailServer,
} from '../../../../domain/api/email.ts';
import type { GuestMessageSettings, TemplatePreview } from '../../../../domain/api/guest-journey.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { createSetting, useChange } from '../../../lib/mutation.ts';
import { auditQuery, bookingsQuery, goLiveQuery } from '../shared/queries.ts';

/* The Email tab's reads and writes, keyed ['admin', resource] (the scheme in lib/api.ts). */

/** The owner's answer from `GET /api/admin/email-status` (spec section 3). */
export const emailStatusQuery = () =>
  readQuery<EmailStatus>(['admin', 'email-status'], '/api/admin/email-status');

/**
 * The guest messages: a save changes the e-mail previews, and the bookings list too, as the default access code
 * decides which stays are ready for their guests (the dashboard's Today).
 */
export const guestMessages = createSetting<GuestMessageSettings>(
  ['admin', 'guest-messages'],
  '/api/admin/guest-messages',
  () => [emailTemplatesQuery().queryKey, bookingsQuery().queryKey],
);

export const emailTemplatesQuery = () =>
  readQuery<TemplatePreview[]>(['admin', 'email-templates'], '/api/admin/email-templates');

/**
 * The mail server as the site uses it (decision 024); never the password, only whether one is stored. Checked by
 * a login on the server before it is stored; the checklist's e-mail item may change.
 */
export const mailServer = createSetting<MailServerSettings, SaveMailServer>(
  ['admin', 'mail-server'],
  '/api/admin/settings/mail-server',
  () => [emailStatusQuery().queryKey, goLiveQuery().queryKey, auditQuery().queryKey],
);

export const useEmailStatus = () => useQuery(emailStatusQuery());
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
