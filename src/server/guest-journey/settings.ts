import { type GuestMessageSettings, GuestMessageSettingsSchema } from '../../domain/api/guest-journey.ts';
import { settingWithDefaults } from '../settings/settings-store.ts';

/** The row of `settings` that holds the owner's guest message settings. */
export const GUEST_MESSAGES_SETTING = 'guest_messages';

/** Until the owner saves them: no instructions, no default code, no review link, no address on the page. */
export const DEFAULT_GUEST_MESSAGE_SETTINGS: GuestMessageSettings = {
  checkInInstructions: '',
  defaultAccessCode: '',
  reviewUrl: '',
  showAddress: false,
};

/** The owner's standing instructions, default access code, review link and whether guests see the address. */
const guestMessageSettings = settingWithDefaults(
  GUEST_MESSAGES_SETTING,
  GuestMessageSettingsSchema,
  DEFAULT_GUEST_MESSAGE_SETTINGS,
);
export const readGuestMessageSettings = guestMessageSettings.read;
export const saveGuestMessageSettings = guestMessageSettings.save;

/** The code the arrival e-mail gives for a stay: its own, else the owner's default ('' when neither is set). */
export const accessCodeFor = (
  stay: { accessCode: string | null },
  saved: Pick<GuestMessageSettings, 'defaultAccessCode'>,
) => stay.accessCode?.trim() || saved.defaultAccessCode;
