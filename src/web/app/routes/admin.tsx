import { AdminDashboard } from '../../features/admin/admin-dashboard.tsx';
import { AdminGate } from '../../features/admin/admin-gate.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'Admin | The Tower',
    description: 'The owner’s admin area.',
    path: '/admin',
    noindex: true,
  });

/** /admin: the login form, or the dashboard once the stored token is verified (spec sections 2 and 4). */
export default function Page() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}
