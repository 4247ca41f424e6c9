import { unitConfig } from '@webmcp-kit/test-config/vitest'

// The scripts Node runs directly (`scripts/`), tested as a user runs them: as child processes.
export default unitConfig('scripts', { include: ['scripts/tests/*.test.ts'], typecheck: false })
