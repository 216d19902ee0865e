import { Field } from '../../../components/ui/field.tsx';
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
  label: string;
  value: string;
  variable: string;
}) {
  return (
    <Field label={label} hint={`Set by the server’s environment (${variable}), which wins over this form.`}>
      <Input readOnly value={value} />
    </Field>
  );
}
