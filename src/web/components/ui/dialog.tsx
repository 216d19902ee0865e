import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The site's dialog on Radix Dialog: focus moves in and is kept there, Escape and a click outside close it
 * (unless `onOpenChange` refuses), focus returns to what opened it. Compose it as Radix's:
 * `<Dialog open onOpenChange><DialogContent><DialogTitle/><DialogDescription/>…<DialogClose asChild>…`.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const OVERLAY = {
  base: 'fixed inset-0 z-50 bg-black/50',
  /** Over another dialog (the demo card's authentication step over the payment dialog). */
  stacked: 'fixed inset-0 z-[60] bg-black/60',
} as const;

const LAYER = { base: 'z-50', stacked: 'z-[60]' } as const;
const WIDTH = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg' } as const;

const CONTENT =
  'fixed top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl';

type ContentProps = ComponentProps<typeof RadixDialog.Content> & {
  width?: keyof typeof WIDTH;
  layer?: keyof typeof OVERLAY;
};

/** The dimmed overlay and the centred panel, in a portal. */
export function DialogContent({ width = 'md', layer = 'base', className, ...props }: ContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={OVERLAY[layer]} />
      <RadixDialog.Content
        className={[CONTENT, LAYER[layer], WIDTH[width], className].filter(Boolean).join(' ')}
        {...props}
      />
    </RadixDialog.Portal>
  );
}

/** `lg` for the guest's main dialog (Complete Payment); `md` for the rest. */
type TextSize = { size?: 'md' | 'lg' };

export function DialogTitle({
  size = 'md',
  className,
  ...props
}: ComponentProps<typeof RadixDialog.Title> & TextSize) {
  const look = size === 'lg' ? 'font-serif text-2xl' : 'font-serif text-xl';
  return <RadixDialog.Title className={[look, className].filter(Boolean).join(' ')} {...props} />;
}

export function DialogDescription({
  size = 'md',
  className,
  ...props
}: ComponentProps<typeof RadixDialog.Description> & TextSize) {
  const look = size === 'lg' ? 'mt-1 text-stone-700' : 'mt-1 text-sm text-stone-700';
  return <RadixDialog.Description className={[look, className].filter(Boolean).join(' ')} {...props} />;
}

/** A form dialog's buttons: one that closes it and changes nothing, and the form's submit with its pending words. */
export function DialogFormActions(props: {
  closeLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  className?: string;
}) {
  return (
    <div
      className={['flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', props.className]
        .filter(Boolean)
        .join(' ')}
    >
      <DialogClose asChild>
        <Button variant="secondary">{props.closeLabel}</Button>
      </DialogClose>
      <Button type="submit" disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.submitLabel}
      </Button>
    </div>
  );
}

type ConfirmationDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** The sentence under the title, read out when the dialog opens. */
  description?: ReactNode;
  /** What the owner or guest should know before choosing (a refund, a warning). */
  children?: ReactNode;
  /** The button that closes the dialog and changes nothing ('Keep Booking'). */
  keepLabel: string;
  confirmLabel: string;
  /** Said on the confirming button while its request runs ('Cancelling...'). */
  pendingLabel?: string;
  pending?: boolean;
  /** The confirming button waits (for a refund to be worked out, say). */
  confirmDisabled?: boolean;
  /** Both buttons wait, for a request that must not be left midway. */
  locked?: boolean;
  variant?: 'primary' | 'danger';
  onConfirm(): void;
};

/** A question before a step that cannot be taken back: what it does, then Keep and the step itself. */
export function ConfirmationDialog(props: ConfirmationDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>{props.title}</DialogTitle>
        {props.description ? <DialogDescription>{props.description}</DialogDescription> : null}
        {props.children}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={props.locked}>
              {props.keepLabel}
            </Button>
          </DialogClose>
          <Button
            variant={props.variant ?? 'danger'}
            disabled={props.pending || props.confirmDisabled || props.locked}
            onClick={props.onConfirm}
          >
            {props.pending && props.pendingLabel ? props.pendingLabel : props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog that shows one thing while it is chosen (a stay, a day of the calendar): its title and sentence, what
 * it holds, and at its foot any `actions` before Close. Closing it calls `onClose`, which unchooses the thing.
 */
export function ViewDialog(props: {
  open: boolean;
  onClose(): void;
  width?: ContentProps['width'];
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent width={props.width}>
        <DialogTitle>{props.title}</DialogTitle>
        {props.description ? <DialogDescription>{props.description}</DialogDescription> : null}
        {props.children}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          {props.actions}
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
