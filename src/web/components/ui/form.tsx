import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { z } from 'zod';
import { ApiRequestError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from './button.tsx';
import { Field } from './field.tsx';
import { Input, Select, Textarea } from './input.tsx';

/**
 * One way to write a form (the manner of Bulletproof React's `components/ui/form`): react-hook-form keeps the
 * values, a zod schema checks them (the domain's own schemas, so the browser says what the server would), and
 * the fields are bound by name. A schema may read the text the owner typed ('225.50') and give what the API
 * takes (22550 pence): `onSubmit` receives the schema's output. A field's error sits under it, wired for
 * assistive technology by `Field`; what the request itself answered sits in `FormAlert`.
 */

/** A schema whose input is the form's values (what the fields hold) and whose output is what is sent. */
// biome-ignore lint/suspicious/noExplicitAny: any output is allowed; only the input must be field values
export type FormSchema = z.ZodType<any, FieldValues>;

export type FormMethods<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** The key of the error a failed submit leaves, shown by `FormAlert`. */
const SUBMIT_ERROR = 'root.submit';

export type FormProps<S extends FormSchema> = Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'onInvalid' | 'children'
> & {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Runs once the schema accepts the values; what it throws is shown in the form's `FormAlert`. */
  onSubmit(values: z.output<S>, methods: FormMethods<S>): unknown;
  /** Runs when the schema refuses the values, after each field shows its message. */
  onInvalid?(errors: FieldErrors<z.input<S>>): void;
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'>;
  children: ReactNode | ((methods: FormMethods<S>) => ReactNode);
};

export function Form<S extends FormSchema>({
  schema,
  defaultValues,
  onSubmit,
  onInvalid,
  options,
  children,
  ...formProps
}: FormProps<S>) {
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    defaultValues,
    resolver: zodResolver(schema),
  });
  const submit = methods.handleSubmit(async (values) => {
    try {
      await onSubmit(values, methods);
    } catch (error) {
      methods.setError(SUBMIT_ERROR, { message: submitErrorMessage(error) });
    }
  }, onInvalid);
  return (
    <FormProvider {...methods}>
      <form noValidate {...formProps} onSubmit={submit}>
        {typeof children === 'function' ? children(methods) : children}
      </form>
    </FormProvider>
  );
}

/** The sentence of a refusal: the server's own (`message` of its JSON), else a request that did not get through. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError)
    return typeof error.body?.message === 'string' ? error.body.message : error.message;
  return 'The change could not be saved. Please try again.';
}

function errorMessageAt(errors: FieldValues, name: string): string | undefined {
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const FieldNameContext = createContext<string | null>(null);

type FormFieldProps = Omit<ComponentProps<typeof Field>, 'error'> & { name: string };

/**
 * A `Field` bound to the form's value `name`: the control inside (`FormInput`, `FormSelect`, `FormTextarea`)
 * registers under that name, and the schema's message for it is the field's error.
 */
export function FormField({ name, ...field }: FormFieldProps) {
  const { errors } = useFormState({ name });
  const message = errorMessageAt(errors, name);
  return (
    <FieldNameContext.Provider value={name}>
      <Field {...field} error={message} />
    </FieldNameContext.Provider>
  );
}

/** The name a control registers under: its own, else its `FormField`'s. */
function useRegister(name: string | undefined, options?: RegisterOptions) {
  const fieldName = useContext(FieldNameContext);
  const bound = name ?? fieldName;
  if (!bound) throw new Error('A form control needs a name, or a FormField around it');
  return useFormContext().register(bound, options);
}

type Bound = { name?: string; registerOptions?: RegisterOptions };

export function FormInput({ name, registerOptions, ...props }: ComponentProps<typeof Input> & Bound) {
  return <Input {...props} {...useRegister(name, registerOptions)} />;
}

/** A drop-down bound to its value; its choices are `options` with their `labels` (as `Select`), or children. */
export function FormSelect<V extends string | number>({
  name,
  registerOptions,
  ...props
}: ComponentProps<typeof Select<V>> & Bound) {
  return <Select {...props} {...useRegister(name, registerOptions)} />;
}

export function FormTextarea({ name, registerOptions, ...props }: ComponentProps<typeof Textarea> & Bound) {
  return <Textarea {...props} {...useRegister(name, registerOptions)} />;
}

/** A check box with its label around it, bound to a true/false value. */
export function FormCheckbox({
  name,
  children,
  className,
  inputClassName,
}: {
  name: string;
  children: ReactNode;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <label className={className}>
      <input type="checkbox" className={inputClassName} {...useRegister(name)} />
      {children}
    </label>
  );
}

/**
 * The form's submit button: disabled while the submit runs (its request included), saying `pendingLabel` then
 * when one is given.
 */
export function FormSubmit({
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'> & { pendingLabel?: ReactNode }) {
  const { isSubmitting } = useFormState();
  return (
    <Button {...props} type="submit" disabled={isSubmitting || disabled}>
      {isSubmitting && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

/** What the last submit's request answered when it failed: one sentence, announced. */
export function FormAlert({ className }: { className?: string }) {
  const { errors } = useFormState();
  const message = errorMessageAt(errors, SUBMIT_ERROR);
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null;
}

/** The schema's output for values, or null while they do not pass (for a live preview of unsaved values). */
export function parsedOrNull<S extends FormSchema>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  return result.success ? result.data : null;
}

type Path = PropertyKey[];

/**
 * Reads `input` with `schema` inside a transform, each problem reported at `where` of the form (a path, or a
 * path worked out from the problem's own; by default its own).
 */
export function readAt<T, I>(
  schema: z.ZodType<T, I>,
  input: I,
  context: z.RefinementCtx,
  where: Path | ((path: Path) => Path) = (path) => path,
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    context.addIssue({
      code: 'custom',
      message: issue.message,
      path: typeof where === 'function' ? where(issue.path) : where,
      input,
    });
  return z.NEVER;
}

/** The first message among a form's errors, in the order of its fields (for a toast that sums them up). */
export function firstErrorMessage(errors: FieldValues): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string') return error.message;
    if (error && typeof error === 'object') {
      const inner = firstErrorMessage(error as FieldValues);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** An `onInvalid` for a long form: a notification titled `title` with the first problem, beside each field's own. */
export function toastFirstError(title: string) {
  return (errors: FieldValues) => {
    toast({ title, description: firstErrorMessage(errors), variant: 'destructive' });
  };
}
