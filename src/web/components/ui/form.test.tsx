import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Form,
  FormAlert,
  FormCheckbox,
  FormField,
  FormInput,
  FormSelect,
  FormSubmit,
  FormTextarea,
  firstErrorMessage,
  readAt,
} from './form.tsx';

const Schema = z.object({
  name: z.string().min(1, 'Give a name.'),
  guests: z.string(),
  note: z.string(),
  active: z.boolean(),
});
const blank = { name: '', guests: '2', note: '', active: true };

/** The attributes of the first <tag …> in the markup. */
function attributesOf(html: string, tag: string, nth = 0): Record<string, string> {
  const element = [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))][nth];
  if (!element) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(element[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function render(options: Parameters<typeof Form<typeof Schema>>[0]['options'] = {}) {
  return renderToStaticMarkup(
    <Form schema={Schema} defaultValues={blank} onSubmit={() => {}} options={options} aria-label="Guest">
      <FormField name="name" label="Guest Name" id="guest-name" hint="As on the booking.">
        <FormInput />
      </FormField>
      <FormField name="guests" label="Guests" id="guests">
        <FormSelect>
          <option value="1">1</option>
          <option value="2">2</option>
        </FormSelect>
      </FormField>
      <FormField name="note" label="Note" id="note">
        <FormTextarea />
      </FormField>
      <FormCheckbox name="active">Active</FormCheckbox>
    </Form>,
  );
}

describe('Form', () => {
  it('is a form the browser does not validate itself, named as asked', () => {
    expect(attributesOf(render(), 'form')).toMatchObject({ noValidate: '', 'aria-label': 'Guest' });
  });

  // The values themselves reach the controls once they are mounted (react-hook-form keeps them uncontrolled).
  it('binds each control to its value by name, inside its labelled field', () => {
    const html = render();
    expect(attributesOf(html, 'input')).toMatchObject({ name: 'name', id: 'guest-name' });
    expect(attributesOf(html, 'label').for).toBe('guest-name');
    expect(attributesOf(html, 'select')).toMatchObject({ name: 'guests', id: 'guests' });
    expect(attributesOf(html, 'textarea')).toMatchObject({ name: 'note', id: 'note' });
    expect(attributesOf(html, 'input', 1)).toMatchObject({ type: 'checkbox', name: 'active' });
  });

  it('shows a value’s error under its field, announced, and marks the control invalid', () => {
    const html = render({ errors: { name: { type: 'too_small', message: 'Give a name.' } } });
    expect(attributesOf(html, 'input')).toMatchObject({
      'aria-invalid': 'true',
      'aria-describedby': 'guest-name-hint guest-name-error',
    });
    expect(html).toContain(
      '<p id="guest-name-error" role="alert" class="mt-1 text-red-800 text-sm">Give a name.</p>',
    );
    expect(attributesOf(html, 'select')['aria-invalid']).toBeUndefined();
  });

  it('says what the request answered in its alert, apart from the fields', () => {
    const html = renderToStaticMarkup(
      <Form
        schema={Schema}
        defaultValues={blank}
        onSubmit={() => {}}
        options={{ errors: { root: { submit: { type: 'server', message: 'Seasons cannot overlap.' } } } }}
      >
        <FormAlert className="text-red-800" />
      </Form>,
    );
    expect(html).toContain('<p role="alert" class="text-red-800">Seasons cannot overlap.</p>');
    expect(
      renderToStaticMarkup(
        <Form schema={Schema} defaultValues={blank} onSubmit={() => {}}>
          <FormAlert />
        </Form>,
      ),
    ).not.toContain('role="alert"');
  });

  it('writes a drop-down’s choices from its values and their labels, after its placeholder', () => {
    const choices = (labels: Record<string, string> | ((value: string) => string)) =>
      renderToStaticMarkup(
        <Form schema={Schema} defaultValues={blank} onSubmit={() => {}}>
          <FormField name="guests" label="Guests" id="guests">
            <FormSelect<string> placeholder="Choose" options={['1', '2']} labels={labels} />
          </FormField>
        </Form>,
      );
    const written =
      '<option value="">Choose</option><option value="1">One</option><option value="2">Two</option>';
    expect(choices({ 1: 'One', 2: 'Two' })).toContain(written);
    expect(choices((value) => (value === '1' ? 'One' : 'Two'))).toContain(written);
  });

  it('submits with its button, which says what it does until a submit runs', () => {
    const html = renderToStaticMarkup(
      <Form schema={Schema} defaultValues={blank} onSubmit={() => {}}>
        <FormSubmit pendingLabel="Saving...">Save guest</FormSubmit>
      </Form>,
    );
    expect(attributesOf(html, 'button')).toMatchObject({ type: 'submit' });
    expect(attributesOf(html, 'button').disabled).toBeUndefined();
    expect(html).toContain('>Save guest</button>');
  });

  it('marks nothing invalid while there is no error', () => {
    const html = render();
    expect(attributesOf(html, 'input')['aria-invalid']).toBeUndefined();
    expect(html).not.toContain('role="alert"');
  });
});

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe('readAt', () => {
  const percentText = z
    .string()
    .transform((text) => Number(text))
    .pipe(z.number({ error: 'Write the percentage as a number.' }).max(100, 'At most 100 %.'));
  const form = z
    .object({ amount: z.string(), code: z.string() })
    .transform(({ amount, code }, context) => ({
      code,
      percent: readAt(percentText, amount, context, ['amount']),
    }))
    .transform((body, context) =>
      readAt(
        z.object({ code: z.string().min(3, 'At least 3 characters.'), percent: z.number() }),
        body,
        context,
        (path) => (path[0] === 'percent' ? ['amount'] : path),
      ),
    );

  it('gives what the schema reads', () => {
    expect(form.parse({ amount: '20', code: 'GOLF' })).toEqual({ code: 'GOLF', percent: 20 });
  });

  it('puts a problem found inside a transform under the field it concerns', () => {
    expect(messages(form.safeParse({ amount: '150', code: 'GOLF' }))).toEqual([
      { path: ['amount'], message: 'At most 100 %.' },
    ]);
    expect(messages(form.safeParse({ amount: '20', code: 'GO' }))).toEqual([
      { path: ['code'], message: 'At least 3 characters.' },
    ]);
  });
});

describe('firstErrorMessage', () => {
  it('finds the first message, inside nested values too', () => {
    expect(firstErrorMessage({})).toBeUndefined();
    expect(
      firstErrorMessage({
        social: { facebook: { type: 'custom', message: 'Give the Facebook link as https://…' } },
        postcode: { type: 'custom', message: 'Not a UK postcode' },
      }),
    ).toBe('Give the Facebook link as https://…');
  });
});
