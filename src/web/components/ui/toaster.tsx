import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismissToast, useToasts } from '../../lib/toast.ts';

/**
 * The notification area of the app shell (swipe right past 50 px, F8 to focus). Each notification closes after
 * its 5 s by the store's own timer (src/web/lib/toast.ts), so Radix's is off (an infinite duration).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={Number.POSITIVE_INFINITY} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[state=closed]:animate-out data-[swipe=end]:translate-x-full ${
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-stone-200 bg-white text-stone-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold text-sm">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded p-1 text-current opacity-70 hover:opacity-100 focus:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* On a phone the message sits at the top, just under the header (h-16): never over the header and its
          menu button, nor over the form or button lower down that raised it; from the small breakpoint on it
          sits at the bottom right, beside the content. The area itself lets taps through: only a message
          takes them. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed top-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
