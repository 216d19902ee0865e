import { type ToastInput, toast } from './toast.ts';

/**
 * Puts `text` on the clipboard and says so in a notification; where the browser refuses (no permission, an
 * insecure page), says `failed` instead, so the person can copy it by hand. True when it was copied.
 */
export async function copyToClipboard(
  text: string,
  copied: ToastInput,
  failed: ToastInput,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied);
    return true;
  } catch {
    toast(failed);
    return false;
  }
}
