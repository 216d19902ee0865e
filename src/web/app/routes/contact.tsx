import type { ReactNode } from 'react';
import { Link, type MetaArgs, useSearchParams } from 'react-router';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../../domain/api/enquiries.ts';
import { MAX_GUESTS } from '../../../domain/property.ts';
import { OwnerParagraphs } from '../../components/content/owner-texts.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { CONTACT } from '../../content/site.ts';
import { EnquiryForm } from '../../features/enquiries/index.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useEnquiriesEmail, useSiteContent } from '../../lib/site-content.ts';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta({
    matches,
    title: 'Contact | The Tower, Aberdeen',
    description:
      'Contact the owners of The Tower, Aberdeen, about bookings, corporate day hire and special requests. We typically respond within 24 hours.',
    path: '/contact',
    keywords:
      'contact The Tower Aberdeen, Aberdeen venue hire, corporate day hire Aberdeen, holiday let enquiry',
  });

const mailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

const cardClass = 'flex flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm';
/** The cards' calls to action sit at their foot. */
const cardAction = buttonClass({ size: 'lg', className: 'mt-auto self-start' });

/** One "How can we help?" card: its title, its sentence, and its call to action at its foot. */
function HelpCard({ card, children }: { card: { title: string; text: string }; children: ReactNode }) {
  return (
    <div className={cardClass}>
      <h3 className="font-semibold text-xl">{card.title}</h3>
      <p className="mt-2 mb-6 text-stone-700">{card.text}</p>
      {children}
    </div>
  );
}

/**
 * A help card answered by e-mail, with the card's subject, or by the enquiry form below, opened on the card's
 * kind of enquiry.
 */
function EnquiryHelpCard({
  card,
  email,
  action,
  kind,
}: {
  card: { title: string; text: string; subject: string };
  email: string;
  /** The e-mail link's words. */
  action: string;
  kind: EnquiryKind;
}) {
  return (
    <HelpCard card={card}>
      <a href={mailto(email, card.subject)} className={cardAction}>
        {action}
      </a>
      <Link to={`/contact?kind=${kind}#enquiry`} className="mt-3 self-start text-sm underline">
        Or use the enquiry form
      </Link>
    </HelpCard>
  );
}

export default function Contact() {
  const email = useEnquiriesEmail();
  const { property, texts } = useSiteContent();
  const { holiday, corporate, special } = CONTACT.helpCards;
  const [search] = useSearchParams();
  const asked = search.get('kind');
  const initialKind = ENQUIRY_KINDS.find((kind) => kind === asked) ?? 'day_hire';
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="font-serif text-4xl sm:text-5xl">{CONTACT.heading}</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-700">{CONTACT.intro}</p>

      <section aria-labelledby="reach-heading" className="mt-10 grid gap-6 md:grid-cols-3">
        <h2 id="reach-heading" className="sr-only">
          How to reach us
        </h2>
        <div className="rounded-xl bg-stone-900 p-6 text-white">
          <h3 className="font-semibold text-stone-200 text-sm uppercase tracking-wide">Enquiries</h3>
          <a href={`mailto:${email}`} className="mt-2 block break-all font-serif text-xl underline">
            {email}
          </a>
          <p className="mt-3 text-stone-200">{CONTACT.responseTime}</p>
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-6">
          <h3 className="font-semibold text-sm text-stone-600 uppercase tracking-wide">Location</h3>
          <address className="mt-2 text-lg not-italic">
            {property.address.street === undefined ? null : (
              <>
                {property.address.street}
                <br />
              </>
            )}
            {property.address.locality}
            {property.address.postcode === undefined ? null : ` ${property.address.postcode}`}
            <br />
            {property.address.region}
          </address>
          <p className="mt-3 text-stone-700">
            The full address and door code arrive 24 hours before your stay.
          </p>
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-6">
          <h3 className="font-semibold text-sm text-stone-600 uppercase tracking-wide">Your stay</h3>
          <p className="mt-2 text-stone-700">
            Up to {property.maxOccupancy ?? MAX_GUESTS} guests · minimum 2 nights · check-in from{' '}
            {property.stayTimes.checkIn}, check-out by {property.stayTimes.checkOut}.
          </p>
        </div>
      </section>

      <section aria-labelledby="help-heading" className="mt-16">
        <h2 id="help-heading" className="font-serif text-3xl">
          How can we help?
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          <HelpCard card={holiday}>
            <Link to="/" className={cardAction}>
              Book Now
            </Link>
          </HelpCard>
          <EnquiryHelpCard card={corporate} email={email} action="Enquire about venue hire" kind="day_hire" />
          <EnquiryHelpCard card={special} email={email} action="Send a special request" kind="stay" />
        </div>
      </section>

      <section id="enquiry" aria-labelledby="enquiry-heading" className="mt-16 max-w-3xl scroll-mt-24">
        <h2 id="enquiry-heading" className="font-serif text-3xl">
          Send us an enquiry
        </h2>
        <p className="mt-2 mb-6 text-stone-700">
          A day hire, a single night or a longer stay, a group: tell us what you have in mind and we will
          answer with a quote you can accept and pay online.
        </p>
        <EnquiryForm key={initialKind} initialKind={initialKind} />
      </section>

      <section aria-labelledby="about-heading" className="mt-16 max-w-3xl">
        <h2 id="about-heading" className="font-serif text-3xl">
          {CONTACT.aboutHeading}
        </h2>
        <OwnerParagraphs paragraphs={texts.aboutText} />
      </section>
    </div>
  );
}
