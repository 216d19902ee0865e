import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  type IsoDate,
  todayOnPropertyClock,
} from '../../../domain/dates.ts';
import { formatGbp, formatLongDate, formatMonth, formatShortDate } from '../../../domain/format.ts';
import { BOOKING_WINDOW_MONTHS, MAX_NIGHTS } from '../../../domain/property.ts';
import type { RatePlan } from '../../../domain/rate-plan.ts';
import { minNightsFor, nightPrice, overrideOf } from '../../../domain/rate-plan-rules.ts';
import { lastBookableCheckIn } from '../../../domain/stay-rules.ts';
import { BOOKING_TOASTS } from '../../content/booking.ts';
import { toast } from '../../lib/toast.ts';
import { unavailableDatesQuery } from './booking-api.ts';
import { StayRequirements } from './booking-card-parts.tsx';
import { monthStart, WEEKDAYS } from './calendar-dates.ts';
import {
  askedSelection,
  autoSelection,
  type CalendarFacts,
  CLICK_OFFSET,
  canCheckIn,
  chooseCheckOut as judgeCheckOut,
  minNightsOf,
  movedFocus,
  rangeFree,
  startAt as startStay,
  TYPED_OFFSET,
} from './date-selection.ts';

/**
 * A chosen stay: check-in, check-out and its number of nights (spec section 3, "Date selection"). `automatic`
 * when the calendar chose it by itself (on load or on a month change), not the guest.
 */
export type DateSelection = { from: IsoDate; to: IsoDate; nights: number; automatic: boolean };

export type DateRangePickerProps = {
  propertyId: number;
  /** A complete range of at least `minNights` nights, or null when the selection is cleared or incomplete. */
  onSelect(selection: DateSelection | null): void;
  /** Component default 1; the booking page asks for 2 (spec section 2). */
  minNights?: number;
  /** The guest chose a complete range shorter than `minNights` (the booking page opens its dialog). */
  onTooShort?(selection: DateSelection): void;
  /** Changing this value clears the selection (after a booking is paid). */
  resetKey?: number;
  /** Shown under the date summary: what the booking card knows about the dates (checking, available, …). */
  status?: ReactNode;
  /**
   * The owner's rate plan: each available day shows its night's price, a season may ask more nights
   * than `minNights`, and days closed to arrival or departure cannot start or end a stay. The calendar waits
   * for it when the prop is given as null (still loading).
   * See docs/decisions/013-rate-plan.md.
   */
  plan?: RatePlan | null;
  /** Dates the page's address asks for (a follow-up e-mail's link): chosen on load when they can be booked. */
  asked?: { checkIn: string; checkOut: string } | null;
  /** Called once the days are on screen as buttons (the card's root marks the card usable). */
  onReady?: () => void;
};

/** The spec's check-out offsets (section 4): a day click gives 2 nights, typing a check-in or the auto-selection 1. */

type Phase = 'none' | 'checkIn' | 'complete';
type Selection = { checkIn: IsoDate | null; checkOut: IsoDate | null; phase: Phase };
const EMPTY: Selection = { checkIn: null, checkOut: null, phase: 'none' };

/**
 * The booking calendar (spec sections 2, 4 and 5 and the spec README's decisions): a Sunday-first month grid
 * of nights, booked nights from `/api/unavailable-dates`, Check-in and Check-out inputs, Clear All, a summary and
 * the stay requirements. Keyboard: arrows move a day, Page Up / Page Down a month, Home / End the week, Enter
 * chooses. A taken day can be a check-out when every night before it is free.
 */
