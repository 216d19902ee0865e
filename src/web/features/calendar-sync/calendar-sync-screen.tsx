import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  CALENDAR_SOURCE_IDS,
  CALENDAR_SOURCE_LABELS,
  type CalendarSourceId,
  type CalendarSourcesResponse,
  IcalUrlSchema,
} from '../../../domain/api/calendar-sync.ts';
import { PROPERTY_TIME_ZONE } from '../../../domain/property.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import {
  Form,
  FormField,
  FormInput,
  type FormMethods,
  submitErrorMessage,
} from '../../components/ui/form.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PANEL_CLASS } from '../../components/ui/panel.tsx';
import { ApiRequestError } from '../../lib/api.ts';
import { copyToClipboard } from '../../lib/clipboard.ts';
import { toast } from '../../lib/toast.ts';
import {
  calendarSourcesQuery,
  icalExportQuery,
  rotateIcalExport,
  saveFeedUrl,
  syncAirbnbFeed,
  syncAllFeeds,
  syncBookingComFeed,
} from './calendar-sync-api.ts';

/**
 * The owner's calendar sync screen (spec sections 2, 4, 5 and 8): the Airbnb and Booking.com feed URLs, the
 * three sync buttons (all disabled while one sync runs, icons spinning), the instructions, the Last Sync
 * Results card, each feed's last success and error, and our own export URL for the channels to import.
 */

type LastResult = {
  platform: string;
  events: number;
  message: string;
  airbnb?: number;
  booking?: number;
};

const londonTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: PROPERTY_TIME_ZONE,
});

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function SyncIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={spinning ? 'animate-spin' : undefined}
      data-spinning={spinning ? 'true' : 'false'}
    >
      <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
      <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
      <path d="M21 3v5h-5" />
      <path d="M3 21v-5h5" />
    </svg>
  );
}

