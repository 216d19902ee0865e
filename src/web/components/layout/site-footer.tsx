import { Link } from 'react-router';
import { LANDING_PAGES, SITE } from '../../content/site.ts';
import { siteEmail } from '../../lib/runtime-config.ts';
import { useSiteContent } from '../../lib/site-content.ts';

const linkClass = 'underline-offset-2 hover:underline';

export function SiteFooter() {
  const email = siteEmail();
  const { property } = useSiteContent();
  return (
    <footer className="mt-16 border-stone-200 border-t bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-lg text-white">{SITE.name}</p>
          <p className="mt-2 text-sm text-stone-300">{SITE.tagline}.</p>
          <p className="mt-3 text-sm text-stone-300">{property.hashtags.join(' ')}</p>
          <p className="mt-3 text-sm">
            <a className={`${linkClass} break-all`} href={`mailto:${email}`}>
              {email}
            </a>
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-sm text-white">Follow us</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <a className={linkClass} href={property.social.facebook} rel="noopener">
                Facebook
              </a>
            </li>
            <li>
              <a className={linkClass} href={property.social.instagram} rel="noopener">
                Instagram
              </a>
            </li>
            <li>
              <a className={linkClass} href={property.social.tiktok} rel="noopener">
                TikTok
              </a>
            </li>
          </ul>
        </div>
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
          <p className="mt-3 text-stone-300" data-testid="legal-facts">
            Short-term let licence {property.licenceNumber} · Maximum occupancy {property.maxOccupancy} guests
            · EPC rating {property.epcRating}
          </p>
        </div>
      </div>
    </footer>
  );
}