export function DateRangePicker({
  propertyId,
  onSelect,
  minNights = 1,
  onTooShort,
  resetKey,
  status,
  plan,
  asked,
  onReady,
}: DateRangePickerProps) {
  const ids = useId();
  const unavailableQuery = useQuery(unavailableDatesQuery(propertyId));
  // The calendar of the property's clock is only known in the browser (the page is pre-rendered at build time):
  // the card is only ever rendered there (book-now-section.tsx loads it on demand), so its first render knows
  // today already, rather than a render later.
  const [today] = useState<IsoDate>(() => todayOnPropertyClock(new Date()));
  const [month, setMonth] = useState<IsoDate>(() => monthStart(today));
  const [selection, setSelection] = useState<Selection>(EMPTY);
  /** Once the guest has chosen or cleared dates, the calendar no longer selects by itself. */
  const [touched, setTouched] = useState(false);
  const [focusedDay, setFocusedDay] = useState<IsoDate | null>(null);
  const focusPending = useRef(false);
  // The callbacks are read through refs so a parent's new function identity never re-runs the auto-selection.
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onTooShortRef = useRef(onTooShort);
  onTooShortRef.current = onTooShort;
  const autoSelectedFor = useRef<string | null>(null);
  const dayButtons = useRef(new Map<IsoDate, HTMLButtonElement>());

  useEffect(() => {
    if (unavailableQuery.error) console.warn('Could not load the unavailable dates', unavailableQuery.error);
  }, [unavailableQuery.error]);

  const taken = useMemo(
    () => new Set(unavailableQuery.data?.unavailableDates ?? []),
    [unavailableQuery.data],
  );
  const calendarReady = today !== null && month !== null && !unavailableQuery.isPending && plan !== null;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  useEffect(() => {
    if (calendarReady) onReadyRef.current?.();
  }, [calendarReady]);

  const firstMonth = today ? monthStart(today) : null;
  const lastMonth = today ? monthStart(addMonths(today, BOOKING_WINDOW_MONTHS)) : null;
  const lastCheckIn = today ? lastBookableCheckIn(today) : null;

  const facts = useMemo<CalendarFacts | null>(
    () =>
      today && lastCheckIn
        ? {
            today,
            lastCheckIn,
            taken,
            minNights: plan
              ? (checkIn: IsoDate) => Math.max(minNights, minNightsFor(plan, checkIn).nights)
              : minNights,
            ...(plan
              ? {
                  closedToArrival: (day: IsoDate) => overrideOf(plan, day)?.closedToArrival === true,
                  closedToDeparture: (day: IsoDate) => overrideOf(plan, day)?.closedToDeparture === true,
                }
              : {}),
          }
        : null,
    [today, lastCheckIn, taken, minNights, plan],
  );

  const report = useCallback(
    (checkIn: IsoDate, checkOut: IsoDate, phase: Phase, automatic = false) => {
      const nights = daysBetween(checkIn, checkOut);
      if (nights < (facts ? minNightsOf(facts, checkIn) : minNights)) {
        setSelection({ checkIn, checkOut: null, phase: 'checkIn' });
        onSelectRef.current(null);
        onTooShortRef.current?.({ from: checkIn, to: checkOut, nights, automatic });
        return;
      }
      setSelection({ checkIn, checkOut, phase });
      onSelectRef.current({ from: checkIn, to: checkOut, nights, automatic });
    },
    [minNights, facts],
  );

  /** Makes `day` the check-in with the default check-out (spec README: never fewer than the minimum nights). */
  const startAt = useCallback(
    (day: IsoDate, offset: number, phase: Phase) => {
      if (!facts) return;
      const answer = startStay(day, offset, facts);
      if (answer.ok) {
        report(day, answer.checkOut, phase);
        return;
      }
      if (answer.reason === 'rangeUnavailable') {
        setSelection({ checkIn: day, checkOut: null, phase: 'checkIn' });
        onSelectRef.current(null);
      }
      toast(BOOKING_TOASTS[answer.reason]);
    },
    [facts, report],
  );

  const chooseCheckOut = useCallback(
    (checkIn: IsoDate, day: IsoDate) => {
      const answer = judgeCheckOut(checkIn, day, taken, facts?.closedToDeparture);
      if (answer.ok) report(checkIn, day, 'complete');
      else toast(BOOKING_TOASTS[answer.reason]);
    },
    [taken, report, facts],
  );

  // Auto-selection (spec section 4): on load and on month change, the first day of the displayed month (not
  // before today) whose default stay is free, until the guest chooses dates themselves.
  useEffect(() => {
    if (!calendarReady || touched || !month || !facts) return;
    const key = `${month}|${unavailableQuery.dataUpdatedAt}`;
    if (autoSelectedFor.current === key) return;
    const first = autoSelectedFor.current === null;
    autoSelectedFor.current = key;
    // On load only: the dates the address asks for, as if the guest had chosen them again.
    const wanted = first ? askedSelection(asked, facts) : null;
    if (wanted) {
      setTouched(true);
      setMonth(monthStart(wanted.checkIn));
      report(wanted.checkIn, wanted.checkOut, 'complete');
      return;
    }
    const chosen = autoSelection(month, facts);
    if (chosen) report(chosen.checkIn, chosen.checkOut, 'complete', true);
  }, [calendarReady, touched, month, facts, unavailableQuery.dataUpdatedAt, report, asked]);

  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (lastResetKey.current === resetKey) return;
    lastResetKey.current = resetKey;
    setSelection(EMPTY);
    setTouched(true);
  }, [resetKey]);

  function chooseDay(day: IsoDate) {
    setTouched(true);
    setFocusedDay(day);
    if (selection.phase === 'checkIn' && selection.checkIn && day > selection.checkIn) {
      chooseCheckOut(selection.checkIn, day);
    } else {
      startAt(day, CLICK_OFFSET, 'checkIn');
    }
  }

  function showMonth(next: IsoDate) {
    if (!firstMonth || !lastMonth) return;
    const target = monthStart(next);
    if (target < firstMonth || target > lastMonth) return;
    setMonth(target);
  }

  function onCheckInInput(value: string) {
    setTouched(true);
    if (!value) {
      setSelection(EMPTY);
      onSelectRef.current(null);
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    startAt(value, TYPED_OFFSET, 'complete');
    showMonth(value);
  }

  function onCheckOutInput(value: string) {
    setTouched(true);
    if (!selection.checkIn) return;
    if (!value) {
      setSelection({ checkIn: selection.checkIn, checkOut: null, phase: 'checkIn' });
      onSelectRef.current(null);
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    chooseCheckOut(selection.checkIn, value);
  }

  function clearAll() {
    setTouched(true);
    setSelection(EMPTY);
    onSelectRef.current(null);
  }

  // Keyboard focus follows the focused day across months (a roving tabindex on the grid's day buttons). A layout
  // effect: it runs in the commit that shows the new month, so a key pressed right after (a fast PageDown) never
  // finds the old day's button gone and the focus on the page's body. (A passive effect can wait for other work,
  // such as a lazily loaded part of the page arriving.)
  useLayoutEffect(() => {
    if (!focusPending.current || !focusedDay) return;
    const button = dayButtons.current.get(focusedDay);
    if (button) {
      focusPending.current = false;
      button.focus();
    }
  });

  function onGridKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: IsoDate) {
    if (!firstMonth || !lastMonth) return;
    const clamped = movedFocus(event.key, day, { first: firstMonth, last: lastMonth });
    if (!clamped) return;
    event.preventDefault();
    focusPending.current = true;
    setFocusedDay(clamped);
    if (month && monthStart(clamped) !== month) setMonth(monthStart(clamped));
  }

  const nights =
    selection.checkIn && selection.checkOut ? daysBetween(selection.checkIn, selection.checkOut) : 0;

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${ids}-in`} className="block font-medium text-sm text-stone-800">
            Check-in Date
          </label>
          <input
            id={`${ids}-in`}
            type="date"
            className="mt-1 w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
            value={selection.checkIn ?? ''}
            min={today ?? undefined}
            max={lastCheckIn ?? undefined}
            onChange={(event) => onCheckInInput(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-out`} className="block font-medium text-sm text-stone-800">
            Check-out Date
          </label>
          <input
            id={`${ids}-out`}
            type="date"
            className="mt-1 w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm disabled:bg-stone-100 disabled:text-stone-500"
            value={selection.checkOut ?? ''}
            disabled={!selection.checkIn}
            min={
              selection.checkIn
                ? addDays(selection.checkIn, facts ? minNightsOf(facts, selection.checkIn) : minNights)
                : undefined
            }
            max={selection.checkIn ? addDays(selection.checkIn, MAX_NIGHTS) : undefined}
            onChange={(event) => onCheckOutInput(event.target.value)}
          />
        </div>
      </div>

      <div className="rounded-lg border border-stone-200 bg-white p-3">
        {!calendarReady || !month ? (
          <div role="status" className="flex h-72 items-center justify-center gap-2 text-sm text-stone-600">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-amber-600"
            />
            Checking availability
          </div>
        ) : (
          <>
            <div className="mb-2 flex items-center justify-between">
              <button
                type="button"
                className="rounded px-2 py-1 text-lg hover:bg-stone-100 disabled:opacity-30"
                aria-label="Previous month"
                disabled={month <= firstMonth!}
                onClick={() => {
                  goToMonth(addMonths(month, -1));
                }}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <h3 id={`${ids}-month`} className="font-semibold text-stone-900" aria-live="polite">
                {formatMonth(month)}
              </h3>
              <button
                type="button"
                className="rounded px-2 py-1 text-lg hover:bg-stone-100 disabled:opacity-30"
                aria-label="Next month"
                disabled={month >= lastMonth!}
                onClick={() => {
                  goToMonth(addMonths(month, 1));
                }}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
            <MonthGrid
              month={month}
              labelledBy={`${ids}-month`}
              today={today!}
              taken={taken}
              selection={selection}
              focusedDay={focusedDay}
              canCheckIn={(day) => facts !== null && canCheckIn(day, facts)}
              canCheckOut={(day) => !facts?.closedToDeparture?.(day)}
              rangeFree={(from, to) => rangeFree(from, to, taken)}
              priceOf={plan ? (day) => priceOfNight(plan, day) : undefined}
              dayButtons={dayButtons.current}
              onChoose={chooseDay}
              onKeyDown={onGridKeyDown}
              onFocusDay={setFocusedDay}
            />
            <ul className="mt-3 flex gap-4 text-stone-700 text-xs" aria-label="Legend">
              <li className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-3 rounded-sm border border-stone-300 bg-white" />
                Available
              </li>
              <li className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-3 rounded-sm bg-stone-300" />
                Booked
              </li>
            </ul>
          </>
        )}
      </div>

      <div className="flex items-start justify-between gap-3">
        <p className="text-sm text-stone-800" aria-live="polite" data-testid="date-summary">
          {selection.checkIn ? (
            <>
              <span className="block">Check-in: {formatShortDate(selection.checkIn)}</span>
              {selection.checkOut ? (
                <span className="block">
                  Check-out: {formatShortDate(selection.checkOut)} ·{' '}
                  <strong>
                    {nights} {nights === 1 ? 'night' : 'nights'}
                  </strong>
                </span>
              ) : (
                <span className="block text-stone-600">Choose your check-out date</span>
              )}
            </>
          ) : (
            <span className="text-stone-600">Choose your check-in date</span>
          )}
        </p>
        <button
          type="button"
          onClick={clearAll}
          className="shrink-0 rounded-md border border-stone-300 px-3 py-1 text-sm hover:bg-stone-100"
        >
          Clear All
        </button>
      </div>

      {status}

      <StayRequirements
        minimum={
          plan && selection.checkIn
            ? (() => {
                const rule = minNightsFor(plan, selection.checkIn);
                return rule.season ? { nights: rule.nights, season: rule.season.name } : undefined;
              })()
            : undefined
        }
      />
    </div>
  );

  function goToMonth(next: IsoDate) {
    showMonth(next);
    setFocusedDay(null);
  }
}

