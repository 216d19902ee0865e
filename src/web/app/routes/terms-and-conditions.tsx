import type { MetaArgs } from 'react-router';
import { formatGbp } from '../../../domain/format.ts';
import { MAX_GUESTS, MAX_NIGHTS, MIN_NIGHTS } from '../../../domain/property.ts';
import type { PropertyFacts } from '../../../domain/property-facts.ts';
import { REFUND_PROCESSING_FEE_PENCE } from '../../../domain/refunds.ts';
import type { PublicPrices } from '../../../domain/site-content.ts';
import { LegalPage, type LegalSection } from '../../components/content/legal-page.tsx';
import { CANCELLATION_ROWS } from '../../content/booking.ts';
import { SITE } from '../../content/site.ts';
import { CurrentScheduleTerms } from '../../features/payment-schedule/schedule-terms.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useEnquiriesEmail, useSiteContent } from '../../lib/site-content.ts';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta({
    matches,
    title: 'Terms and Conditions | The Tower, Aberdeen',
    description:
      'The terms of staying at The Tower, Aberdeen: check-in from 4:00 PM, check-out by 11:00 AM, house rules and the cancellation policy for direct bookings.',
    path: '/terms-and-conditions',
    keywords: 'The Tower terms and conditions, cancellation policy, house rules, Aberdeen holiday let terms',
  });

/** Effective date of the cancellation policy (spec section 9). */
const CANCELLATION_POLICY_EFFECTIVE = '18/07/25';

const processingFee = formatGbp(REFUND_PROCESSING_FEE_PENCE);

