import { useState } from 'react';
import { Link } from 'react-router';
import type { GoLiveChecklist as Checklist, GoLiveChoice, GoLiveItem } from '../../../../domain/go-live.ts';
import { toastIfFailed } from '../../../lib/toast.ts';
import { useGoLive } from '../shared/queries.ts';
import { cardClass } from '../shared/styles.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { FIX_STATE } from './fix-focus.ts';
import { useGoLiveChoice } from './go-live-api.ts';

const linkClass = 'font-medium text-stone-900 underline underline-offset-2 hover:text-stone-600';

/** Where the browser remembers that the owner folded the checklist. */
const FOLDED_KEY = 'goLiveChecklistFolded';

function readFolded(): boolean {
  try {
    return window.localStorage.getItem(FOLDED_KEY) === 'true';
  } catch {
    return false; // storage refused (private mode): open, as on a first visit
  }
}

function rememberFolded(folded: boolean): void {
  try {
    if (folded) window.localStorage.setItem(FOLDED_KEY, 'true');
    else window.localStorage.removeItem(FOLDED_KEY);
  } catch {
    // Not remembered: it opens again next time.
  }
}

/**
 * The go-live checklist on the dashboard: each thing a guest-ready site needs, done or not, what is missing, and
 * a link to where it is fixed. Open while anything is missing, unless the owner folds it to its one line (this
 * browser remembers); folded once everything is done.
 */
export function GoLiveChecklist() {
  const checklist = useGoLive();
  return (
    <WhenRead query={checklist} what="the go-live checklist" className={`${cardClass} text-sm`}>
      {(data) => <ChecklistCard checklist={data} />}
    </WhenRead>
  );
}

function ChecklistCard({ checklist }: { checklist: Checklist }) {
  const choose = useGoLiveChoice();
  const [folded, setFolded] = useState(readFolded);
  // A tick shows at once what the owner chose, while it is saved and the list is read again.
  const [saving, setSaving] = useState<{ choice: GoLiveChoice; value: boolean } | null>(null);

  async function onChoice(choice: GoLiveChoice, value: boolean) {
    setSaving({ choice, value });
    await toastIfFailed(choose.mutateAsync({ choice, value }), { title: 'Not Saved' });
    setSaving(null);
  }

  const { items, open, choices, offerDemoTick } = checklist;
  const done = items.length - open;
  const expanded = open > 0 && !folded;

  const tick = (choice: GoLiveChoice, label: string, id: string) => (
    <label className="mt-2 flex items-start gap-2 text-sm" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4"
        checked={saving?.choice === choice ? saving.value : choices[choice]}
        disabled={choose.isPending}
        onChange={(e) => onChoice(choice, e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <details
      className={cardClass}
      open={expanded}
      aria-labelledby="go-live-heading"
      onToggle={(event) => {
        // The owner's own fold or unfold (a render that sets `open` to what it was changes nothing).
        const nowOpen = event.currentTarget.open;
        if (nowOpen === expanded || open === 0) return;
        setFolded(!nowOpen);
        rememberFolded(!nowOpen);
      }}
    >
      <summary className="cursor-pointer">
        <h2 id="go-live-heading" className="inline font-serif text-xl">
          Go-live checklist
        </h2>
        <span className="ml-3 text-sm text-stone-600">
          {open === 0 ? 'Everything is ready for guests.' : `${done} of ${items.length} done`}
        </span>
      </summary>
      <ul className="mt-4 divide-y divide-stone-100" aria-label="Go-live checklist items">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3" data-item={item.id}>
            <StatusMark done={item.done} />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {item.label} <span className="sr-only">{item.done ? '(done)' : '(to do)'}</span>
              </p>
              <p className="text-sm text-stone-600">{item.detail}</p>
              <FixLink item={item} />
              {item.id === 'payments' && offerDemoTick
                ? tick(
                    'demo_payments',
                    'Run with demo payments on purpose: guests cannot pay, and nobody is charged.',
                    'go-live-payments',
                  )
                : null}
              {item.id === 'export_given'
                ? tick(
                    'export_given',
                    'I gave the export address to both Airbnb and Booking.com.',
                    'go-live-export-given',
                  )
                : null}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}

function StatusMark({ done }: { done: boolean }) {
  return done ? (
    <span
      aria-hidden="true"
      className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-green-700 text-white text-sm"
    >
      ✓
    </span>
  ) : (
    <span aria-hidden="true" className="mt-0.5 size-6 shrink-0 rounded-full border-2 border-amber-600" />
  );
}

/** A link to the admin page that fixes it; a server setting is named instead (it has no page). */
function FixLink({ item }: { item: GoLiveItem }) {
  const { href, label } = item.fixAt;
  if (item.done || href.startsWith('#')) return null;
  if (href === '') return <p className="mt-1 text-sm text-stone-700">Where: {label}</p>;
  return (
    <p className="mt-1 text-sm">
      <Link to={href} state={FIX_STATE} className={linkClass}>
        Fix in {label}
      </Link>
    </p>
  );
}
