import { useParams, useSearchParams } from 'react-router';
import { QuotePage } from '../../features/enquiries/index.ts';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Your quote | The Tower',
    description: 'The quote the owners of The Tower sent you: accept and pay it online.',
    path: '/quote',
    noindex: true,
  });

/** /quote/{id}?key=…: the owner's quote, opened from the guest's e-mail (no login; the key is the secret). */
export default function Quote() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return <QuotePage id={id} keyParam={search.get('key') ?? ''} />;
}
