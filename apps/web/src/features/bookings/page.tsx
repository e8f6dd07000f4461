/** The spec's placeholder screen for /bookings. */
export default function BookingsPage() {
  return <h1 className="text-xl font-semibold">Booking</h1>
}
