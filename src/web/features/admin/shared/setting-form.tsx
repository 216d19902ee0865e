import type { z } from 'zod';
import { Form, type FormProps, type FormSchema } from '../../../components/ui/form.tsx';
import { type ToastInput, toastOutcome } from '../../../lib/toast.ts';

/**
 * The form of one of the owner's settings: it sends what the schema gives to the setting's save, then says so
 * in a notification (`saved`, which may tell what the values mean), or why the save failed.
 */
export function SettingForm<S extends FormSchema>({
  save,
  saved,
  ...form
}: Omit<FormProps<S>, 'onSubmit'> & {
  save: { mutateAsync(values: z.output<S>): Promise<unknown> };
  saved: ToastInput | ((values: z.output<S>) => ToastInput);
}) {
  return (
    <Form<S>
      {...form}
      onSubmit={(values: z.output<S>) =>
        toastOutcome(save.mutateAsync(values), typeof saved === 'function' ? saved(values) : saved)
      }
    />
  );
}
