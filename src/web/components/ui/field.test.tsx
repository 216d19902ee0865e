import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';
import { Input, Select, Textarea } from './input.tsx';

/** The attributes of the first <tag …> in the markup. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!element) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(element[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/** The element whose id is `id`: its tag, attributes and text. */
function elementById(html: string, id: string) {
  const match = new RegExp(`<(\\w+)\\b([^>]*\\bid="${id}"[^>]*)>([^<]*)<`).exec(html);
  if (!match) return null;
  const attributes = Object.fromEntries(
    [...(match[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { tag: match[1], attributes, text: match[3] };
}

describe('Field', () => {
  it('labels its control: the label points at the id the control takes', () => {
    const html = renderToStaticMarkup(
      <Field label="Guest Name">
        <Input name="contactName" />
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input.id).toBeTruthy();
    expect(attributesOf(html, 'label').for).toBe(input.id);
  });

  it('uses the id it is given, so pages and tests that name a control keep finding it', () => {
    const html = renderToStaticMarkup(
      <Field label="Search" id="booking-search">
        <Input />
      </Field>,
    );
    expect(attributesOf(html, 'input').id).toBe('booking-search');
    expect(attributesOf(html, 'label').for).toBe('booking-search');
  });

  it('marks nothing invalid and describes nothing while there is no error or hint', () => {
    const input = attributesOf(
      renderToStaticMarkup(
        <Field label="Guest Email" id="email">
          <Input />
        </Field>,
      ),
      'input',
    );
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
  });

  it('marks the control invalid and points it at the error, which is announced', () => {
    const html = renderToStaticMarkup(
      <Field label="Guest Email" id="email" error="Please enter a valid e-mail address.">
        <Input />
      </Field>,
    );
    const input = attributesOf(html, 'input');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('email-error');
    expect(elementById(html, 'email-error')).toMatchObject({
      tag: 'p',
      attributes: { role: 'alert' },
      text: 'Please enter a valid e-mail address.',
    });
  });

  it('describes the control by its hint, then its error, then its own description', () => {
    const html = renderToStaticMarkup(
      <Field label="Hold for (days)" id="hold" hint="From 1 to 30." error="Too long.">
        <Input aria-describedby="price-note" />
      </Field>,
    );
    expect(attributesOf(html, 'input')['aria-describedby']).toBe('hold-hint hold-error price-note');
    expect(elementById(html, 'hold-hint')).toMatchObject({ tag: 'p', text: 'From 1 to 30.' });
    expect(elementById(html, 'hold-hint')?.attributes.role).toBeUndefined();
  });

  it('wires a drop-down and a text area the same way', () => {
    for (const control of [<Select key="s" />, <Textarea key="t" />]) {
      const html = renderToStaticMarkup(
        <Field label="Guests" id="guests" error="Choose 1 to 4 guests.">
          {control}
        </Field>,
      );
      const tag = control.type === Select ? 'select' : 'textarea';
      expect(attributesOf(html, tag)).toMatchObject({
        id: 'guests',
        'aria-invalid': 'true',
        'aria-describedby': 'guests-error',
      });
    }
  });

  it("keeps a control's own id and validity when it sets them", () => {
    const html = renderToStaticMarkup(
      <Field label="Postcode" id="postcode" error="Required.">
        <Input id="postcode" aria-invalid={false} />
      </Field>,
    );
    expect(attributesOf(html, 'input')).toMatchObject({ id: 'postcode', 'aria-invalid': 'false' });
  });

  it('leaves a control outside a Field as it is', () => {
    const input = attributesOf(renderToStaticMarkup(<Input readOnly value="x" />), 'input');
    expect(input.id).toBeUndefined();
    expect(input['aria-describedby']).toBeUndefined();
    expect(input['aria-invalid']).toBeUndefined();
  });
});
