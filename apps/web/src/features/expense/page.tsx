// Scaffold: replaced by the area's real screen.
export default function Page() {
  return <h1 className="text-xl font-semibold">Expense</h1>
}
