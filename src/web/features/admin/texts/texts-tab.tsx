import { type FormEvent, useState } from 'react';
import {
  CAPTION_TEXT_MAX,
  CAPTION_TITLE_MAX,
  type OwnerTextsRecord,
  OwnerTextsSchema,
} from '../../../../domain/owner-texts.ts';
import {
  FeatureCaption,
  OwnerParagraphs,
  UniquePointsGrid,
} from '../../../components/content/owner-texts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { useOwnerTexts, useResetOwnerTexts, useSaveOwnerTexts } from './texts-api.ts';

/** The form keeps each group of paragraphs as one text: paragraphs are separated by an empty line. */
type Form = Omit<OwnerTextsRecord, 'experience' | 'about'> & { experience: string; about: string };

const joinParagraphs = (paragraphs: readonly string[]) => paragraphs.join('\n\n');
const splitParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

const toForm = (texts: OwnerTextsRecord): Form => ({
  ...texts,
  experience: joinParagraphs(texts.experience),
  about: joinParagraphs(texts.about),
});
const toTexts = (form: Form): OwnerTextsRecord => ({
  ...form,
  experience: splitParagraphs(form.experience),
  about: splitParagraphs(form.about),
});

/**
 * The Texts tab: the home page's 'The Tower Experience', the contact page's 'About The Tower', and the captions
 * of the features and of 'What Makes The Tower Unique', with a preview in the pages' own markup.
 */
export function TextsTab() {
  const texts = useOwnerTexts();
  if (texts.isPending) return <p className="text-sm text-stone-600">Loading the texts…</p>;
  if (texts.isError)
    return <p className="text-red-800 text-sm">Could not load the texts: {texts.error.message}</p>;
  // A new form when the stored texts change (after a reset), so the fields show them.
  return <TextsForm key={JSON.stringify(texts.data)} texts={texts.data} />;
}