/** The price of one night by the plan, in pounds as the calendar prints it ('£275'). */
function priceOfNight(plan: RatePlan, day: IsoDate): string {
  return formatGbp(nightPrice(plan, day, plan.weekendNights.includes(dayOfWeek(day))));
}

type MonthGridProps = {
  month: IsoDate;
  labelledBy: string;
  today: IsoDate;
  taken: Set<IsoDate>;
  selection: Selection;
  focusedDay: IsoDate | null;
  canCheckIn(day: IsoDate): boolean;
  canCheckOut(day: IsoDate): boolean;
  rangeFree(from: IsoDate, to: IsoDate): boolean;
  /** The night's price as printed, when the plan is known. */
  priceOf?: ((day: IsoDate) => string) | undefined;
  dayButtons: Map<IsoDate, HTMLButtonElement>;
  onChoose(day: IsoDate): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: IsoDate): void;
  onFocusDay(day: IsoDate): void;
};

function MonthGrid(props: MonthGridProps) {
  const { month, today, taken, selection, focusedDay } = props;
  const first = new Date(`${month}T12:00:00Z`).getUTCDay();
  const daysInMonth = daysBetween(month, addMonths(month, 1));
  type Cell = { key: string; day: IsoDate | null };
  const cells: Cell[] = [
    ...Array.from({ length: first }, (_, i): Cell => ({ key: `pad-start-${i}`, day: null })),
    ...Array.from(
      { length: daysInMonth },
      (_, i): Cell => ({ key: addDays(month, i), day: addDays(month, i) }),
    ),
  ];
  for (let i = 0; cells.length % 7 !== 0; i++) cells.push({ key: `pad-end-${i}`, day: null });
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  // The one day reachable by Tab: the focused day, else the check-in, else today, else the 1st.
  const inMonth = (day: IsoDate | null) => day !== null && monthStart(day) === month;
  const tabDay = inMonth(focusedDay)
    ? focusedDay!
    : inMonth(selection.checkIn)
      ? selection.checkIn!
      : inMonth(today)
        ? today
        : month;

  const choosingCheckOut = selection.phase === 'checkIn' && selection.checkIn !== null;

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker pattern is a table with role grid
    <table role="grid" aria-labelledby={props.labelledBy} className="w-full table-fixed border-collapse">
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th
              key={weekday.short}
              scope="col"
              abbr={weekday.long}
              className="py-1 font-medium text-stone-500 text-xs"
            >
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.key + week[6]!.key}>
            {week.map(({ key, day }) => {
              if (!day) return <td key={key} />;
              const booked = taken.has(day);
              const past = day < today;
              const validCheckOut =
                choosingCheckOut &&
                day > selection.checkIn! &&
                daysBetween(selection.checkIn!, day) <= MAX_NIGHTS &&
                props.rangeFree(selection.checkIn!, day) &&
                props.canCheckOut(day);
              const choosable = validCheckOut || props.canCheckIn(day);
              const isCheckIn = day === selection.checkIn;
              const isCheckOut = day === selection.checkOut;
              const inRange =
                selection.checkIn !== null &&
                selection.checkOut !== null &&
                day > selection.checkIn &&
                day < selection.checkOut;
              const status = past
                ? 'past'
                : booked
                  ? validCheckOut
                    ? 'booked, free for check-out'
                    : 'booked'
                  : 'available';
              // Each free night shows its price: in small type, and in the day's accessible name.
              // See docs/decisions/013-rate-plan.md.
              const price = !past && !booked && props.priceOf ? props.priceOf(day) : null;
              const role = isCheckIn
                ? ', check-in'
                : isCheckOut
                  ? ', check-out'
                  : inRange
                    ? ', in your stay'
                    : '';
              return (
                <td key={key} className="relative p-0.5">
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) props.dayButtons.set(day, element);
                      else props.dayButtons.delete(day);
                    }}
                    data-day={day}
                    tabIndex={day === tabDay ? 0 : -1}
                    aria-label={`${formatLongDate(day)}, ${status}${price ? `, ${price}` : ''}${role}`}
                    aria-disabled={!choosable || undefined}
                    onClick={() => props.onChoose(day)}
                    onKeyDown={(event) => props.onKeyDown(event, day)}
                    onFocus={() => props.onFocusDay(day)}
                    className={[
                      'flex w-full justify-center rounded-md text-sm tabular-nums',
                      props.priceOf ? 'h-11 items-start pt-1.5' : 'h-9 items-center',
                      isCheckIn || isCheckOut
                        ? 'bg-amber-700 font-semibold text-white'
                        : inRange
                          ? 'bg-amber-100 text-amber-950'
                          : booked
                            ? 'bg-stone-300 text-stone-600 line-through'
                            : past
                              ? 'text-stone-400'
                              : 'text-stone-900 hover:bg-amber-50',
                      choosable ? 'cursor-pointer' : 'cursor-not-allowed',
                    ].join(' ')}
                  >
                    {Number(day.slice(8))}
                  </button>
                  {price ? (
                    // Beside the button, not in it, so the button's visible text stays within its name (the
                    // name says the price); clicks pass through it to the button.
                    <span
                      aria-hidden="true"
                      className={`pointer-events-none absolute inset-x-0 bottom-1.5 text-center text-[0.625rem] tabular-nums ${isCheckIn || isCheckOut ? 'text-white' : 'text-stone-600'}`}
                    >
                      {price}
                    </span>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