function Card({ title, children, labelId }: { title: string; children: ReactNode; labelId?: string }) {
  const fallbackId = useId();
  const id = labelId ?? fallbackId;
  return (
    <section aria-labelledby={id} className={PANEL_CLASS}>
      <h2 id={id} className="font-semibold text-lg text-stone-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Each channel's field of the form, what its address looks like, and its own sync. */
const CHANNELS: Record<
  CalendarSourceId,
  { field: keyof FeedUrls; placeholder: string; sync: typeof syncAirbnbFeed }
> = {
  airbnb: {
    field: 'airbnbUrl',
    placeholder: 'https://www.airbnb.com/calendar/ical/….ics?s=…',
    sync: syncAirbnbFeed,
  },
  booking: {
    field: 'bookingUrl',
    placeholder: 'https://ical.booking.com/v1/export?t=…',
    sync: syncBookingComFeed,
  },
};

/** A channel's feed URL with its own Save ('Save Airbnb address'), and its last sync status underneath. */
function FeedUrlField(props: {
  channel: CalendarSourceId;
  source: CalendarSourcesResponse['sources'][number] | undefined;
  saving: boolean;
  onSave(): void;
}) {
  const { field, placeholder } = CHANNELS[props.channel];
  const name = CALENDAR_SOURCE_LABELS[props.channel];
  return (
    <FormField name={field} label={`${name} iCal URL`} id={`${props.channel}-url`}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <FormInput compact type="url" inputMode="url" autoComplete="off" placeholder={placeholder} />
        <Button
          variant="secondary"
          onClick={props.onSave}
          disabled={props.saving}
          aria-label={`Save ${name} address`}
        >
          {props.saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <SourceStatus source={props.source} />
    </FormField>
  );
}

/**
 * The first address among `names` that is not a web address, put under its field in the domain's own sentence
 * (what the server would answer, without a request); true when every typed address can be sent.
 */
function typedAddressesValid(form: FormMethods<typeof FeedUrlsSchema>, names: (keyof FeedUrls)[]): boolean {
  for (const name of names) {
    const typed = form.getValues(name).trim();
    if (!typed) continue;
    const checked = IcalUrlSchema.safeParse(typed);
    if (!checked.success) {
      form.setError(name, { message: checked.error.issues[0]?.message }, { shouldFocus: true });
      return false;
    }
    form.clearErrors(name);
  }
  return true;
}

const FeedUrlsSchema = z.object({ airbnbUrl: z.string(), bookingUrl: z.string() });

/** The saved URLs fill the inputs once, without overwriting what the owner typed. */
function SavedUrls({
  airbnb,
  booking,
}: {
  airbnb: string | null | undefined;
  booking: string | null | undefined;
}) {
  const { getValues, setValue } = useFormContext<FeedUrls>();
  useEffect(() => {
    if (airbnb && !getValues('airbnbUrl')) setValue('airbnbUrl', airbnb);
    if (booking && !getValues('bookingUrl')) setValue('bookingUrl', booking);
  }, [airbnb, booking, getValues, setValue]);
  return null;
}

function SourceStatus({ source }: { source: CalendarSourcesResponse['sources'][number] | undefined }) {
  if (!source) return null;
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid={`${source.id}-status`}>
      <p className="text-stone-700">
        Last successful sync:{' '}
        {source.lastSuccessAt ? (
          <time dateTime={source.lastSuccessAt}>{londonTime.format(new Date(source.lastSuccessAt))}</time>
        ) : (
          'never'
        )}
        {source.lastEventCount !== null ? ` (${source.lastEventCount} events)` : ''}
      </p>
      {source.lastError ? <p className="text-red-800">Last error: {source.lastError}</p> : null}
      {source.stale && source.staleReason ? (
        <p className="rounded bg-amber-50 px-2 py-1 text-amber-900">Needs attention: {source.staleReason}</p>
      ) : null}
      {source.conflictCount > 0 ? (
        <p className="rounded bg-red-50 px-2 py-1 text-red-900">
          {source.conflictCount} imported {source.conflictCount === 1 ? 'event overlaps' : 'events overlap'} a
          confirmed direct booking.
        </p>
      ) : null}
    </div>
  );
}

function ExportCard() {
  const queryClient = useQueryClient();
  const exportQuery = useQuery(icalExportQuery());
  const rotate = useMutation({
    mutationFn: rotateIcalExport,
    onSuccess: (data) => {
      queryClient.setQueryData(icalExportQuery().queryKey, data);
      toast({
        title: 'New Export Link',
        description: 'Paste the new link into Airbnb and Booking.com; the old one no longer works.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorText(error, 'Failed to replace the link'),
        variant: 'destructive',
      }),
  });
  const url = exportQuery.data?.url ?? '';

  function copy() {
    return copyToClipboard(
      url,
      { title: 'Copied', description: 'The export URL is on your clipboard.' },
      { title: 'Copy Failed', description: 'Select the URL and copy it by hand.', variant: 'destructive' },
    );
  }

  return (
    <Card title="Your Direct Booking Calendar">
      <p className="text-sm text-stone-700">
        Give this address to Airbnb and Booking.com so they close the nights booked here and the dates you
        block. It shows only dates, never guests' details. Keep it private.
      </p>
      <Field label="Export iCal URL" id="export-url" className="mt-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            compact
            className="font-mono"
            type="url"
            readOnly
            value={exportQuery.isPending ? 'Loading…' : url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="secondary" onClick={copy} disabled={!url}>
            Copy
          </Button>
        </div>
      </Field>
      {exportQuery.isError ? (
        <p className="mt-2 text-red-800 text-sm">{errorText(exportQuery.error, 'Could not load the URL.')}</p>
      ) : null}
      <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-stone-700">
        <li>
          <strong>Airbnb:</strong> Listings → The Tower → Availability → Connect calendars → Connect to
          another website. Paste the URL and name it "The Tower direct".
        </li>
        <li>
          <strong>Booking.com:</strong> Extranet → Rates &amp; Availability → Sync calendars → Add calendar
          connection. Paste the URL and name it "The Tower direct".
        </li>
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={rotate.isPending || !url}
        onClick={() => {
          if (
            window.confirm(
              'Replace the export link? The channels stop seeing your bookings until you paste the new one.',
            )
          ) {
            rotate.mutate();
          }
        }}
      >
        Replace Link
      </Button>
    </Card>
  );
}

type FeedUrls = { airbnbUrl: string; bookingUrl: string };
type Platform = 'airbnb' | 'booking' | 'all';

const feedUrl = (missing: string) => z.string().trim().min(1, missing);

/**
 * What each sync button checks, sends and says. Only a missing URL is refused here (spec section 5's toasts); the
 * server judges the rest and its sentence is shown as it is.
 */
type Sync = {
  schema: z.ZodType<Partial<FeedUrls>, Partial<FeedUrls>>;
  send(urls: Partial<FeedUrls>): Promise<LastResult & { toast: { title: string; description: string } }>;
  fallback: string;
};

/** One channel's sync: its URL is required, and what it says is named after the channel. */
const oneFeed = (channel: CalendarSourceId): Sync => {
  const platform = CALENDAR_SOURCE_LABELS[channel];
  const { field, sync } = CHANNELS[channel];
  return {
    schema: z.object({ [field]: feedUrl(`Please enter your ${platform} iCal URL`) }),
    send: async (urls) => {
      const data = await sync(urls[field] ?? '');
      return {
        platform,
        events: data.events,
        message: data.message,
        toast: {
          title: `${platform} Sync Complete`,
          description: `Synced ${data.events} events from ${platform}`,
        },
      };
    },
    fallback: `Failed to sync ${platform} calendar`,
  };
};

const SYNCS: { [P in Platform]: Sync } = {
  airbnb: oneFeed('airbnb'),
  booking: oneFeed('booking'),
  all: {
    // Empty URLs are sent as absent (spec section 5).
    schema: z
      .object({ airbnbUrl: z.string().trim(), bookingUrl: z.string().trim() })
      .refine((urls) => urls.airbnbUrl || urls.bookingUrl, 'Please enter at least one iCal URL')
      .transform((urls) => ({
        ...(urls.airbnbUrl ? { airbnbUrl: urls.airbnbUrl } : {}),
        ...(urls.bookingUrl ? { bookingUrl: urls.bookingUrl } : {}),
      })),
    send: async (urls) => {
      const data = await syncAllFeeds(urls);
      return {
        platform: 'All Platforms',
        events: data.total,
        message: data.message,
        airbnb: data.airbnb,
        booking: data.booking,
        toast: {
          title: 'Calendar Sync Complete',
          description: `Synced ${data.total} total events (Airbnb: ${data.airbnb}, Booking: ${data.booking})`,
        },
      };
    },
    fallback: 'Failed to sync calendars',
  },
};

export function CalendarSyncScreen() {
  const queryClient = useQueryClient();
  const sourcesQuery = useQuery(calendarSourcesQuery());
  const [syncing, setSyncing] = useState(false);
  const [saving, setSaving] = useState<CalendarSourceId | null>(null);
  const [active, setActive] = useState<Platform | null>(null);
  const [lastResult, setLastResult] = useState<LastResult | null>(null);

  const sources = sourcesQuery.data?.sources;
  const airbnb = sources?.find((s) => s.id === 'airbnb');
  const booking = sources?.find((s) => s.id === 'booking');
  const conflicts = sourcesQuery.data?.conflicts ?? [];

  async function save(id: CalendarSourceId, form: FormMethods<typeof FeedUrlsSchema>) {
    const name = CHANNELS[id].field;
    const checked = IcalUrlSchema.safeParse(form.getValues(name));
    if (!checked.success) {
      form.setError(name, { message: checked.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    form.clearErrors(name);
    setSaving(id);
    try {
      await saveFeedUrl(id, checked.data);
      form.setValue(name, checked.data);
      toast({
        title: 'Address Saved',
        description: `The ${CALENDAR_SOURCE_LABELS[id]} iCal URL is saved; the next sync imports it.`,
      });
    } catch (error) {
      // The server's own sentence, under the field it is about.
      form.setError(name, { message: submitErrorMessage(error) }, { shouldFocus: true });
    } finally {
      setSaving(null);
      await queryClient.invalidateQueries({ queryKey: calendarSourcesQuery().queryKey });
    }
  }

  async function sync(platform: Platform, form: FormMethods<typeof FeedUrlsSchema>) {
    const { schema, send, fallback } = SYNCS[platform];
    const urls = schema.safeParse(form.getValues());
    if (!urls.success) {
      toast({ title: 'Error', description: urls.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    const fields =
      platform === 'all' ? CALENDAR_SOURCE_IDS.map((id) => CHANNELS[id].field) : [CHANNELS[platform].field];
    if (!typedAddressesValid(form, fields)) return;
    setSyncing(true);
    setActive(platform);
    try {
      const { toast: done, ...result } = await send(urls.data);
      setLastResult(result);
      toast(done);
    } catch (error) {
      toast({ title: 'Sync Failed', description: errorText(error, fallback), variant: 'destructive' });
      // An address the server refused (400) is the owner's to correct: its sentence goes under the field too.
      if (platform !== 'all' && error instanceof ApiRequestError && error.status === 400) {
        form.setError(CHANNELS[platform].field, { message: submitErrorMessage(error) });
      }
    } finally {
      setSyncing(false);
      setActive(null);
      await queryClient.invalidateQueries({ queryKey: calendarSourcesQuery().queryKey });
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-12">
      <div>
        {/* The desktop header has no Admin link: without this the screen is a dead end for the owner. */}
        <Link
          to="/admin"
          className="inline-flex min-h-11 items-center font-medium text-amber-800 underline underline-offset-2"
        >
          ← Admin Dashboard
        </Link>
        <h1 className="mt-2 font-serif text-4xl">Calendar Sync</h1>
        <p className="mt-2 text-stone-700">
          Import the Airbnb and Booking.com calendars so their bookings close the same nights here.
        </p>
      </div>

      <Card title="Channel Calendars">
        {/* The buttons save or sync; Enter in a field does nothing, as no one button is the form's. */}
        <Form
          schema={FeedUrlsSchema}
          defaultValues={{ airbnbUrl: '', bookingUrl: '' }}
          onSubmit={() => {}}
          className="space-y-5"
        >
          {(form) => (
            <>
              <SavedUrls airbnb={airbnb?.url} booking={booking?.url} />
              {CALENDAR_SOURCE_IDS.map((channel) => (
                <FeedUrlField
                  key={channel}
                  channel={channel}
                  source={sources?.find((s) => s.id === channel)}
                  saving={saving === channel}
                  onSave={() => save(channel, form)}
                />
              ))}
              <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                {CALENDAR_SOURCE_IDS.map((channel) => (
                  <Button
                    key={channel}
                    variant="secondary"
                    disabled={syncing}
                    onClick={() => sync(channel, form)}
                  >
                    <SyncIcon spinning={syncing} />
                    Sync {CALENDAR_SOURCE_LABELS[channel]} Calendar
                  </Button>
                ))}
                <Button disabled={syncing} onClick={() => sync('all', form)}>
                  <SyncIcon spinning={syncing} />
                  Sync All Platforms
                </Button>
              </div>
              <p className="sr-only" role="status" aria-live="polite">
                {syncing && active
                  ? `Syncing ${active === 'all' ? 'all calendars' : CALENDAR_SOURCE_LABELS[active]}…`
                  : ''}
              </p>
              {sourcesQuery.isError ? (
                <p className="text-red-800 text-sm">
                  {errorText(sourcesQuery.error, 'Could not load the saved calendars.')}
                </p>
              ) : null}
            </>
          )}
        </Form>
      </Card>

      {lastResult ? (
        <Card title="Last Sync Results">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-stone-900">Platform</dt>
            <dd data-testid="result-platform">{lastResult.platform}</dd>
            <dt className="font-medium text-stone-900">Events synced</dt>
            <dd data-testid="result-events">{lastResult.events}</dd>
            <dt className="font-medium text-stone-900">Status</dt>
            <dd data-testid="result-message">{lastResult.message}</dd>
            {lastResult.airbnb !== undefined ? (
              <>
                <dt className="font-medium text-stone-900">Airbnb events</dt>
                <dd data-testid="result-airbnb">{lastResult.airbnb}</dd>
              </>
            ) : null}
            {lastResult.booking !== undefined ? (
              <>
                <dt className="font-medium text-stone-900">Booking.com events</dt>
                <dd data-testid="result-booking">{lastResult.booking}</dd>
              </>
            ) : null}
          </dl>
        </Card>
      ) : null}

      {conflicts.length > 0 ? (
        <Card title="Conflicts With Direct Bookings">
          <p className="text-sm text-stone-700">
            These channel bookings share nights with a confirmed direct booking. Contact the guest or the
            channel.
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            {conflicts.map((c) => (
              <li key={`${c.sourceId}-${c.uid}-${c.checkIn}`}>
                {CALENDAR_SOURCE_LABELS[c.sourceId]}: {c.summary || 'event'} from {c.checkIn} to {c.checkOut}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card title="How to Get Your iCal URLs">
        <div className="space-y-3 text-sm text-stone-700">
          <p>
            <strong>Airbnb:</strong> open Listings → The Tower → Availability → Connect calendars → Connect to
            another website, then copy the Airbnb calendar link (it ends in .ics).
          </p>
          <p>
            <strong>Booking.com:</strong> in the Extranet open Rates &amp; Availability → Sync calendars →
            Export calendar, then copy the link.
          </p>
          <p>
            Calendars sync automatically every 3 hours, and a manual sync updates immediately. Save keeps an
            address as you typed it; a successful sync saves it too.
          </p>
        </div>
      </Card>

      <ExportCard />
    </div>
  );
}
