import { Link } from 'react-router';
import { listingFacts, SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS } from '../../../domain/property-facts.ts';
import { LANDING_PAGES, SITE } from '../../content/site.ts';
import { useEnquiriesEmail, useSiteContent } from '../../lib/site-content.ts';

const linkClass = 'underline-offset-2 hover:underline';

export function SiteFooter() {
  const email = useEnquiriesEmail();
  const { property } = useSiteContent();
  // Only what the owner has given: no empty list, no link to nowhere (docs/decisions/014).
  const profiles = SOCIAL_NETWORKS.flatMap((network) => {
    const href = property.social[network];
    return href ? [{ network, href, label: SOCIAL_NETWORK_LABELS[network] }] : [];
  });
  const facts = listingFacts(property);
  return (
    <footer className="mt-16 border-stone-200 border-t bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-lg text-white">{SITE.name}</p>
          <p className="mt-2 text-sm text-stone-300">{SITE.tagline}.</p>
          {property.hashtags.length > 0 ? (
            <p className="mt-3 text-sm text-stone-300">{property.hashtags.join(' ')}</p>
          ) : null}
          <p className="mt-3 text-sm">
            <a className={`${linkClass} break-all`} href={`mailto:${email}`}>
              {email}
            </a>
          </p>
        </div>
        {profiles.length > 0 ? (
          <div>
            <h2 className="font-semibold text-sm text-white">Follow us</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {profiles.map((profile) => (
                <li key={profile.network}>
                  <a className={linkClass} href={profile.href} rel="noopener">
                    {profile.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="font-semibold text-sm text-white">Stay in Aberdeen</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {Object.entries(LANDING_PAGES).map(([to, page]) => (
              <li key={to}>
                <Link className={linkClass} to={to}>
                  {page.heading}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="text-sm">
          <ul className="space-y-1">
            <li>
              <Link className={linkClass} to="/terms-and-conditions">
                Terms and Conditions
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
          </ul>
          {facts.length > 0 ? (
            <p className="mt-3 text-stone-300" data-testid="legal-facts">
              {facts.join(' · ')}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
