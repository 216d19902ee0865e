import { z } from 'zod';
import { type InvoicingSettings, InvoicingSettingsSchema } from '../../../../domain/documents.ts';
import {
  FormField,
  FormInput,
  FormSubmit,
  FormTextarea,
  readAt,
  toastFirstError,
} from '../../../components/ui/form.tsx';
import { AdminCard } from '../shared/card.tsx';
import { SettingForm } from '../shared/setting-form.tsx';
import { WhenRead } from '../shared/when-read.tsx';
import { invoicing } from './invoicing-api.ts';

/** The text as typed, checked by the server's own schema (blank is "not given"). */
const InvoicingForm = z
  .object({ tradingName: z.string(), tradingAddress: z.string(), vatNumber: z.string() })
  .transform((form, context) => {
    readAt(InvoicingSettingsSchema, form, context, (path) => [path[0]!]);
    return form;
  });

const toForm = (settings: InvoicingSettings) => ({
  tradingName: settings.tradingName ?? '',
  tradingAddress: settings.tradingAddress ?? '',
  vatNumber: settings.vatNumber ?? '',
});

/**
 * Who the guests' receipts and credit notes come from: the trading name, the business address and, once
 * registered, the VAT number (each document then shows its VAT at the standard rate). Documents already issued
 * keep what they said.
 */
export function InvoicingCard() {
  const settings = invoicing.useRead();
  return (
    <WhenRead query={settings} what="the invoicing details" className="text-sm">
      {(saved) => <InvoicingFields settings={saved} />}
    </WhenRead>
  );
}

function InvoicingFields({ settings }: { settings: InvoicingSettings }) {
  return (
    <SettingForm
      schema={InvoicingForm}
      defaultValues={toForm(settings)}
      setting={invoicing}
      saved={{
        title: 'Invoicing Saved',
        description: 'Receipts and credit notes issued from now on use these details.',
      }}
      failedTitle="Save Failed"
      resetTo={toForm}
      onInvalid={toastFirstError('Check the form')}
      className="mt-6 grid max-w-3xl gap-6"
      aria-label="Receipts and invoices"
    >
      {() => (
        <AdminCard
          headingId="invoicing-heading"
          title="Receipts and invoices"
          intro={
            <>
              Every payment gets a receipt and every refund a credit note, from these details. Without a VAT
              number they say “Not registered for VAT”.
            </>
          }
        >
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField
              name="tradingName"
              label="Trading name"
              id="trading-name"
              hint="Left blank: The Tower."
            >
              <FormInput autoComplete="organization" />
            </FormField>
            <FormField
              name="vatNumber"
              label="VAT number"
              id="vat-number"
              hint="Only if you are registered for VAT, e.g. GB 123 4567 89."
            >
              <FormInput />
            </FormField>
            <FormField
              name="tradingAddress"
              label="Business address"
              id="trading-address"
              className="sm:col-span-2"
              hint="One line per line. Left blank: the property's address."
            >
              <FormTextarea rows={3} />
            </FormField>
          </div>
          <FormSubmit className="mt-4" pendingLabel="Saving...">
            Save Invoicing
          </FormSubmit>
        </AdminCard>
      )}
    </SettingForm>
  );
}
