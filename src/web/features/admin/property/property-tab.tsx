import { type FormEvent, useState } from 'react';
import { MAX_GUESTS } from '../../../../domain/property.ts';
import {
  EPC_RATINGS,
  PropertyFactsInputSchema,
  type PropertyFactsRecord,
  type PropertyFactsResponse,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '../../../../domain/property-facts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, LABEL_CLASS } from '../../../components/ui/field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { cardClass } from '../shared/styles.ts';
import { usePropertyFacts, useSavePropertyFacts } from './property-api.ts';

/** The form's values: text as typed (blank is "not given"). */
type Form = {
  licenceNumber: string;
  epcRating: string;
  maxOccupancy: string;
  streetAddress: string;
  postcode: string;
  addressAfterBooking: boolean;
  social: Record<SocialNetwork, string>;
  hashtags: string;
  enquiriesEmail: string;
};

function toForm(facts: PropertyFactsRecord): Form {
  return {
    licenceNumber: facts.licenceNumber ?? '',
    epcRating: facts.epcRating ?? '',
    maxOccupancy: facts.maxOccupancy === null ? '' : String(facts.maxOccupancy),
    streetAddress: facts.streetAddress ?? '',
    postcode: facts.postcode ?? '',
    addressAfterBooking: !facts.addressPublic,
    social: {
      facebook: facts.social.facebook ?? '',
      instagram: facts.social.instagram ?? '',
      tiktok: facts.social.tiktok ?? '',
    },
    hashtags: facts.hashtags.join(' '),
    enquiriesEmail: facts.enquiriesEmail ?? '',
  };
}

function toInput(form: Form) {
  return {
    licenceNumber: form.licenceNumber,
    epcRating: form.epcRating,
    maxOccupancy: form.maxOccupancy,
    streetAddress: form.streetAddress,
    postcode: form.postcode,
    addressPublic: !form.addressAfterBooking,
    social: form.social,
    hashtags: form.hashtags.split(/[\s,]+/).filter(Boolean),
    enquiriesEmail: form.enquiriesEmail,
  };
}

const REQUIRED = 'Required before going live: the licence scheme asks for it on every listing.';

/** The Property tab: the facts every page prints (licence line, address, links), stored on the server. */
export function PropertyTab() {
  const facts = usePropertyFacts();
  if (facts.isPending) return <p className="text-sm text-stone-600">Loading the property’s facts…</p>;
  if (facts.isError) {
    return <p className="text-red-800 text-sm">Could not load the property’s facts: {facts.error.message}</p>;
  }
  return <PropertyForm data={facts.data} />;
}

function PropertyForm({ data }: { data: PropertyFactsResponse }) {
  const [form, setForm] = useState<Form>(() => toForm(data.facts));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePropertyFacts();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((old) => ({ ...old, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toInput(form);
    // The server's own schema first, so each message sits under its field.
    const parsed = PropertyFactsInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'social' ? `social.${String(issue.path[1])}` : String(issue.path[0]);
        found[key] ??= issue.message;
      }
      setErrors(found);
      toast({ title: 'Check the form', description: Object.values(found)[0], variant: 'destructive' });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      setForm(toForm(saved.facts));
      toast({ title: 'Property Saved', description: 'The public pages show the new facts in a moment.' });
    } catch (error) {
      toast({ title: 'Save Failed', description: (error as Error).message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid max-w-3xl gap-6" aria-label="Property facts" noValidate>
      <section className={cardClass} aria-labelledby="licence-heading">
        <h2 id="licence-heading" className="font-serif text-xl">
          Licence and listing facts
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Shown in the footer of every page and to search engines. A fact left blank is left out of the site.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Field
            label="Short-term let licence number"
            id="licence-number"
            className="sm:col-span-3"
            error={errors.licenceNumber}
            hint={form.licenceNumber.trim() ? undefined : REQUIRED}
          >
            <Input
              value={form.licenceNumber}
              maxLength={60}
              onChange={(e) => set('licenceNumber', e.target.value)}
            />
          </Field>
          <Field
            label="EPC rating"
            id="epc-rating"
            error={errors.epcRating}
            hint={form.epcRating ? undefined : 'Required before going live.'}
          >
            <Select value={form.epcRating} onChange={(e) => set('epcRating', e.target.value)}>
              <option value="">Not given</option>
              {EPC_RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {rating}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Maximum occupancy"
            id="max-occupancy"
            error={errors.maxOccupancy}
            hint={form.maxOccupancy.trim() ? undefined : 'Required before going live.'}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_GUESTS}
              value={form.maxOccupancy}
              onChange={(e) => set('maxOccupancy', e.target.value)}
            />
          </Field>
          <div>
            <p className={LABEL_CLASS}>Check-in and check-out</p>
            <p className="py-2 text-sm text-stone-700">
              From {data.stayTimes.checkIn}, by {data.stayTimes.checkOut}
            </p>
          </div>
        </div>
        <p className="mt-2 text-sm text-stone-600">
          The check-in and check-out times are part of the terms and conditions and of the calendar rules, so
          they are changed with the code, not here. Bookings take at most {MAX_GUESTS} guests.
        </p>
      </section>

      <section className={cardClass} aria-labelledby="address-heading">
        <h2 id="address-heading" className="font-serif text-xl">
          Address
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Field
            label="Street address"
            id="street-address"
            className="sm:col-span-2"
            error={errors.streetAddress}
          >
            <Input
              value={form.streetAddress}
              autoComplete="street-address"
              onChange={(e) => set('streetAddress', e.target.value)}
            />
          </Field>
          <Field label="Postcode" id="postcode" error={errors.postcode}>
            <Input
              value={form.postcode}
              autoComplete="postal-code"
              onChange={(e) => set('postcode', e.target.value)}
            />
          </Field>
        </div>
        <label className="mt-4 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={form.addressAfterBooking}
            onChange={(e) => set('addressAfterBooking', e.target.checked)}
          />
          <span>
            Show the street address and postcode only to booked guests (the public pages then say Aberdeen,
            Scotland)
          </span>
        </label>
      </section>

      <section className={cardClass} aria-labelledby="social-heading">
        <h2 id="social-heading" className="font-serif text-xl">
          Social profiles and enquiries
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              label={`${SOCIAL_NETWORK_LABELS[network]} link`}
              id={`social-${network}`}
              error={errors[`social.${network}`]}
            >
              <Input
                type="url"
                inputMode="url"
                value={form.social[network]}
                onChange={(e) => set('social', { ...form.social, [network]: e.target.value })}
              />
            </Field>
          ))}
          <Field
            label="Hashtags"
            id="hashtags"
            error={errors.hashtags}
            hint="Separated by spaces, for example #TheTowerAberdeen #ChurchConversion"
          >
            <Input value={form.hashtags} onChange={(e) => set('hashtags', e.target.value)} />
          </Field>
          <Field
            label="Enquiries e-mail"
            id="enquiries-email"
            className="sm:col-span-2"
            error={errors.enquiriesEmail}
            hint={`Shown on the site for questions. Left blank: ${data.defaultEnquiriesEmail} (the server's SITE_EMAIL).`}
          >
            <Input
              type="email"
              value={form.enquiriesEmail}
              onChange={(e) => set('enquiriesEmail', e.target.value)}
            />
          </Field>
        </div>
      </section>

      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Property'}
        </Button>
      </div>
    </form>
  );
}
