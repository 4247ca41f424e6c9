import { Todos } from './todos'

// A server component: rendered on the server for every request, with the client component inside.
export const dynamic = 'force-dynamic'

export default function Page() {
  return (
    <main>
      <h1>Next.js App Router</h1>
      <Todos />
    </main>
  )
}