function TextsForm({ texts }: { texts: OwnerTextsRecord }) {
  const [form, setForm] = useState<Form>(() => toForm(texts));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveOwnerTexts();
  const reset = useResetOwnerTexts();
  const [confirmReset, setConfirmReset] = useState(false);
  const preview = toTexts(form);

  const setFeature = (index: number, change: Partial<OwnerTextsRecord['features'][number]>) =>
    setForm((old) => ({
      ...old,
      features: old.features.map((feature, at) => (at === index ? { ...feature, ...change } : feature)),
    }));
  const setPoint = (index: number, change: Partial<OwnerTextsRecord['uniquePoints'][number]>) =>
    setForm((old) => ({
      ...old,
      uniquePoints: old.uniquePoints.map((point, at) => (at === index ? { ...point, ...change } : point)),
    }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toTexts(form);
    const parsed = OwnerTextsSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [group, index, field] = issue.path.map(String);
        const key = group === 'experience' || group === 'about' ? group : [group, index, field].join('.');
        found[key] ??= issue.message;
      }
      setErrors(found);
      toast({ title: 'Check the texts', description: Object.values(found)[0], variant: 'destructive' });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(input);
      toast({ title: 'Texts Saved', description: 'The public pages show the new texts in a moment.' });
    } catch (error) {
      toast({ title: 'Save Failed', description: (error as Error).message, variant: 'destructive' });
    }
  }

  async function onReset() {
    setConfirmReset(false);
    try {
      await reset.mutateAsync();
      toast({ title: 'Texts Reset', description: 'The original texts are back.' });
    } catch (error) {
      toast({ title: 'Reset Failed', description: (error as Error).message, variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={onSubmit} className="grid gap-6" aria-label="Texts" noValidate>
        <section className={cardClass} aria-labelledby="paragraphs-heading">
          <h2 id="paragraphs-heading" className="font-serif text-xl">
            Paragraphs
          </h2>
          <p className="mt-1 text-sm text-stone-600">Leave an empty line between paragraphs.</p>
          <Field
            label="The Tower Experience (home page)"
            id="text-experience"
            className="mt-4"
            error={errors.experience}
          >
            <Textarea
              rows={10}
              value={form.experience}
              onChange={(e) => setForm({ ...form, experience: e.target.value })}
            />
          </Field>
          <Field label="About The Tower (contact page)" id="text-about" className="mt-4" error={errors.about}>
            <Textarea
              rows={6}
              value={form.about}
              onChange={(e) => setForm({ ...form, about: e.target.value })}
            />
          </Field>
        </section>

        <section className={cardClass} aria-labelledby="features-captions-heading">
          <h2 id="features-captions-heading" className="font-serif text-xl">
            Unique Features
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            The caption under each photo or clip of the home page.
          </p>
          {form.features.map((feature, index) => (
            <fieldset key={feature.id} className="mt-4 grid gap-3 border-stone-100 border-t pt-4">
              <legend className="sr-only">Feature {index + 1}</legend>
              <Field label={`Feature ${index + 1} title`} error={errors[`features.${index}.title`]}>
                <Input
                  value={feature.title}
                  maxLength={CAPTION_TITLE_MAX}
                  onChange={(e) => setFeature(index, { title: e.target.value })}
                />
              </Field>
              <Field label={`Feature ${index + 1} text`} error={errors[`features.${index}.text`]}>
                <Textarea
                  rows={2}
                  maxLength={CAPTION_TEXT_MAX}
                  value={feature.text}
                  onChange={(e) => setFeature(index, { text: e.target.value })}
                />
              </Field>
            </fieldset>
          ))}
        </section>

        <section className={cardClass} aria-labelledby="unique-captions-heading">
          <h2 id="unique-captions-heading" className="font-serif text-xl">
            What Makes The Tower Unique
          </h2>
          {form.uniquePoints.map((point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the eight points are fixed places of the grid
            <fieldset key={index} className="mt-4 grid gap-3 border-stone-100 border-t pt-4">
              <legend className="sr-only">Point {index + 1}</legend>
              <Field label={`Point ${index + 1} title`} error={errors[`uniquePoints.${index}.title`]}>
                <Input
                  value={point.title}
                  maxLength={CAPTION_TITLE_MAX}
                  onChange={(e) => setPoint(index, { title: e.target.value })}
                />
              </Field>
              <Field label={`Point ${index + 1} text`} error={errors[`uniquePoints.${index}.text`]}>
                <Textarea
                  rows={2}
                  maxLength={CAPTION_TEXT_MAX}
                  value={point.text}
                  onChange={(e) => setPoint(index, { text: e.target.value })}
                />
              </Field>
            </fieldset>
          ))}
        </section>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Texts'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={reset.isPending}>
            Restore the original texts
          </Button>
        </div>
        <Dialog open={confirmReset} onOpenChange={setConfirmReset}>
          <DialogContent>
            <DialogTitle>Restore the original texts?</DialogTitle>
            <DialogDescription>
              Every text of this tab goes back to the site’s original copy, on the public pages too.
            </DialogDescription>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary">Keep My Texts</Button>
              </DialogClose>
              <Button variant="danger" onClick={onReset}>
                Restore Originals
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </form>

      <section aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="font-serif text-xl">
          Preview
        </h2>
        <p className="mt-1 text-sm text-stone-600">As the pages show it; nothing is public until you save.</p>
        <div className="mt-4 rounded-xl border border-stone-200 bg-stone-50 p-6">
          <h3 className="font-serif text-3xl">The Tower Experience</h3>
          <OwnerParagraphs paragraphs={preview.experience} />
          <h3 className="mt-10 font-serif text-3xl">Unique Features</h3>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {preview.features.map((feature) => (
              <li key={feature.id} className="overflow-hidden rounded-xl border border-stone-200 bg-white">
                <FeatureCaption title={feature.title} text={feature.text} />
              </li>
            ))}
          </ul>
          <h3 className="mt-10 font-serif text-3xl">What Makes The Tower Unique</h3>
          <UniquePointsGrid points={preview.uniquePoints} />
          <h3 className="mt-10 font-serif text-3xl">About The Tower</h3>
          <OwnerParagraphs paragraphs={preview.about} />
        </div>
      </section>
    </div>
  );
}
