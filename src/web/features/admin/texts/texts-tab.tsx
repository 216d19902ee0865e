import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
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
import { ConfirmationDialog } from '../../../components/ui/dialog.tsx';
import {
  FormField,
  FormInput,
  FormSubmit,
  FormTextarea,
  readAt,
  toastFirstError,
} from '../../../components/ui/form.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { SettingForm } from '../shared/setting-form.tsx';
import { WhenRead } from '../shared/when-read.tsx';
import { ownerTexts, useResetOwnerTexts } from './texts-api.ts';

/** The form keeps each group of paragraphs as one text: paragraphs are separated by an empty line. */
type TextsText = Omit<OwnerTextsRecord, 'experience' | 'about'> & { experience: string; about: string };

const joinParagraphs = (paragraphs: readonly string[]) => paragraphs.join('\n\n');
const splitParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

const toForm = (texts: OwnerTextsRecord): TextsText => ({
  ...texts,
  experience: joinParagraphs(texts.experience),
  about: joinParagraphs(texts.about),
});
const toTexts = (form: TextsText): OwnerTextsRecord => ({
  ...form,
  experience: splitParagraphs(form.experience),
  about: splitParagraphs(form.about),
});

const Caption = z.object({ title: z.string(), text: z.string() });

/** The texts as typed, checked by the server's own schema: a group's message under its box, a caption's under it. */
const TextsForm = z
  .object({
    experience: z.string(),
    about: z.string(),
    features: z.array(Caption.extend({ id: z.string() })),
    uniquePoints: z.array(Caption),
  })
  .transform((form, context) => {
    const texts = toTexts(form);
    readAt(OwnerTextsSchema, texts, context, (path) =>
      path[0] === 'experience' || path[0] === 'about' ? [path[0]] : path.slice(0, 3),
    );
    return texts; // sent as typed: the server reads it with the same schema
  });

/**
 * The Texts tab: the home page's 'The Tower Experience', the contact page's 'About The Tower', and the captions
 * of the features and of 'What Makes The Tower Unique', with a preview in the pages' own markup.
 */
export function TextsTab() {
  const texts = ownerTexts.useRead();
  return (
    <WhenRead query={texts} what="the texts" className="text-sm">
      {/* A new form when the stored texts change (after a reset), so the fields show them. */}
      {(stored) => <TextsEditor key={JSON.stringify(stored)} texts={stored} />}
    </WhenRead>
  );
}

function TextsEditor({ texts }: { texts: OwnerTextsRecord }) {
  const reset = useResetOwnerTexts();
  const [confirmReset, setConfirmReset] = useState(false);

  async function onReset() {
    setConfirmReset(false);
    await toastOutcome(
      reset.mutateAsync(),
      { title: 'Texts Reset', description: 'The original texts are back.' },
      { title: 'Reset Failed' },
    );
  }

  return (
    <SettingForm
      schema={TextsForm}
      defaultValues={toForm(texts)}
      setting={ownerTexts}
      saved={{ title: 'Texts Saved', description: 'The public pages show the new texts in a moment.' }}
      failedTitle="Save Failed"
      onInvalid={toastFirstError('Check the texts')}
      className="grid gap-6 xl:grid-cols-2"
      aria-label="Texts"
    >
      <div className="grid gap-6">
        <AdminCard
          headingId="paragraphs-heading"
          title="Paragraphs"
          intro={<>Leave an empty line between paragraphs.</>}
        >
          <FormField
            name="experience"
            label="The Tower Experience (home page)"
            id="text-experience"
            className="mt-4"
          >
            <FormTextarea rows={10} />
          </FormField>
          <FormField name="about" label="About The Tower (contact page)" id="text-about" className="mt-4">
            <FormTextarea rows={6} />
          </FormField>
        </AdminCard>

        <AdminCard
          headingId="features-captions-heading"
          title="Unique Features"
          intro={<>The caption under each photo or clip of the home page.</>}
        >
          {texts.features.map((feature, index) => (
            <CaptionFields key={feature.id} list="features" index={index} noun="Feature" />
          ))}
        </AdminCard>

        <AdminCard headingId="unique-captions-heading" title="What Makes The Tower Unique">
          {texts.uniquePoints.map((_point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the eight points are fixed places of the grid
            <CaptionFields key={index} list="uniquePoints" index={index} noun="Point" />
          ))}
        </AdminCard>

        <div className="flex flex-wrap gap-3">
          <FormSubmit pendingLabel="Saving...">Save Texts</FormSubmit>
          <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={reset.isPending}>
            Restore the original texts
          </Button>
        </div>
        <ConfirmationDialog
          open={confirmReset}
          onOpenChange={setConfirmReset}
          title="Restore the original texts?"
          description="Every text of this tab goes back to the site’s original copy, on the public pages too."
          keepLabel="Keep My Texts"
          confirmLabel="Restore Originals"
          onConfirm={onReset}
        />
      </div>

      <TextsPreview />
    </SettingForm>
  );
}

/** The texts as typed, in the pages' own markup; nothing is public until saved. */
function TextsPreview() {
  const preview = toTexts(useWatch<TextsText>() as TextsText);
  return (
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
  );
}

/** One caption of a list (a feature's, a point's): its title and its text, the fields named by their place. */
function CaptionFields({
  list,
  index,
  noun,
}: {
  list: 'features' | 'uniquePoints';
  index: number;
  noun: string;
}) {
  const name = `${noun} ${index + 1}`;
  return (
    <fieldset className="mt-4 grid gap-3 border-stone-100 border-t pt-4">
      <legend className="sr-only">{name}</legend>
      <FormField name={`${list}.${index}.title`} label={`${name} title`}>
        <FormInput maxLength={CAPTION_TITLE_MAX} />
      </FormField>
      <FormField name={`${list}.${index}.text`} label={`${name} text`}>
        <FormTextarea rows={2} maxLength={CAPTION_TEXT_MAX} />
      </FormField>
    </fieldset>
  );
}
