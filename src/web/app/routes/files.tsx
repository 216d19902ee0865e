import { ArchiveLink } from '../../features/downloads/archive-link.tsx';
import { DeveloperPage } from '../../features/downloads/developer-page.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Files | The Tower',
    description: 'Website files for deployment.',
    path: '/files',
    noindex: true,
  });

/** Developer helper (spec section 2): one button for the website files archive, with its real size. */
export default function Files() {
  return (
    <DeveloperPage
      title="Website Files"
      intro={
        <>
          The built website, packed by <code className="rounded bg-stone-100 px-1">npm run package</code>.
        </>
      }
    >
      <ArchiveLink id="website" />
    </DeveloperPage>
  );
}
