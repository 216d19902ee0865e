import { z } from 'zod';
import { MAX_GUESTS } from '../../../../domain/property.ts';
import {
  EPC_RATINGS,
  type PropertyFactsRecord,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '../../../../domain/property-facts.ts';
import {
  PropertyFactsInputSchema,
  type PropertyFactsResponse,
} from '../../../../domain/property-facts-schemas.ts';
import { LABEL_CLASS } from '../../../components/ui/field.tsx';
import {
  FormCheckbox,
  FormField,
  FormInput,
  FormSelect,
  FormSubmit,
  readAt,
  toastFirstError,
} from '../../../components/ui/form.tsx';
import { AdminCard } from '../shared/card.tsx';
import { SettingForm } from '../shared/setting-form.tsx';
import { WhenRead } from '../shared/when-read.tsx';
import { InvoicingCard } from './invoicing-card.tsx';
import { propertyFacts } from './property-api.ts';

/** The form's values: text as typed (blank is "not given"). */
type PropertyText = {
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

function toForm(facts: PropertyFactsRecord): PropertyText {
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

function toInput(form: PropertyText) {
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

const SocialText = z.object({ facebook: z.string(), instagram: z.string(), tiktok: z.string() });

/** The text as typed, checked by the server's own schema: each message sits under its field. */
const PropertyForm = z
  .object({
    licenceNumber: z.string(),
    epcRating: z.string(),
    maxOccupancy: z.string(),
    streetAddress: z.string(),
    postcode: z.string(),
    addressAfterBooking: z.boolean(),
    social: SocialText,
    hashtags: z.string(),
    enquiriesEmail: z.string(),
  })
  .transform((form, context) => {
    const input = toInput(form);
    readAt(PropertyFactsInputSchema, input, context, (path) =>
      path[0] === 'social'
        ? path.slice(0, 2)
        : path[0] === 'addressPublic'
          ? ['addressAfterBooking']
          : [path[0]!],
    );
    return input; // sent as typed: the server reads it with the same schema
  });

const REQUIRED = 'Required before going live: the licence scheme asks for it on every listing.';

/** The Property tab: the facts every page prints (licence line, address, links), stored on the server. */
export function PropertyTab() {
  const facts = propertyFacts.useRead();
  return (
    <WhenRead query={facts} what="the property’s facts" className="text-sm">
      {(data) => (
        <>
          <PropertyFacts data={data} />
          <InvoicingCard />
        </>
      )}
    </WhenRead>
  );
}

function PropertyFacts({ data }: { data: PropertyFactsResponse }) {
  return (
    <SettingForm
      schema={PropertyForm}
      defaultValues={toForm(data.facts)}
      setting={propertyFacts}
      saved={{ title: 'Property Saved', description: 'The public pages show the new facts in a moment.' }}
      failedTitle="Save Failed"
      resetTo={(answer) => toForm(answer.facts)}
      onInvalid={toastFirstError('Check the form')}
      className="grid max-w-3xl gap-6"
      aria-label="Property facts"
    >
      {(form) => (
        <>
          <AdminCard
            headingId="licence-heading"
            title="Licence and listing facts"
            intro={
              <>
                Shown in the footer of every page and to search engines. A fact left blank is left out of the
                site.
              </>
            }
          >
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <FormField
                name="licenceNumber"
                label="Short-term let licence number"
                id="licence-number"
                className="sm:col-span-3"
                hint={form.watch('licenceNumber').trim() ? undefined : REQUIRED}
              >
                <FormInput maxLength={60} />
              </FormField>
              <FormField
                name="epcRating"
                label="EPC rating"
                id="epc-rating"
                hint={form.watch('epcRating') ? undefined : 'Required before going live.'}
              >
                <FormSelect placeholder="Not given" options={EPC_RATINGS} />
              </FormField>
              <FormField
                name="maxOccupancy"
                label="Maximum occupancy"
                id="max-occupancy"
                hint={form.watch('maxOccupancy').trim() ? undefined : 'Required before going live.'}
              >
                <FormInput type="number" inputMode="numeric" min={1} max={MAX_GUESTS} />
              </FormField>
              <div>
                <p className={LABEL_CLASS}>Check-in and check-out</p>
                <p className="py-2 text-sm text-stone-700">
                  From {data.stayTimes.checkIn}, by {data.stayTimes.checkOut}
                </p>
              </div>
            </div>
            <p className="mt-2 text-sm text-stone-600">
              The check-in and check-out times are part of the terms and conditions and of the calendar rules,
              so they are changed with the code, not here. Bookings take at most {MAX_GUESTS} guests.
            </p>
          </AdminCard>

          <AdminCard headingId="address-heading" title="Address">
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              <FormField
                name="streetAddress"
                label="Street address"
                id="street-address"
                className="sm:col-span-2"
              >
                <FormInput autoComplete="street-address" />
              </FormField>
              <FormField name="postcode" label="Postcode" id="postcode">
                <FormInput autoComplete="postal-code" />
              </FormField>
            </div>
            <FormCheckbox
              name="addressAfterBooking"
              className="mt-4 flex items-start gap-2 text-sm"
              inputClassName="mt-0.5 size-4"
            >
              <span>
                Show the street address and postcode only to booked guests (the public pages then say
                Aberdeen, Scotland)
              </span>
            </FormCheckbox>
          </AdminCard>

          <AdminCard headingId="social-heading" title="Social profiles and enquiries">
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <FormField
                  key={network}
                  name={`social.${network}`}
                  label={`${SOCIAL_NETWORK_LABELS[network]} link`}
                  id={`social-${network}`}
                >
                  <FormInput type="url" inputMode="url" />
                </FormField>
              ))}
              <FormField
                name="hashtags"
                label="Hashtags"
                id="hashtags"
                hint="Separated by spaces, for example #TheTowerAberdeen #ChurchConversion"
              >
                <FormInput />
              </FormField>
              <FormField
                name="enquiriesEmail"
                label="Enquiries e-mail"
                id="enquiries-email"
                className="sm:col-span-2"
                hint={`Shown on the site for questions. Left blank: ${data.defaultEnquiriesEmail} (the server's SITE_EMAIL).`}
              >
                <FormInput type="email" />
              </FormField>
            </div>
          </AdminCard>

          <div>
            <FormSubmit pendingLabel="Saving...">Save Property</FormSubmit>
          </div>
        </>
      )}
    </SettingForm>
  );
}
