import type { ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Form, type FormMethods, type FormProps, type FormSchema } from '../../../components/ui/form.tsx';
import type { Setting } from '../../../lib/mutation.ts';
import { type ToastInput, toast, toastIfFailed } from '../../../lib/toast.ts';
import { type AdminCardProps, ReadCard } from './card.tsx';

/** What a setting's save says once it went through: fixed words, or words from the values sent and the answer. */
type Saved<S extends FormSchema, A> = ToastInput | ((values: z.output<S>, answer: A) => ToastInput);

/**
 * The form of one of the owner's settings (`createSetting`): it sends what the schema gives to the setting's
 * save, then says so in a notification (`saved`, which may tell what the values mean), or why the save failed
 * (titled `failedTitle`, 'Error' unless given). A setting the server checks before storing it (a login to the
 * mail server, Stripe's keys) is `refusedInForm`: the server's sentence of why stays under the form
 * (`FormAlert`) instead. `resetTo` gives the fields what the server stored, tidied.
 */
export function SettingForm<S extends FormSchema, A = unknown>({
  setting,
  saved,
  failedTitle,
  refusedInForm = false,
  resetTo,
  ...form
}: Omit<FormProps<S>, 'onSubmit'> & {
  setting: { useSave(): { mutateAsync(values: z.output<S>): Promise<A> } };
  saved: Saved<S, A>;
  failedTitle?: string;
  refusedInForm?: boolean;
  resetTo?(answer: A): DefaultValues<z.input<S>>;
}) {
  const save = setting.useSave();
  return (
    <Form<S>
      {...form}
      onSubmit={async (values: z.output<S>, methods) => {
        const request = save.mutateAsync(values);
        // Thrown, a refusal is the form's to show (`Form` puts it in its `FormAlert`).
        const outcome = refusedInForm
          ? { answer: await request }
          : await toastIfFailed(request, { title: failedTitle });
        if (!outcome) return;
        toast(typeof saved === 'function' ? saved(values, outcome.answer) : saved);
        if (resetTo) methods.reset(resetTo(outcome.answer));
      }}
    />
  );
}

/**
 * The card of one of the owner's settings (`createSetting`): its heading and sentence at once; once the setting
 * is read, what the card tells of it (`summary`), then its `SettingForm` filled from it by `toForm`, its fields
 * (`children`) given the form and the setting as read.
 */
export function SettingCard<T, S extends FormSchema>({
  setting,
  what,
  summary,
  schema,
  toForm,
  saved,
  refusedInForm,
  formClassName = 'mt-4 space-y-4',
  children,
  ...card
}: Omit<AdminCardProps, 'children'> & {
  setting: Setting<T, z.output<S>>;
  /** What is read, in the owner's words: 'the follow-ups'. */
  what: string;
  summary?(setting: T): ReactNode;
  schema: S;
  toForm(setting: T): DefaultValues<z.input<S>>;
  saved: Saved<S, T>;
  refusedInForm?: boolean;
  formClassName?: string;
  children: ReactNode | ((form: FormMethods<S>, setting: T) => ReactNode);
}) {
  const read = setting.useRead();
  return (
    <ReadCard {...card} query={read} what={what}>
      {(current) => (
        <>
          {summary?.(current)}
          <SettingForm<S, T>
            schema={schema}
            defaultValues={toForm(current)}
            setting={setting}
            saved={saved}
            refusedInForm={refusedInForm}
            className={formClassName}
          >
            {typeof children === 'function' ? (form) => children(form, current) : children}
          </SettingForm>
        </>
      )}
    </ReadCard>
  );
}
