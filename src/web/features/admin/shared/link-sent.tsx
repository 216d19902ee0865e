import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/**
 * A dialog whose form makes the guest a link (a quote to pay, a booking's checkout): the form until the link is
 * made, then `made` (a `LinkSentPanel`). Closed, it calls `onClosed` to forget the link, so it opens on the form.
 */
export function LinkFormDialog({
  trigger,
  title,
  description,
  made,
  onClosed,
  children,
}: {
  /** The button that opens it. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  made: ReactNode;
  onClosed(): void;
  /** The form. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent width="lg">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {made ?? children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * What a dialog shows once it has made the guest a link (a quote to pay, a booking's checkout): what was done,
 * the link to read or copy, and Done, which closes the dialog.
 */
export function LinkSentPanel({
  id,
  label,
  url,
  action,
  children,
}: {
  /** The link box's id. */
  id: string;
  label: string;
  url: string;
  /** Beside the link (a Copy button). */
  action?: ReactNode;
  /** Above the link: what was done, in a sentence. */
  children: ReactNode;
}) {
  const link = <Input readOnly value={url} />;
  return (
    <div className="mt-6">
      {children}
      <Field label={label} id={id}>
        {action ? (
          <div className="flex gap-2">
            {link}
            {action}
          </div>
        ) : (
          link
        )}
      </Field>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}
