/** Online check-in on the guest's manage page: the guest register and the house agreement. */
export { CheckInSection } from './check-in-section.tsx';
