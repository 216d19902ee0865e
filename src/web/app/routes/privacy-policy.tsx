import type { MetaArgs } from 'react-router';
import {
  BOOKING_RECORDS_YEARS,
  CORRESPONDENCE_YEARS,
  GUEST_REGISTER_MONTHS,
} from '../../../domain/retention.ts';
import { LegalPage, type LegalSection } from '../../components/content/legal-page.tsx';
import { SITE } from '../../content/site.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useEnquiriesEmail } from '../../lib/site-content.ts';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta({
    matches,
    title: 'Privacy Policy | The Tower, Aberdeen',
    description:
      'How The Tower, Aberdeen collects, uses and keeps the personal data of its guests, and the rights you have under UK data protection law.',
    path: '/privacy-policy',
    keywords: 'The Tower privacy policy, guest data, UK GDPR',
  });

// The specification fixes this date (product spec, section 9); the sections below extend the policy it dates.
const LAST_UPDATED = '17/01/25';

function sections(email: string): LegalSection[] {
  const mail = <a href={`mailto:${email}`}>{email}</a>;
  return [
    {
      id: 'who-we-are',
      heading: 'Who We Are',
      body: (
        <p>
          The Tower is a holiday let in Aberdeen, Scotland, run by its owners, {SITE.owners}, who are the data
          controller for the personal data described here. Questions about your data go to {mail}.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      heading: 'The Information We Collect',
      body: (
        <ul>
          <li>
            Booking details: your name, e-mail address, phone number (optional), dates and number of guests.
          </li>
          <li>
            The guest register the law requires of every guest aged 16 or over (the Immigration (Hotel
            Records) Order 1972): full name and nationality and, for a guest who is not a British, Irish or
            Commonwealth citizen, the number and place of issue of their passport and their next destination.
            If you accept our house agreement online, the name you type, the time and your connection’s
            address.
          </li>
          <li>Anything you choose to tell us in a special request or an e-mail.</li>
          <li>
            A review of your stay, if you choose to write one: your rating, your words and the name you choose
            to show, which we publish on this website 48 hours after you write it.
          </li>
          <li>
            The receipts and credit notes we issue for your payments and refunds, and the company name and
            address you ask us to put on them, if any.
          </li>
          <li>
            Payment confirmation from our payment provider. We never see or store your full card number.
          </li>
          <li>
            Basic technical logs (such as the page requested and the time) that keep the website secure.
          </li>
        </ul>
      ),
    },
    {
      id: 'how-we-use-it',
      heading: 'How We Use Your Information',
      body: (
        <ul>
          <li>
            To take and manage your booking, and to send your confirmation, your check-in instructions the day
            before you arrive and a thank-you after your stay.
          </li>
          <li>
            If you start a booking but do not finish paying, one e-mail about an hour later with your dates
            and today’s price, only while those dates are still free and you have not booked since; never more
            than one a week. Each has a link that stops them in one click, for good.
          </li>
          <li>To answer your questions and requests before, during and after your stay.</li>
          <li>To keep accounts and meet our legal and tax obligations.</li>
          <li>To protect the website and The Tower against fraud and misuse.</li>
        </ul>
      ),
    },
    {
      id: 'legal-basis',
      heading: 'Our Legal Basis',
      body: (
        <p>
          We use your data to perform our contract with you (your booking), to meet legal obligations (such as
          tax records) and for our legitimate interest in running a safe, secure holiday let. The one reminder
          about a booking you started is sent under that legitimate interest and the Privacy and Electronic
          Communications Regulations’ rule for people who asked about a booking (you can refuse it in one
          click); apart from it we do not send marketing e-mails.
        </p>
      ),
    },
    {
      id: 'payments',
      heading: 'Payments',
      body: (
        <p>
          Card and digital wallet payments are handled by our payment provider, Stripe, which processes your
          card details under its own privacy policy and the PCI DSS security standard. We receive only a
          confirmation of payment and the last digits of the card for refunds. When you agree to it at
          booking, Stripe keeps your card (we never do) so that we can take a balance when it is due, or hold
          a damage deposit before you arrive; the deposit is released after your stay unless we claim part of
          it for damage, and we tell you why.
        </p>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who We Share It With',
      body: (
        <p>
          We share only what is needed with the services that help us run The Tower: our payment provider, our
          e-mail provider, our cleaners (your arrival and departure dates only) and, where the law requires
          it, public authorities. We never sell your data. Where a provider stores data outside the UK, it is
          protected by the safeguards UK law requires.
        </p>
      ),
    },
    {
      id: 'how-long-we-keep-it',
      heading: 'How Long We Keep It',
      body: (
        <p>
          Booking records are kept for <strong>{BOOKING_RECORDS_YEARS} years</strong> after your stay, for tax
          and accounting purposes (longer than the 6 years HMRC asks for receipts). Then your name, contact
          details, requests, receipts and the e-mails we sent you about the booking are erased automatically,
          with any review you wrote; only the dates and the amounts paid stay in our accounts, without
          anything that identifies you. E-mail correspondence that is not part of a booking, such as an
          enquiry or a quote through our contact form, is erased after {CORRESPONDENCE_YEARS} years. The guest
          register is kept for <strong>{GUEST_REGISTER_MONTHS} months</strong> after your stay, as the law
          requires, so that the police may inspect it, and then erased automatically.
        </p>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      body: (
        <p>
          Under UK data protection law you may ask for a copy of your data (we send everything we hold about
          you as a file), have it corrected, ask us to delete it or restrict its use (unless we must keep it
          by law), and object to how we use it. Write to {mail}. If you are unhappy with our answer you may
          complain to the Information Commissioner’s Office (ico.org.uk).
        </p>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and Storage',
      body: (
        <p>
          This website does not use advertising or tracking cookies and loads nothing from other websites
          until you reach the payment step, when our payment provider’s secure form is loaded. The owner’s
          admin area keeps its sign-in in the owner’s own browser.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy from time to time; the date at the top shows the latest version. If a
          change affects a booking you have already made, we will tell you by e-mail.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicy() {
  const email = useEnquiriesEmail();
  return (
    <LegalPage
      heading="Privacy Policy"
      dateLine={`Last updated ${LAST_UPDATED}`}
      intro={
        <p>
          We respect your privacy. This policy explains what personal information we collect when you enquire
          about or book a stay at The Tower, why we need it, how long we keep it and the rights you have.
        </p>
      }
      sections={sections(email)}
    />
  );
}
