import type { ComponentProps } from 'react';
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

export function Select({ compact, className, ...props }: ComponentProps<'select'> & ControlStyle) {
  const wiring = useFieldControl(props);
  return <select {...props} {...wiring} className={controlClass({ compact, className })} />;
}

export function Textarea({ compact, className, ...props }: ComponentProps<'textarea'> & ControlStyle) {
  const wiring = useFieldControl(props);
  return <textarea {...props} {...wiring} className={controlClass({ compact, className })} />;
}
