import { type ReactNode, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import {
  Form,
  FormAlert,
  type FormMethods,
  type FormSchema,
  submitErrorMessage,
} from '../../../components/ui/form.tsx';
import { toast } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { usePlanChange } from './prices-api.ts';

/** 'promo code' → 'Promo Code', for the toasts' titles. */
const titleCase = (words: string) => words.replace(/\b\w/g, (letter) => letter.toUpperCase());

export type PlanListSectionProps<Item, S extends FormSchema> = {
  id: string;
  title: string;
  intro: string;
  /** Said while the list is empty. */
  empty: string;
  /** What one item is called: 'season' gives 'Add season', 'Save season', 'Season Added', 'Edit season'. */
  noun: string;
  items: readonly Item[];
  keyOf(item: Item): string;
  summary(item: Item): ReactNode;
  /** The item in the names of its Edit and Delete buttons: 'Edit promo code GOLF20'. */
  label(item: Item): string;
  /** The item in the deletion toast: '<The season Golf week> was deleted.' */
  deletedName(item: Item): string;
  /** Where the list lives (POST) and, with a key, one item (PUT, DELETE). */
  url(key?: string): string;
  /** Reads the form's text into the item the API takes (the domain's schema checks it). */
  schema: S;
  blank: DefaultValues<z.input<S>>;
  /** The form's text for an item chosen with Edit. */
  valuesOf(item: Item): DefaultValues<z.input<S>>;
  fields: ReactNode | ((methods: FormMethods<S>) => ReactNode);
};

/**
 * One list of the Prices tab (seasons, date overrides, length-of-stay discounts, promo codes): the items with
 * Edit and Delete, and one form that adds an item, or edits the one chosen with Edit. Delete acts at once.
 */
export function PlanListSection<Item, S extends FormSchema>(props: PlanListSectionProps<Item, S>) {
  const change = usePlanChange();
  const [editing, setEditing] = useState<string | null>(null);
  // A new form each time one is started (Edit, Cancel, a save), with that item's text or blank.
  const [formKey, setFormKey] = useState(0);
  const startForm = (key: string | null) => {
    setEditing(key);
    setFormKey((current) => current + 1);
  };
  const edited = editing === null ? undefined : props.items.find((item) => props.keyOf(item) === editing);

  async function onDelete(item: Item) {
    try {
      await change.mutateAsync({ method: 'DELETE', url: props.url(props.keyOf(item)) });
      toast({ title: 'Deleted', description: `${props.deletedName(item)} was deleted.` });
    } catch (error) {
      // A refusal (a promo code already used by a booking) is said in a toast.
      toast({ title: 'Not Deleted', description: submitErrorMessage(error), variant: 'destructive' });
    }
  }

  async function onSubmit(body: unknown) {
    await change.mutateAsync(
      editing === null
        ? { method: 'POST', url: props.url(), body }
        : { method: 'PUT', url: props.url(editing), body },
    );
    toast({ title: `${titleCase(props.noun)} ${editing === null ? 'Added' : 'Saved'}` });
    startForm(null);
  }

  return (
    <AdminCard headingId={`${props.id}-heading`} title={props.title} intro={props.intro}>
      {props.items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{props.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 border-stone-200 border-y" aria-label={props.title}>
          {props.items.map((item) => (
            <li
              key={props.keyOf(item)}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span>{props.summary(item)}</span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => startForm(props.keyOf(item))}
                  aria-label={`Edit ${props.label(item)}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="danger-outline"
                  onClick={() => onDelete(item)}
                  aria-label={`Delete ${props.label(item)}`}
                >
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form
        key={formKey}
        schema={props.schema}
        defaultValues={edited ? props.valuesOf(edited) : props.blank}
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        aria-label={`${editing !== null ? 'Edit' : 'Add'} ${props.noun}`}
      >
        {(methods) => (
          <>
            {typeof props.fields === 'function' ? props.fields(methods) : props.fields}
            <FormAlert className="text-red-800 text-sm sm:col-span-2" />
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={methods.formState.isSubmitting}>
                {methods.formState.isSubmitting
                  ? 'Saving...'
                  : `${editing !== null ? 'Save' : 'Add'} ${props.noun}`}
              </Button>
              {editing !== null ? (
                <Button type="button" variant="secondary" onClick={() => startForm(null)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </>
        )}
      </Form>
    </AdminCard>
  );
}
