import { ArchiveLink } from '../../features/downloads/archive-link.tsx';
import { DeveloperPage } from '../../features/downloads/developer-page.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Download | The Tower',
    description: 'Downloads of the site for deployment.',
    path: '/download',
    noindex: true,
  });

/** Developer helper (spec section 2): the three archives `npm run package` builds, with their real sizes. */
export default function Download() {
  return (
    <DeveloperPage
      title="Download"
      intro={
        <>
          Deployment helpers for the site’s developers. The archives are built on the server with{' '}
          <code className="rounded bg-stone-100 px-1">npm run package</code>.
        </>
      }
    >
      <ArchiveLink id="website" />
      <ArchiveLink id="full" />
      <ArchiveLink id="server" />
    </DeveloperPage>
  );
}
