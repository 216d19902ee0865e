import type { ComponentProps } from 'react';
import { FormInput } from '../../../components/ui/form.tsx';

/**
 * A number the owner types (pounds to the penny, or whole days with `whole`), bound to a number of the form: a
 * phone shows its number pad, and an empty field reads as NaN, for the schema to say what to give.
 */
export function FormNumberInput({
  whole = false,
  ...props
}: Omit<ComponentProps<typeof FormInput>, 'type' | 'registerOptions'> & { whole?: boolean }) {
  return (
    <FormInput
      type="number"
      inputMode={whole ? 'numeric' : 'decimal'}
      min="0"
      step={whole ? '1' : '0.01'}
      registerOptions={{ valueAsNumber: true }}
      {...props}
    />
  );
}
