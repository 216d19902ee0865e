import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { AccountTab } from './account/account-tab.tsx';
import { ArrivalTab } from './arrival/arrival-tab.tsx';
import { BookingsTab } from './bookings/bookings-tab.tsx';
import { DatesTab } from './dates/dates-tab.tsx';
import { EmailTab } from './email/email-tab.tsx';
import { EnquiriesTab } from './enquiries/enquiries-tab.tsx';
import { useFocusFormOnFix } from './go-live/fix-focus.ts';
import { GoLiveChecklist } from './go-live/go-live-checklist.tsx';
import { PaymentScheduleSettings } from './payment-schedule/payment-schedule-settings.tsx';
import { PhotosTab } from './photos/photos-tab.tsx';
import { PricesTab } from './prices/prices-tab.tsx';
import { PropertyTab } from './property/property-tab.tsx';
import { ReviewsTab } from './reviews/reviews-tab.tsx';
import { useAdminSession } from './shared/session.ts';
import { cardClass } from './shared/styles.ts';
import { StripeKeysCard } from './stripe/stripe-keys-card.tsx';
import { SystemTab } from './system/system-tab.tsx';
import { TextsTab } from './texts/texts-tab.tsx';
import { TodayPanel } from './today/today-panel.tsx';

/** The Reports tab, with its charts, is loaded only when the owner opens it (docs/decisions/027). */
const ReportsTab = lazy(() =>
  import('./reports/reports-tab.tsx').then((module) => ({ default: module.ReportsTab })),
);

const tabClass =
  'rounded-md px-4 py-2 font-medium text-sm text-stone-700 hover:text-stone-900 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

/**
 * The dashboard's sections, in order: each tab's value (in the address), its name and its panel. A panel is its
 * cards, one under another: the dashboard lays every tab out the same way, so a tab only says which cards.
 */
const TABS = [
  { value: 'bookings', label: 'Bookings', panel: <BookingsTab /> },
  { value: 'email', label: 'Email', panel: <EmailTab /> },
  { value: 'dates', label: 'Dates', panel: <DatesTab /> },
  { value: 'enquiries', label: 'Enquiries', panel: <EnquiriesTab /> },
  { value: 'prices', label: 'Prices', panel: <PricesTab /> },
  {
    value: 'payments',
    label: 'Payments',
    panel: (
      <>
        <div className={cardClass}>
          <StripeKeysCard />
        </div>
        <div className={cardClass}>
          <PaymentScheduleSettings />
        </div>
      </>
    ),
  },
  { value: 'arrival', label: 'Arrival', panel: <ArrivalTab /> },
  {
    value: 'reports',
    label: 'Reports',
    panel: (
      <Suspense fallback={<p role="status">Loading the reports…</p>}>
        <ReportsTab />
      </Suspense>
    ),
  },
  { value: 'property', label: 'Property', panel: <PropertyTab /> },
  { value: 'texts', label: 'Texts', panel: <TextsTab /> },
  { value: 'photos', label: 'Photos', panel: <PhotosTab /> },
  { value: 'reviews', label: 'Reviews', panel: <ReviewsTab /> },
  { value: 'account', label: 'Account', panel: <AccountTab /> },
  { value: 'system', label: 'System', panel: <SystemTab /> },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((entry) => entry.value === value);

/**
 * 'Admin Dashboard' with Logout, what matters today (arrivals, departures, money due, what needs the owner), the
 * go-live checklist and the Bookings, Email and Dates tabs (spec section 2), then Enquiries (enquiries and
 * quotes, decision 028), Prices, Payments (the payment schedule, decision 016), Arrival (online check-in, 025),
 * Reports (figures, the levy return, the tax year, 027), Property, Texts (014), Photos (015), Reviews (029),
 * Account (the owner's password, sessions and two-step sign-in, 019) and System (the server's jobs, 009). The open
 * tab
 * is in the address (`/admin?tab=property`), so the checklist links straight to it.
 * See docs/decisions/013-rate-plan.md.
 */
export function AdminDashboard() {
  const session = useAdminSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'bookings';
  const selectTab = (value: string) =>
    setSearchParams(
      (params) => {
        if (value === 'bookings') params.delete('tab');
        else params.set('tab', value);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  useFocusFormOnFix(tab);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-stone-600">Signed in as {session.username}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/calendar-sync" className={buttonClass({ variant: 'secondary' })}>
            Calendar Sync
          </Link>
          <Button variant="secondary" onClick={() => session.logout()}>
            Logout
          </Button>
        </div>
      </div>
      <div className="mt-6 space-y-6">
        <TodayPanel />
        <GoLiveChecklist />
      </div>
      <Tabs.Root value={tab} onValueChange={selectTab} className="mt-6">
        <Tabs.List
          aria-label="Admin sections"
          className="inline-flex flex-wrap gap-1 rounded-lg bg-stone-200 p-1"
        >
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, panel }) => (
          <Tabs.Content
            key={value}
            value={value}
            data-tab={value}
            className="mt-6 space-y-6 focus-visible:outline-none"
          >
            {panel}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
