import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { ACTIVITY_PATHS, SEO_LANDING_PATHS } from '../../domain/site-paths.ts';

export default [
  index('routes/home.tsx'),
  route('checkout/:bookingId?', 'routes/checkout.tsx'),
  route('booking-success', 'routes/booking-success.tsx'),
  route('booking/:reference', 'routes/manage-booking.tsx'),
  route('quote/:id', 'routes/quote.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('admin/calendar-sync', 'routes/admin-calendar-sync.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('reviews', 'routes/reviews.tsx'),
  route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  ...SEO_LANDING_PATHS.map((path) => route(path.slice(1), 'routes/landing.tsx', { id: `landing${path}` })),
  ...ACTIVITY_PATHS.map((path) => route(path.slice(1), 'routes/activity.tsx', { id: `activity${path}` })),
  route('download', 'routes/download.tsx'),
  route('files', 'routes/files.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
