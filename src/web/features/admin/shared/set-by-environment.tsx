import type { ComponentProps, ReactNode } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';

/**
 * A setting the server's environment sets, shown read-only in place of the form's field: the environment wins
 * over what the admin saves (docs/decisions/024-settings-in-the-admin.md).
 */
export function SetByEnvironment({
  label,
  value,
  variable,
}: {
  label: ReactNode;
  value: string;
  variable: string;
}) {
  return (
    <Field label={label} hint={`Set by the server’s environment (${variable}), which wins over this form.`}>
      <Input readOnly value={value} />
    </Field>
  );
}

/**
 * A setting's field in the form; where the server's environment sets it (`setBy` names the variable), the value
 * it sets instead, read-only (`SetByEnvironment`).
 */
export function SettingField({
  setBy,
  shown,
  ...field
}: ComponentProps<typeof FormField> & {
  setBy: string | null;
  /** The value the environment sets, as shown. */
  shown: string;
}) {
  return setBy === null ? (
    <FormField {...field} />
  ) : (
    <SetByEnvironment label={field.label} variable={setBy} value={shown} />
  );
}
