import type { ComponentProps, ReactNode } from 'react';
import { useFieldControl } from './field.tsx';

/** The look of every text box, drop-down and text area; an invalid one (`aria-invalid`) has a red border. */
const CONTROL =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-700';

type ControlStyle = {
  /** Small type, for a control among small text (the calendar-sync screen, the booking card). */
  compact?: boolean | undefined;
  className?: string | undefined;
};

export function controlClass({ compact = false, className }: ControlStyle = {}): string {
  return [CONTROL, compact ? 'text-sm' : null, className].filter(Boolean).join(' ');
}

/** A text box; inside a `Field` it takes the field's id, description and validity. */
export function Input({ compact, className, ...props }: ComponentProps<'input'> & ControlStyle) {
  const wiring = useFieldControl(props);
  return <input {...props} {...wiring} className={controlClass({ compact, className })} />;
}

/** A drop-down's choices given as values rather than written out as `<option>`s. */
export type SelectChoices<V extends string | number> = {
  /** The values to choose from, in order; written options (`children`) follow them. */
  options?: readonly V[] | undefined;
  /** What each value is called on screen: a table of labels, or a function; without it, the value itself. */
  labels?: Readonly<Record<V, ReactNode>> | ((value: V) => ReactNode) | undefined;
  /** A first choice with no value ('Choose a reason'), for a drop-down nothing is chosen in yet. */
  placeholder?: string | undefined;
};

function labelOf<V extends string | number>(labels: SelectChoices<V>['labels'], value: V): ReactNode {
  if (labels === undefined) return value;
  return typeof labels === 'function' ? labels(value) : labels[value];
}

/** A drop-down; its choices are `options` with their `labels`, or written out as children. */
export function Select<V extends string | number>({
  compact,
  className,
  options,
  labels,
  placeholder,
  children,
  ...props
}: ComponentProps<'select'> & ControlStyle & SelectChoices<V>) {
  const wiring = useFieldControl(props);
  return (
    <select {...props} {...wiring} className={controlClass({ compact, className })}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options?.map((value) => (
        <option key={value} value={value}>
          {labelOf(labels, value)}
        </option>
      ))}
      {children}
    </select>
  );
}

export function Textarea({ compact, className, ...props }: ComponentProps<'textarea'> & ControlStyle) {
  const wiring = useFieldControl(props);
  return <textarea {...props} {...wiring} className={controlClass({ compact, className })} />;
}
