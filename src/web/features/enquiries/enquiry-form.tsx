import { useEffect, useRef, useState } from 'react';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  EnquiryFormSchema,
  type EnquiryKind,
} from '../../../domain/api/enquiries.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import {
  Form,
  FormAlert,
  FormField,
  FormInput,
  FormSelect,
  FormTextarea,
} from '../../components/ui/form.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { fetchFormToken, sendEnquiry } from './enquiries-api.ts';

/** Refusals after which the form asks for a new token, so pressing Send again goes through. */
const NEW_TOKEN_CODES = new Set(['form_token_invalid', 'sent_too_fast']);

/**
 * The Contact page's enquiry form (docs/decisions/028-enquiries-and-quotes.md): what the visitor wants, dates,
 * people, a message and how to reach them. The spam rules are the server's (a hidden field, a minimum time from
 * the form's token, a per-address limit, few links); a person who trips one reads what to do and keeps what
 * they typed.
 */
export function EnquiryForm({ initialKind = 'day_hire' }: { initialKind?: EnquiryKind }) {
  const token = useRef<Promise<string> | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const newToken = () => {
    token.current = fetchFormToken().catch(() => '');
  };
  useEffect(newToken, []);

  if (sent) {
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950">
        <p className="font-semibold text-lg">Enquiry sent</p>
        <p className="mt-2">{sent}</p>
      </div>
    );
  }

  return (
    <Form
      schema={EnquiryFormSchema}
      defaultValues={{
        kind: initialKind,
        dateFrom: '',
        dateTo: '',
        people: '',
        message: '',
        name: '',
        email: '',
        phone: '',
      }}
      aria-label="Enquiry form"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:grid-cols-2"
      onSubmit={async (values) => {
        try {
          const answer = await sendEnquiry({
            ...values,
            website: honeypot.current?.value ?? '',
            formToken: (await token.current) ?? '',
          });
          setSent(answer.message);
        } catch (error) {
          if (error instanceof ApiRequestError && error.code && NEW_TOKEN_CODES.has(error.code)) newToken();
          throw error;
        }
      }}
    >
      <FormField name="kind" label="What would you like?" className="sm:col-span-2">
        <FormSelect options={ENQUIRY_KINDS} labels={ENQUIRY_KIND_LABELS} />
      </FormField>
      <FormField name="dateFrom" label="Date (or first night)">
        <FormInput type="date" />
      </FormField>
      <FormField name="dateTo" label="Last date (optional)">
        <FormInput type="date" />
      </FormField>
      <FormField name="people" label="Number of people">
        <FormInput type="number" inputMode="numeric" min={1} max={50} />
      </FormField>
      <FormField name="phone" label="Phone (optional)">
        <FormInput type="tel" autoComplete="tel" />
      </FormField>
      <FormField name="name" label="Your name">
        <FormInput autoComplete="name" />
      </FormField>
      <FormField name="email" label="Your e-mail">
        <FormInput type="email" autoComplete="email" />
      </FormField>
      <FormField name="message" label="Your message" className="sm:col-span-2">
        <FormTextarea rows={5} />
      </FormField>
      {/* A field a person never sees or reaches; scripts that fill every field fill it (the server refuses them). */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input ref={honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <FormAlert className="rounded-md bg-red-50 p-3 text-red-900 text-sm sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass({ size: 'lg' })}>
          Send enquiry
        </button>
      </div>
    </Form>
  );
}
