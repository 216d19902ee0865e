import { createContext, type ReactNode, useContext, useId } from 'react';

type FieldContextValue = { id: string; describedBy: string | undefined; invalid: boolean };

const FieldContext = createContext<FieldContextValue | null>(null);

/** The look of a field's label, for the rare label outside a `Field` (a legend, a read-only row). */
export const LABEL_CLASS = 'mb-1 block font-medium text-sm text-stone-800';

type FieldProps = {
  label: ReactNode;
  /** The control's id (and the stem of its hint's and error's ids); generated when not given. */
  id?: string | undefined;
  /** Shown under the control, and the control is marked invalid, while there is one. */
  error?: string | undefined;
  /** A sentence under the control that helps fill it in. */
  hint?: ReactNode;
  className?: string | undefined;
  /** The control (`Input`, `Select`, `Textarea`), possibly with more around it (a Copy button, a status). */
  children: ReactNode;
};

/**
 * A labelled form control with its hint and error message. The control inside reads its id,
 * `aria-describedby` (hint, then error) and `aria-invalid` from here, so the wiring is written once.
 */
export function Field({ label, id, error, hint, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={LABEL_CLASS}>
        {label}
      </label>
      <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error) }}>
        {children}
      </FieldContext.Provider>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-red-800 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type ControlAria = {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined;
};

/**
 * The id and ARIA attributes of a control inside a `Field`, merged with the control's own: its own id and
 * `aria-invalid` win, its own `aria-describedby` is added after the field's. Outside a `Field`: its own.
 */
export function useFieldControl(props: ControlAria): ControlAria {
  const field = useContext(FieldContext);
  if (!field) {
    return {
      id: props.id,
      'aria-describedby': props['aria-describedby'],
      'aria-invalid': props['aria-invalid'],
    };
  }
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ');
  return {
    id: props.id ?? field.id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
  };
}