function sections(email: string, property: PropertyFacts, prices: PublicPrices): LegalSection[] {
  const { stayTimes } = property;
  const cleaningFee = formatGbp(Math.round(prices.cleaningFeeGbp * 100));
  return [
    {
      id: 'who-we-are',
      heading: 'Who We Are',
      body: (
        <p>
          The Tower is a privately owned holiday let in Aberdeen, Scotland, run by its owners, {SITE.owners}.
          These terms form the agreement between you, the lead guest who makes the booking, and us. You can
          reach us at <a href={`mailto:${email}`}>{email}</a>.
          {property.licenceNumber === undefined ? null : ` Short-term let licence ${property.licenceNumber}.`}
          {property.epcRating === undefined ? null : ` EPC rating ${property.epcRating}.`}
        </p>
      ),
    },
    {
      id: 'check-in-and-check-out',
      heading: 'Check-in and Check-out',
      body: (
        <>
          <p>
            Check-in is from <strong>{stayTimes.checkIn}</strong> and check-out is by{' '}
            <strong>{stayTimes.checkOut}</strong>. Access codes and check-in instructions are sent to the lead
            guest 24 hours before arrival.
          </p>
          <p>
            Stays are from {MIN_NIGHTS} to {MAX_NIGHTS} nights. Early check-in or late check-out may be
            possible on request, but cannot be guaranteed.
          </p>
        </>
      ),
    },
    {
      id: 'house-rules',
      heading: 'House Rules',
      body: (
        <ul>
          <li>
            The Tower sleeps a maximum of <strong>{property.maxOccupancy ?? MAX_GUESTS} guests</strong>. Only
            guests named in the booking may stay overnight.
          </li>
          <li>
            Please keep noise down after <strong>10:00 PM</strong>: The Tower has neighbours.
          </li>
          <li>No parties or events without our written agreement.</li>
          <li>No smoking or vaping anywhere inside the building or on the roof terrace.</li>
          <li>No pets.</li>
        </ul>
      ),
    },
    {
      id: 'cleanliness',
      heading: 'Cleanliness',
      body: (
        <p>
          Every booking includes a {cleaningFee} cleaning fee for a professional clean between stays. Please
          leave The Tower in a reasonable state: wash up, put rubbish and recycling in the bins provided and
          let us know about any spills. Additional cleaning needed because of excessive mess may be charged at
          cost.
        </p>
      ),
    },
    {
      id: 'damage',
      heading: 'Damage',
      body: (
        <>
          <p>
            Please tell us straight away about anything broken or damaged during your stay; accidents happen.
            The lead guest is responsible for damage caused by the party beyond fair wear and tear, and we may
            charge the reasonable cost of repair or replacement, with evidence, after your stay.
          </p>
          <p>
            When we take a damage deposit, the booking page shows its amount, when it is held on your card
            (or, for a long stay, charged) and when it is released or refunded, before you pay; we take from
            it only the reasonable cost of damage, and e-mail you the amount and the reason.
          </p>
        </>
      ),
    },
    {
      id: 'safety',
      heading: 'Safety',
      body: (
        <>
          <p>
            The Tower is spread over five floors with steep stairs and no lift. It is not suitable for
            wheelchair users, and children must be supervised on the stairs, in the sauna and on the roof
            terrace at all times.
          </p>
          <p>
            Follow the sauna instructions, never use it after drinking alcohol, and do not tamper with smoke
            alarms, fire doors or extinguishers. Fire safety information is in the house guide.
          </p>
        </>
      ),
    },
    {
      id: 'cancellations',
      heading: 'Cancellations',
      body: (
        <>
          <p>
            To cancel, e-mail us at <a href={`mailto:${email}`}>{email}</a> with your booking reference. The
            date we receive your e-mail is the cancellation date, counted in whole days before check-in on UK
            time.
          </p>
          <p>
            If we ever have to cancel your stay, for example because The Tower cannot be used, you receive a
            full refund of everything you paid, with no processing fee.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      heading: 'Payment',
      body: (
        <>
          <p>
            You pay by card when you book. Depending on how far ahead you book, you pay either the full price
            then, or a deposit then and the balance later: the balance is charged automatically, on the date
            shown before you pay and in your confirmation e-mail, to the card you booked with, which is kept
            by our payment provider for that charge only. The booking page shows exactly what is charged today
            and what, and when, later.
          </p>
          <CurrentScheduleTerms />
          <p>
            If the balance cannot be charged (your bank asks you to confirm the payment, or the card is
            declined), we e-mail you a link to pay it on our checkout page and remind you after 2 and 5 days.
            Your booking stays confirmed meanwhile; if the balance is still unpaid 7 days before arrival we
            may cancel the booking under the cancellation policy below. A cancellation refunds what the policy
            gives on the amounts you have paid so far, and a balance not yet charged is then never charged.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      heading: 'Liability',
      body: (
        <p>
          We are not responsible for loss of or damage to guests’ belongings, or for injury, except where
          caused by our negligence or where the law does not allow us to limit our liability. Nothing in these
          terms affects your statutory rights. We recommend travel insurance.
        </p>
      ),
    },
    {
      id: 'access',
      heading: 'Access',
      body: (
        <p>
          We, or people working for us, may need to enter The Tower during your stay for an emergency or an
          urgent repair. Except in an emergency we will always ask you first and agree a time.
        </p>
      ),
    },
    {
      id: 'cancellation-policy',
      heading: 'Cancellation Policy',
      body: (
        <>
          <p>
            The refund depends on how many days before check-in you cancel. The percentage applies to the
            accommodation and the service fee.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">Refund by time of cancellation</caption>
              <thead>
                <tr className="border-stone-300 border-b">
                  <th scope="col" className="py-2 pr-4">
                    When you cancel
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Refund
                  </th>
                  <th scope="col" className="py-2">
                    Cleaning fee
                  </th>
                </tr>
              </thead>
              <tbody>
                {CANCELLATION_ROWS.map((row) => (
                  <tr key={row.days} className="border-stone-200 border-b">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      {row.when}
                    </th>
                    <td className="py-2 pr-4 font-semibold">{row.rule.percent}%</td>
                    <td className="py-2">{row.rule.cleaningFeeRefunded ? 'Refunded' : 'Not refunded'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul>
            <li>
              A <strong>{processingFee} processing fee</strong> is deducted from every refund (a refund never
              goes below zero).
            </li>
            <li>
              The {cleaningFee} cleaning fee is refunded only if you cancel more than 30 days before check-in;
              it is non-refundable after that, including within 14 days of arrival.
            </li>
            <li>
              Any visitor levy you paid is refunded in full whenever you cancel, on top of the refund above:
              the levy is due only on a stay that takes place.
            </li>
            <li>
              Refunds are made to the card you paid with and take <strong>5–10 working days</strong> to
              arrive.
            </li>
            <li>
              This policy applies to <strong>direct bookings only</strong> made on this website. Bookings made
              through Airbnb or Booking.com follow that platform’s policy.
            </li>
            <li>This cancellation policy is effective from {CANCELLATION_POLICY_EFFECTIVE}.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'conduct',
      heading: 'Conduct',
      body: (
        <p>
          Please treat The Tower, its neighbours and the local area with respect. If guests break these terms
          seriously, for example by holding a party, exceeding the maximum occupancy or behaving in a
          threatening way, we may ask the party to leave without a refund.
        </p>
      ),
    },
  ];
}

export default function TermsAndConditions() {
  const { property, prices } = useSiteContent();
  const email = useEnquiriesEmail();
  return (
    <LegalPage
      heading="Terms and Conditions"
      dateLine={`Cancellation policy effective ${CANCELLATION_POLICY_EFFECTIVE}`}
      intro={
        <p>
          Thank you for choosing The Tower. These terms apply to every stay booked directly with us. Please
          read them before you book: by proceeding with a booking, you agree to them.
        </p>
      }
      sections={sections(email, property, prices)}
    />
  );
}
