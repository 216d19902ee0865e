import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ACTIVITY_LINKS, SITE } from '../../content/site.ts';
import { ActivitiesMenu } from './activities-menu.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium text-sm transition-colors ${
    isActive ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;

/** The mobile menu's links fill its width and stand 44 px tall, so a thumb hits the one it means. */
const mobileLinkClass = (state: { isActive: boolean }) => `${navLinkClass(state)} flex min-h-11 items-center`;

/** The sticky header of spec section 2: Home, the Activities dropdown, Contact; a menu button on small screens. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Choosing a link in the mobile menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the open mobile menu and puts the keyboard back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-50 border-stone-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="font-serif font-semibold text-stone-900 text-xl tracking-tight">
          {SITE.name}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <ActivitiesMenu />
          <NavLink to="/contact" className={navLinkClass}>
            Contact
          </NavLink>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="rounded-md p-2 text-stone-800 hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
          >
            {menuOpen ? (
              <path strokeWidth="2" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            ) : (
              <path strokeWidth="2" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
            )}
          </svg>
        </button>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-stone-200 border-t bg-white px-4 py-3 md:hidden"
        >
          <ul className="flex flex-col gap-1">
            <li>
              <NavLink to="/" end className={mobileLinkClass}>
                Home
              </NavLink>
            </li>
            {ACTIVITY_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/contact" className={mobileLinkClass}>
                Contact
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin" className={mobileLinkClass}>
                Admin
              </NavLink>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
