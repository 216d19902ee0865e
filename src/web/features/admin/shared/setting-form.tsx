import type { ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Form, type FormProps, type FormSchema } from '../../../components/ui/form.tsx';
import type { Setting } from '../../../lib/mutation.ts';
import { type ToastInput, toastOutcome } from '../../../lib/toast.ts';
import { type AdminCardProps, ReadCard } from './card.tsx';

/**
 * The form of one of the owner's settings (`createSetting`): it sends what the schema gives to the setting's
 * save, then says so in a notification (`saved`, which may tell what the values mean), or why the save failed
 * (titled `failedTitle`, 'Error' unless given). `resetTo` gives the fields what the server stored, tidied.
 */
export function SettingForm<S extends FormSchema, A = unknown>({
  setting,
  saved,
  failedTitle,
  resetTo,
  ...form
}: Omit<FormProps<S>, 'onSubmit'> & {
  setting: { useSave(): { mutateAsync(values: z.output<S>): Promise<A> } };
  saved: ToastInput | ((values: z.output<S>) => ToastInput);
  failedTitle?: string;
  resetTo?(answer: A): DefaultValues<z.input<S>>;
}) {
  const save = setting.useSave();
  return (
    <Form<S>
      {...form}
      onSubmit={async (values: z.output<S>, methods) => {
        const outcome = await toastOutcome(
          save.mutateAsync(values),
          typeof saved === 'function' ? saved(values) : saved,
          { title: failedTitle },
        );
        if (outcome && resetTo) methods.reset(resetTo(outcome.answer));
      }}
    />
  );
}

/**
 * The card of one of the owner's settings (`createSetting`): its heading and sentence at once; once the setting
 * is read, what the card tells of it (`summary`), then its `SettingForm` filled from it by `toForm`.
 */
export function SettingCard<T, S extends FormSchema>({
  setting,
  what,
  summary,
  schema,
  toForm,
  saved,
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
  saved: ToastInput | ((values: z.output<S>) => ToastInput);
  formClassName?: string;
  children: FormProps<S>['children'];
}) {
  const read = setting.useRead();
  return (
    <ReadCard {...card} query={read} what={what}>
      {(current) => (
        <>
          {summary?.(current)}
          <SettingForm<S>
            schema={schema}
            defaultValues={toForm(current)}
            setting={setting}
            saved={saved}
            className={formClassName}
          >
            {children}
          </SettingForm>
        </>
      )}
    </ReadCard>
  );
}
