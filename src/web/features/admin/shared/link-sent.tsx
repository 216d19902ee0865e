import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

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
